import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { listCategoriesOptions, listQuestionsOptions, type Question, type QuestionType } from '@acompanha/api-client';
import type { ChosenQuestion, QuizFlowchartEvent } from '@acompanha/machines';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  EmptyState,
  IconButton,
  IconChevronDown,
  IconClose,
  SearchField,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { alternativesOf } from './quizDraft';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from '../../lib/labels';

/** A page of the bank: the most the API gives at once. */
const BANK_PAGE = 100;
/** The bank query the loader prefetches (no filter, first page): the first screen opens with it. */
export const BANK_QUERY = { take: BANK_PAGE, includeDrafts: 'false' as const };

export interface FlowchartEditorProps {
  chosenQuestions: ChosenQuestion[];
  /** Every question known so far (the quiz's and the bank's), by id. */
  questions: Map<string, Question>;
  send: (event: QuizFlowchartEvent) => void;
  /** Bank results, so the page can tell the machine about them. */
  onBankLoaded: (questions: Question[]) => void;
  isDisabled?: boolean;
}

const listStyles = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--space-3)',
} as const;

/**
 * The bank scrolls in its own box: the questions of the quiz, below it on narrow screens, stay a
 * short scroll away. The box takes focus, so it scrolls from the keyboard even when every button in
 * it is disabled.
 */
const bankBoxStyles = {
  maxHeight: 'min(36rem, 70vh)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Room for the buttons' focus rings inside the box.
  padding: 'var(--space-1)',
  margin: 'calc(-1 * var(--space-1))',
  borderRadius: 'var(--radius-md)',
  '&:focus-visible': { outline: '2px solid var(--color-focus)', outlineOffset: 2 },
} as const;

const itemStyles = {
  border: '1px solid var(--color-border)',
  borderRadius: 'var(--radius-md)',
  padding: 'var(--space-3)',
  background: 'var(--color-surface)',
} as const;

/** The 'Perguntas' tab: the bank on one side, the ordered flowchart on the other. */
export function FlowchartEditor({ chosenQuestions, questions, send, onBankLoaded, isDisabled }: FlowchartEditorProps) {
  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-4)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))',
        alignItems: 'start',
      }}
    >
      <QuestionBank
        chosenIds={new Set(chosenQuestions.map((c) => c.id))}
        send={send}
        onLoaded={onBankLoaded}
        isDisabled={isDisabled}
      />
      <ChosenList chosenQuestions={chosenQuestions} questions={questions} send={send} isDisabled={isDisabled} />
    </div>
  );
}

