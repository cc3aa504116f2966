import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  copyQuestionMutation,
  deleteQuestionMutation,
  listCategoriesOptions,
  listQuestionsOptions,
  type Question,
  type QuestionType,
  listQuestionsLimits,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Menu,
  Modal,
  Page,
  Pagination,
  Row,
  SearchField,
  Select,
  SelectItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { CategoriesDialog } from './CategoriesDialog';
import { SavedQuestionPreview } from '../question-builder/QuestionPreview';
import { useAccountAppearance } from '../../lib/accountAppearance';
import { usePersisted } from '../../app/store';
import { useDebounced } from '../../lib/useDebounced';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

const PAGE_SIZE = 20;

/** Route loader: the categories for the filters come with the screen. */
export async function questionBankLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...listCategoriesOptions(), staleTime: 'static' }));
  return null;
}
type Origin = 'all' | 'own' | 'default';

/** `/quizzes/questions`: the professional's question bank and the starter library. */
export function QuestionBankPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string>('all');
  const [type, setType] = useState<QuestionType | 'all'>('all');
  const [origin, setOrigin] = useState<Origin>('all');
  const [includeDrafts, setIncludeDrafts] = useState(true);
  const [skip, setSkip] = useState(0);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Question | null>(null);
  const [preview, setPreview] = useState<Question | null>(null);
  const professional = usePersisted((st) => st.session.professional);
  const account = useAccountAppearance();
  const debouncedSearch = useDebounced(search.trim(), 250);

  const query = {
    take: PAGE_SIZE,
    skip,
    origin,
    includeDrafts: includeDrafts ? ('true' as const) : ('false' as const),
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(categoryId !== 'all' ? { categoryId } : {}),
    ...(type !== 'all' ? { type } : {}),
  };
  const questions = useQuery({ ...listQuestionsOptions({ query }), placeholderData: keepPreviousData });
  const categories = useQuery(listCategoriesOptions());
  const categoryName = new Map((categories.data ?? []).map((c) => [c.id, c.name]));

  const copy = useMutation({
    ...copyQuestionMutation(),
    onSuccess: async (copied) => {
      await refreshAfter(queryClient, 'questionBankChanged');
      toastQueue.add({ tone: 'success', title: `“${copied.title}” foi copiada para o seu banco.` });
    },
  });
  const remove = useMutation({
    ...deleteQuestionMutation(),
    onSuccess: async (result) => {
      await refreshAfter(queryClient, 'questionBankChanged');
      setToDelete(null);
      toastQueue.add({
        tone: 'success',
        title:
          result.mode === 'deleted'
            ? 'Pergunta excluída.'
            : 'Pergunta removida do banco. Os questionários que a usam continuam iguais.',
      });
    },
  });

  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setSkip(0);
    };

  const items = questions.data?.items ?? [];
  const total = questions.data?.total ?? 0;

  return (
    <Page
      title="Banco de perguntas"
      description="Suas perguntas e a biblioteca padrão do Acompanha, prontas para montar questionários."
      width="lg"
      actions={
        <>
          <Button variant="secondary" onPress={() => setCategoriesOpen(true)}>
            Categorias
          </Button>
          <Button onPress={() => navigate('/question-builder')}>Nova pergunta</Button>
        </>
      }
    >
      <Stack direction="row" gap={3} wrap align="end">
        <SearchField
          label="Buscar perguntas"
          maxLength={listQuestionsLimits.search.maxLength}
          value={search}
          onChange={resetPage(setSearch)}
          placeholder="Título ou sigla"
        />
        <Select
          label="Categoria"
          selectedKey={categoryId}
          onSelectionChange={(key) => resetPage(setCategoryId)(String(key))}
          items={[{ id: 'all', name: 'Todas as categorias' }, ...(categories.data ?? [])]}
        >
          {(c) => <SelectItem id={c.id}>{c.name}</SelectItem>}
        </Select>
        <Select
          label="Tipo"
          selectedKey={type}
          onSelectionChange={(key) => resetPage(setType)(key as QuestionType | 'all')}
        >
          <SelectItem id="all">Todos os tipos</SelectItem>
          {QUESTION_TYPES.map((t) => (
            <SelectItem key={t} id={t}>
              {QUESTION_TYPE_LABELS[t]}
            </SelectItem>
          ))}
        </Select>
        <Select label="Origem" selectedKey={origin} onSelectionChange={(key) => resetPage(setOrigin)(key as Origin)}>
          <SelectItem id="all">Todas</SelectItem>
          <SelectItem id="own">Minhas perguntas</SelectItem>
          <SelectItem id="default">Biblioteca padrão</SelectItem>
        </Select>
        <Switch isSelected={includeDrafts} onChange={resetPage(setIncludeDrafts)}>
          Mostrar rascunhos
        </Switch>
      </Stack>

      <Table aria-label="Perguntas" reflow>
        <TableHeader>
          <Column id="title" isRowHeader>
            Pergunta
          </Column>
          <Column id="type">Tipo</Column>
          <Column id="category">Categoria</Column>
          <Column id="origin">Origem</Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={questions.isPending}
          loadingLabel="Carregando perguntas…"
          emptyState={
            <EmptyState
              title="Nenhuma pergunta encontrada"
              description="Mude os filtros ou crie uma pergunta nova."
              action={<Button onPress={() => navigate('/question-builder')}>Nova pergunta</Button>}
              headingLevel={2}
            />
          }
        >
          {(q) => (
            <Row id={q.id}>
              <Cell>
                <Stack gap={1}>
                  <Text>{q.title}</Text>
                  {q.acronym ? <Text variant="small">{q.acronym}</Text> : null}
                </Stack>
              </Cell>
              <Cell cardLabel="Tipo">{QUESTION_TYPE_LABELS[q.type]}</Cell>
              <Cell cardLabel="Categoria">{categoryName.get(q.categoryId) ?? '—'}</Cell>
              <Cell cardLabel="Origem">
                {q.isDefault ? (
                  <Badge tone="info">Padrão</Badge>
                ) : q.draft ? (
                  <Badge tone="warning">Rascunho</Badge>
                ) : (
                  <Badge tone="success">Minha</Badge>
                )}
              </Cell>
              <Cell align="end" actions>
                <Menu
                  label={`Ações de ${q.title}`}
                  trigger={<span aria-hidden="true">⋯</span>}
                  items={
                    q.isDefault
                      ? [
                          { id: 'preview', label: 'Pré-visualizar' },
                          { id: 'view', label: 'Ver detalhes' },
                          { id: 'copy', label: 'Copiar para meu banco' },
                        ]
                      : [
                          { id: 'preview', label: 'Pré-visualizar' },
                          { id: 'edit', label: 'Editar' },
                          { id: 'delete', label: 'Excluir', isDanger: true },
                        ]
                  }
                  onAction={(action) => {
                    if (action === 'edit' || action === 'view') navigate(`/question-builder/${q.id}`);
                    if (action === 'preview') setPreview(q);
                    if (action === 'copy') copy.mutate({ path: { id: q.id } });
                    if (action === 'delete') setToDelete(q);
                  }}
                />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination take={PAGE_SIZE} skip={skip} total={total} onChange={setSkip} isDisabled={questions.isFetching} />
      ) : null}

      <Modal
        isOpen={!!preview}
        onOpenChange={(open) => !open && setPreview(null)}
        title="Como o cliente vê"
        isDismissable
      >
        {preview ? (
          <SavedQuestionPreview
            question={preview}
            professionalName={professional?.name ?? 'Sua clínica'}
            appearance={account.appearance}
          />
        ) : null}
      </Modal>
      <CategoriesDialog isOpen={categoriesOpen} onOpenChange={setCategoriesOpen} />
      <Modal
        isOpen={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir pergunta?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDelete(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => toDelete && remove.mutate({ path: { id: toDelete.id } })}
            >
              Excluir
            </Button>
          </>
        }
      >
        <Text>
          “{toDelete?.title}” sai do seu banco. Se algum questionário usa esta pergunta, ele continua igual e as
          respostas já recebidas são mantidas.
        </Text>
      </Modal>
    </Page>
  );
}
