/** The flowchart's bank side: search and filter the professional's questions, add one to the quiz. */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import {
  listCategoriesOptions,
  listQuestionsOptions,
  type Question,
  type QuestionType,
  listQuestionsLimits,
} from '@acompanha/api-client';
import { Badge, Button, Card, EmptyState, SearchField, Select, SelectItem, Spinner, Stack, Text } from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from '../../lib/labels';
import {
  BANK_PAGE,
  BANK_QUERY,
  bankBoxStyles,
  type FlowchartEditorProps,
  itemStyles,
  listStyles,
} from './flowchartKit';

export function QuestionBank({
  chosenIds,
  send,
  onLoaded,
  isDisabled,
}: {
  chosenIds: Set<string>;
  send: FlowchartEditorProps['send'];
  onLoaded: (q: Question[]) => void;
  isDisabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<QuestionType | 'all'>('all');
  const [categoryId, setCategoryId] = useState('all');
  const term = useDebounced(search.trim(), 250);
  const query = {
    ...BANK_QUERY,
    ...(term ? { search: term } : {}),
    ...(type !== 'all' ? { type } : {}),
    ...(categoryId !== 'all' ? { categoryId } : {}),
  };
  // "Mostrar mais" adds a page; new filters start again from the first page.
  const filterKey = JSON.stringify(query);
  const [more, setMore] = useState({ filterKey, pages: 1 });
  const pageCount = more.filterKey === filterKey ? more.pages : 1;
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, page) => ({
      ...listQuestionsOptions({ query: { ...query, skip: page * BANK_PAGE } }),
      // The first page stays on screen while a new search loads.
      ...(page === 0 ? { placeholderData: keepPreviousData } : {}),
    })),
  });
  const bank = pages[0]!;
  const categories = useQuery(listCategoriesOptions());
  const loaded = pages.flatMap((p) => p.data?.items ?? []);
  const total = bank.data?.total ?? 0;
  const isLoadingMore = pages.slice(1).some((p) => p.isPending);

  const loadedKey = pages.map((p) => p.dataUpdatedAt).join();
  useEffect(() => {
    for (const page of pages) if (page.data) onLoaded(page.data.items);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page that (re)loads
  }, [loadedKey, onLoaded]);

  // Drafts are kept in the bank but never go into a quiz.
  const items = loaded.filter((q) => !q.draft);

  return (
    <Card title="Banco de perguntas" description="Escolha as perguntas que entram neste questionário.">
      <Stack gap={3}>
        <SearchField
          label="Buscar no banco"
          value={search}
          onChange={setSearch}
          placeholder="Título ou sigla"
          maxLength={listQuestionsLimits.search.maxLength}
        />
        <Stack direction="row" gap={3} wrap>
          <Select label="Tipo" selectedKey={type} onSelectionChange={(key) => setType(key as QuestionType | 'all')}>
            <SelectItem id="all">Todos os tipos</SelectItem>
            {QUESTION_TYPES.map((t) => (
              <SelectItem key={t} id={t}>
                {QUESTION_TYPE_LABELS[t]}
              </SelectItem>
            ))}
          </Select>
          <Select
            label="Categoria"
            selectedKey={categoryId}
            onSelectionChange={(key) => setCategoryId(String(key))}
            items={[{ id: 'all', name: 'Todas as categorias' }, ...(categories.data ?? [])]}
          >
            {(c) => <SelectItem id={c.id}>{c.name}</SelectItem>}
          </Select>
        </Stack>
        {bank.isPending ? (
          <Spinner label="Carregando perguntas" />
        ) : items.length === 0 ? (
          <EmptyState title="Nenhuma pergunta encontrada" description="Mude a busca ou os filtros." headingLevel={3} />
        ) : (
          // A scrolling region is reachable by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <div role="region" aria-label="Resultados do banco" tabIndex={0} css={bankBoxStyles}>
            <ul aria-label="Perguntas do banco" css={listStyles}>
              {items.map((q) => {
                const added = chosenIds.has(q.id);
                return (
                  <li key={q.id} css={itemStyles}>
                    <Stack direction="row" gap={3} align="center" justify="space-between">
                      <Stack gap={1}>
                        <Text as="span">{q.title}</Text>
                        <Stack direction="row" gap={2} wrap>
                          <Text as="span" variant="small">
                            {QUESTION_TYPE_LABELS[q.type]}
                          </Text>
                          {q.isDefault ? <Badge tone="info">Padrão</Badge> : null}
                        </Stack>
                      </Stack>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={added ? `Adicionada: ${q.title}` : `Adicionar: ${q.title}`}
                        isDisabled={added || isDisabled}
                        onPress={() => send({ type: 'question.add', questionId: q.id })}
                      >
                        {added ? 'Adicionada' : 'Adicionar'}
                      </Button>
                    </Stack>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {!bank.isPending && total > loaded.length ? (
          <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
            <Text variant="muted" aria-live="polite">
              Mostrando {loaded.length} de {total} perguntas.
            </Text>
            <Button
              variant="secondary"
              size="sm"
              isPending={isLoadingMore}
              onPress={() => setMore({ filterKey, pages: pageCount + 1 })}
            >
              Mostrar mais perguntas
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