function QuestionBank({
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
        <SearchField label="Buscar no banco" value={search} onChange={setSearch} placeholder="Título ou sigla" />
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

function ArrowIcon({ up }: { up?: boolean }) {
  return (
    <span aria-hidden="true" css={{ display: 'inline-flex', transform: up ? 'rotate(180deg)' : undefined }}>
      <IconChevronDown />
    </span>
  );
}

function ChosenList({
  chosenQuestions,
  questions,
  send,
  isDisabled,
}: {
  chosenQuestions: ChosenQuestion[];
  questions: Map<string, Question>;
  send: FlowchartEditorProps['send'];
  isDisabled?: boolean;
}) {
  const [announcement, setAnnouncement] = useState('');
  // After a keyboard move the item changes place; focus follows the button that was pressed.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const titleOf = (id: string) => questions.get(id)?.title ?? 'Pergunta';

  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const item = listRef.current.querySelector<HTMLElement>(`[data-question-id="${focusAfterMove.id}"]`);
    const buttons = Array.from(item?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    const label = focusAfterMove.direction === 'up' ? 'Mover para cima' : 'Mover para baixo';
    // At the top or bottom the pressed button is disabled; the other move button takes focus.
    const target =
      buttons.find((b) => b.getAttribute('aria-label')?.startsWith(label)) ??
      buttons.find((b) => b.getAttribute('aria-label')?.startsWith('Mover'));
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, chosenQuestions]);

  function moveBy(id: string, direction: 'up' | 'down') {
    const from = chosenQuestions.findIndex((c) => c.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    send({ type: direction === 'up' ? 'question.moveUp' : 'question.moveDown', questionId: id });
    setFocusAfterMove({ id, direction });
    setAnnouncement(`“${titleOf(id)}” agora é a pergunta ${to + 1} de ${chosenQuestions.length}.`);
  }

  return (
    <Card title="Perguntas do questionário" description="A ordem abaixo é a ordem em que o cliente responde.">
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {chosenQuestions.length === 0 ? (
        <EmptyState
          title="Nenhuma pergunta no questionário"
          description="Adicione perguntas do banco para montar o fluxo."
          headingLevel={3}
        />
      ) : (
        <ol aria-label="Ordem das perguntas" css={listStyles} ref={listRef}>
          {chosenQuestions.map((chosen, index) => {
            const q = questions.get(chosen.id);
            const title = titleOf(chosen.id);
            const titleId = `chosen-${chosen.id}`;
            return (
              <li key={chosen.id} aria-labelledby={titleId} data-question-id={chosen.id} css={itemStyles}>
                <Stack gap={3}>
                  <Stack direction="row" gap={3} align="start" justify="space-between">
                    <Stack direction="row" gap={3} align="start">
                      <span
                        aria-hidden="true"
                        css={{
                          flex: 'none',
                          display: 'inline-grid',
                          placeItems: 'center',
                          width: 28,
                          height: 28,
                          borderRadius: 'var(--radius-full)',
                          background: 'var(--color-surface-muted)',
                          fontWeight: 600,
                        }}
                      >
                        {index + 1}
                      </span>
                      <Stack gap={1}>
                        <Text as="span" id={titleId}>
                          <VisuallyHidden>{`Pergunta ${index + 1}: `}</VisuallyHidden>
                          {title}
                        </Text>
                        <Stack direction="row" gap={2} wrap align="center">
                          <Text as="span" variant="small">
                            {q ? QUESTION_TYPE_LABELS[q.type] : '—'}
                          </Text>
                          {chosen.enabled ? null : <Badge tone="warning">Desativada</Badge>}
                        </Stack>
                      </Stack>
                    </Stack>
                    <Stack direction="row" gap={1}>
                      <IconButton
                        aria-label={`Mover para cima: ${title}`}
                        icon={<ArrowIcon up />}
                        isDisabled={index === 0 || isDisabled}
                        onPress={() => moveBy(chosen.id, 'up')}
                      />
                      <IconButton
                        aria-label={`Mover para baixo: ${title}`}
                        icon={<ArrowIcon />}
                        isDisabled={index === chosenQuestions.length - 1 || isDisabled}
                        onPress={() => moveBy(chosen.id, 'down')}
                      />
                      <IconButton
                        aria-label={`Remover do questionário: ${title}`}
                        icon={<IconClose />}
                        isDisabled={isDisabled}
                        onPress={() => {
                          send({ type: 'question.remove', questionId: chosen.id });
                          setAnnouncement(`“${title}” foi removida do questionário.`);
                        }}
                      />
                    </Stack>
                  </Stack>
                  <Switch
                    isSelected={chosen.enabled}
                    isDisabled={isDisabled}
                    onChange={(enabled) => send({ type: 'question.setEnabled', questionId: chosen.id, enabled })}
                  >
                    Ativa no questionário
                  </Switch>
                  <SubQuestionChoices
                    chosen={chosen}
                    question={q}
                    questions={questions}
                    send={send}
                    isDisabled={isDisabled}
                  />
                </Stack>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function SubQuestionChoices({
  chosen,
  question,
  questions,
  send,
  isDisabled,
}: {
  chosen: ChosenQuestion;
  question: Question | undefined;
  questions: Map<string, Question>;
  send: FlowchartEditorProps['send'];
  isDisabled?: boolean;
}) {
  const offers = alternativesOf(question).flatMap((alt) => alt.subQuestionIds.map((subId) => ({ alt, subId })));
  if (offers.length === 0) return null;
  const selected = new Set(chosen.subquestions.map((s) => s.id));
  return (
    <div
      role="group"
      aria-label={`Perguntas complementares de “${question?.title ?? ''}”`}
      css={{ display: 'grid', gap: 'var(--space-2)' }}
    >
      <Text variant="small">Perguntas complementares</Text>
      {offers.map(({ alt, subId }) => {
        const sub = questions.get(subId);
        const subTitle = sub?.title ?? 'Pergunta complementar';
        return (
          <Checkbox
            key={`${alt.id}-${subId}`}
            isSelected={selected.has(subId)}
            isDisabled={isDisabled || sub?.draft}
            description={sub?.draft ? 'Rascunho: conclua a pergunta no banco para poder incluí-la.' : undefined}
            onChange={() => send({ type: 'subquestion.toggle', questionId: chosen.id, subquestionId: subId })}
          >
            {`Incluir “${subTitle}” quando a resposta for “${alt.label}”`}
          </Checkbox>
        );
      })}
    </div>
  );
}
