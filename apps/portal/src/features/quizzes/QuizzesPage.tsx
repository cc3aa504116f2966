import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disableQuizMutation,
  duplicateQuizMutation,
  listQuizzesOptions,
  type Quiz,
  listQuizzesLimits,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Link,
  Menu,
  Modal,
  Page,
  Pagination,
  Row,
  SearchField,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { formatDateBR } from '../../lib/format';
import { BulkScheduleDialog } from '../scheduling/BulkScheduleDialog';
import { ScheduleQuizDialog } from '../scheduling/ScheduleQuizDialog';
import { refreshAfter } from '../../lib/refresh';

const PAGE_SIZE = 20;
type Status = 'active' | 'inactive' | 'all';

/** `/quizzes`: the professional's questionnaires — search, status, duplicate, disable. */
export function QuizzesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const [skip, setSkip] = useState(0);
  const [toDisable, setToDisable] = useState<Quiz | null>(null);
  const [scheduling, setScheduling] = useState<{ quiz: Quiz; mode: 'one' | 'many' } | null>(null);
  const debounced = useDebounced(search.trim(), 250);

  const quizzes = useQuery({
    ...listQuizzesOptions({ query: { take: PAGE_SIZE, skip, status, ...(debounced ? { search: debounced } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const duplicate = useMutation({
    ...duplicateQuizMutation(),
    onSuccess: async (copy) => {
      await refreshAfter(queryClient, 'quizChanged');
      toastQueue.add({ tone: 'success', title: `Cópia criada: “${copy.title}”.` });
    },
  });
  const disable = useMutation({
    ...disableQuizMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'quizChanged');
      setToDisable(null);
      toastQueue.add({ tone: 'success', title: 'Questionário desativado. O histórico de respostas foi mantido.' });
    },
  });

  const items = quizzes.data?.items ?? [];
  const total = quizzes.data?.total ?? 0;

  return (
    <Page
      title="Questionários"
      description="Monte questionários com as perguntas do seu banco e envie aos seus clientes."
      width="lg"
      actions={<Button onPress={() => navigate('/quiz-builder')}>Novo questionário</Button>}
    >
      <Stack direction="row" gap={3} wrap align="end">
        <SearchField
          label="Buscar questionários"
          maxLength={listQuizzesLimits.search.maxLength}
          value={search}
          onChange={(v) => {
            setSearch(v);
            setSkip(0);
          }}
        />
        <Select
          label="Situação"
          selectedKey={status}
          onSelectionChange={(k) => {
            setStatus(k as Status);
            setSkip(0);
          }}
        >
          <SelectItem id="active">Ativos</SelectItem>
          <SelectItem id="inactive">Desativados</SelectItem>
          <SelectItem id="all">Todos</SelectItem>
        </Select>
      </Stack>

      <Table aria-label="Questionários" reflow>
        <TableHeader>
          <Column id="title" isRowHeader>
            Questionário
          </Column>
          <Column id="questions" align="end">
            Perguntas
          </Column>
          <Column id="status">Situação</Column>
          <Column id="updated">Atualizado em</Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={quizzes.isPending}
          loadingLabel="Carregando questionários…"
          emptyState={
            <EmptyState
              title={debounced || status !== 'active' ? 'Nenhum questionário encontrado' : 'Nenhum questionário ainda'}
              description={
                debounced || status !== 'active'
                  ? 'Mude a busca ou a situação.'
                  : 'Crie o primeiro questionário com as perguntas da biblioteca.'
              }
              action={<Button onPress={() => navigate('/quiz-builder')}>Novo questionário</Button>}
              headingLevel={2}
            />
          }
        >
          {(quiz) => (
            <Row id={quiz.id}>
              <Cell>
                <Stack gap={1}>
                  {/* The title opens the quiz: its builder, or (disabled, no longer editable) its links and sends. */}
                  <Link href={quiz.isActive ? `/quiz-builder/${quiz.id}` : `/quizzes/links/${quiz.id}`}>
                    {quiz.title}
                  </Link>
                  {quiz.description ? <Text variant="small">{quiz.description}</Text> : null}
                </Stack>
              </Cell>
              <Cell align="end" cardLabel="Perguntas">
                {quiz.questionCount}
              </Cell>
              <Cell cardLabel="Situação">
                {quiz.isActive ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Desativado</Badge>}
              </Cell>
              <Cell cardLabel="Atualizado em">{formatDateBR(quiz.updatedAt)}</Cell>
              <Cell align="end" actions>
                <Menu
                  label={`Ações de ${quiz.title}`}
                  trigger={<span aria-hidden="true">⋯</span>}
                  items={[
                    ...(quiz.isActive
                      ? [
                          { id: 'schedule-one', label: 'Agendar para um cliente' },
                          { id: 'schedule-many', label: 'Agendar para vários clientes' },
                        ]
                      : []),
                    { id: 'links', label: 'Links e envios' },
                    ...(quiz.isActive ? [{ id: 'edit', label: 'Editar' }] : []),
                    { id: 'duplicate', label: 'Duplicar' },
                    ...(quiz.isActive ? [{ id: 'disable', label: 'Desativar', isDanger: true }] : []),
                  ]}
                  onAction={(action) => {
                    if (action === 'schedule-one' || action === 'schedule-many')
                      setScheduling({ quiz, mode: action === 'schedule-one' ? 'one' : 'many' });
                    if (action === 'links') navigate(`/quizzes/links/${quiz.id}`);
                    if (action === 'edit') navigate(`/quiz-builder/${quiz.id}`);
                    if (action === 'duplicate') duplicate.mutate({ path: { id: quiz.id } });
                    if (action === 'disable') setToDisable(quiz);
                  }}
                />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination take={PAGE_SIZE} skip={skip} total={total} onChange={setSkip} isDisabled={quizzes.isFetching} />
      ) : null}

      <ScheduleQuizDialog
        isOpen={scheduling?.mode === 'one'}
        onClose={() => setScheduling(null)}
        quiz={scheduling ? { id: scheduling.quiz.id, title: scheduling.quiz.title } : undefined}
      />
      {scheduling?.mode === 'many' ? (
        <BulkScheduleDialog
          isOpen
          onClose={() => setScheduling(null)}
          quiz={{ id: scheduling.quiz.id, title: scheduling.quiz.title }}
        />
      ) : null}
      <Modal
        isOpen={!!toDisable}
        onOpenChange={(open) => !open && setToDisable(null)}
        title="Desativar questionário?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDisable(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={disable.isPending}
              onPress={() => toDisable && disable.mutate({ path: { id: toDisable.id } })}
            >
              Desativar
            </Button>
          </>
        }
      >
        <Text>
          “{toDisable?.title}” deixa de poder ser enviado. As respostas já recebidas continuam guardadas e você pode
          duplicá-lo depois.
        </Text>
      </Modal>
    </Page>
  );
}
