import { useState } from 'react';
import { useActivation } from '../../lib/activation';
import { useLoaderData, useNavigate, useParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient, noop } from '@tanstack/react-query';
import type { Selection } from 'react-aria-components';
import {
  asApiError,
  bulkChangeSchedulesActiveStateMutation,
  bulkDeleteSchedulesMutation,
  getBulkProcessStatusQueryKey,
  getQuizOptions,
  listQuizSchedulesOptions,
  type BulkStatus,
  type ListQuizSchedulesData,
  type QuizSchedule,
  handled,
  type ApiErrorCode,
} from '@acompanha/api-client';
import {
  Breadcrumb,
  Breadcrumbs,
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  Link,
  Modal,
  Page,
  Pagination,
  Row,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { BulkProcessBanner } from './BulkProcessBanner';
import { BulkScheduleDialog } from './BulkScheduleDialog';
import { LastRequestCell, NextDueCell, RecurrenceCell, ScheduleStateBadges } from './cells';
import { clientsCount, isSending } from './labels';
import { copyScheduleLink, ScheduleActions } from './ScheduleActions';
import { ScheduleQuizDialog } from './ScheduleQuizDialog';

const PAGE_SIZE = 20;
const NOT_FOUND_CODES: readonly ApiErrorCode[] = ['QUIZ_NOT_FOUND', 'NOT_FOUND'];
type StatusFilter = NonNullable<NonNullable<ListQuizSchedulesData['query']>['status']> | 'all';

const quizOptions = (quizId: string) => getQuizOptions({ path: { id: quizId }, meta: handled(...NOT_FOUND_CODES) });
const schedulesOptions = (quizId: string, status: StatusFilter, skip: number) =>
  listQuizSchedulesOptions({ query: { quizId, take: PAGE_SIZE, skip, ...(status !== 'all' ? { status } : {}) } });

type LoaderData = { notFound: boolean };

/** Route loader of `/quizzes/links/:quizId`: the quiz and the first page of its schedules. */
export async function quizLinksLoader({
  request,
  params,
}: {
  request: Request;
  params: { quizId?: string };
}): Promise<LoaderData> {
  const quizId = params.quizId ?? '';
  try {
    await loadOrSignIn(request, () => {
      void appQueryClient.query(schedulesOptions(quizId, 'all', 0)).catch(noop);
      return appQueryClient.query({ ...quizOptions(quizId), staleTime: 'static' });
    });
    return { notFound: false };
  } catch (raw) {
    if (raw instanceof Response) throw raw;
    const error = asApiError(raw);
    if (NOT_FOUND_CODES.includes(error.code) || error.status === 404) return { notFound: true };
    throw raw;
  }
}

/** `/quizzes/links/:quizId`: every patient scheduled on a quiz, with the link, the state and the actions. */
export function QuizLinksPage() {
  const { quizId = '' } = useParams();
  const loaded = useLoaderData() as LoaderData | undefined;
  const navigate = useNavigate();
  if (loaded?.notFound)
    return (
      <Page title="Questionário não encontrado">
        <EmptyState
          title="Não encontramos este questionário"
          description="O endereço pode estar errado, ou o questionário foi excluído."
          action={<Button onPress={() => navigate('/quizzes')}>Voltar para Questionários</Button>}
          headingLevel={2}
        />
      </Page>
    );
  return <QuizLinks key={quizId} quizId={quizId} />;
}

type BulkAction = 'enable' | 'disable' | 'delete';

function QuizLinks({ quizId }: { quizId: string }) {
  const { blocked } = useActivation();
  const queryClient = useQueryClient();
  const quiz = useQuery(quizOptions(quizId));
  const [status, setStatus] = useState<StatusFilter>('all');
  const [skip, setSkip] = useState(0);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [confirm, setConfirm] = useState<BulkAction | null>(null);
  const [dialog, setDialog] = useState<'one' | 'many' | 'reschedule' | 'result' | null>(null);
  const schedules = useQuery({
    ...schedulesOptions(quizId, status, skip),
    placeholderData: keepPreviousData,
    // A send under way is read again until it went (the row then says when).
    refetchInterval: (query) => (query.state.data?.items.some((s) => isSending(s)) ? 3000 : false),
  });

  const items = schedules.data?.items ?? [];
  const total = schedules.data?.total ?? 0;
  const chosen: QuizSchedule[] = selected === 'all' ? items : items.filter((s) => selected.has(s.id));
  const title = quiz.data?.title ?? 'Questionário';

  // The 202 answer is the process's status: the banner takes it from there (and polls).
  const started = (status: BulkStatus) => {
    setSelected(new Set());
    setConfirm(null);
    queryClient.setQueryData(getBulkProcessStatusQueryKey({ path: { quizId } }), status);
  };
  const bulkMeta = handled('BULK_PROCESS_IN_PROGRESS');
  const onBulkError = (raw: unknown) => {
    const error = asApiError(raw);
    if (error.code === 'BULK_PROCESS_IN_PROGRESS') {
      toastQueue.add({
        tone: 'error',
        title: 'Já existe uma operação em massa em andamento neste questionário. Aguarde a conclusão.',
      });
      setConfirm(null);
    }
  };
  const activeState = useMutation({
    ...bulkChangeSchedulesActiveStateMutation(),
    onSuccess: started,
    onError: onBulkError,
  });
  const remove = useMutation({ ...bulkDeleteSchedulesMutation(), onSuccess: started, onError: onBulkError });

  const runBulk = (action: BulkAction) => {
    const patientIds = chosen.map((s) => s.patientId);
    if (action === 'delete') remove.mutate({ body: { quizId, patientIds }, meta: bulkMeta });
    else activeState.mutate({ body: { quizId, patientIds, enabled: action === 'enable' }, meta: bulkMeta });
  };

  const n = chosen.length;
  const confirmText: Record<BulkAction, { title: string; body: string; action: string }> = {
    enable: {
      title: `Ativar ${clientsCount(n)}?`,
      body: 'Os envios voltam a seguir o agendamento de cada um, a partir de agora.',
      action: 'Ativar',
    },
    disable: {
      title: `Desativar ${clientsCount(n)}?`,
      body: 'Nenhum envio é feito até você ativar de novo. Os links e as respostas continuam guardados.',
      action: 'Desativar',
    },
    delete: {
      title: `Excluir o agendamento de ${clientsCount(n)}?`,
      body: 'Os envios futuros são cancelados e os links param de funcionar. As respostas já recebidas continuam guardadas.',
      action: 'Excluir',
    },
  };

  return (
    <Stack gap={3}>
      <Breadcrumbs>
        <Breadcrumb href="/quizzes">Questionários</Breadcrumb>
        <Breadcrumb>{title}</Breadcrumb>
      </Breadcrumbs>
      <Page
        title="Links e envios"
        width="lg"
        description={`Todos os clientes com “${title}” agendado: o link de cada um, a situação e os envios.`}
        actions={
          <Stack direction="row" gap={2} wrap>
            <Button variant="secondary" onPress={() => !blocked('Agendar questionário') && setDialog('one')}>
              Agendar para um cliente
            </Button>
            <Button onPress={() => !blocked('Agendar para vários clientes') && setDialog('many')}>
              Agendar para vários
            </Button>
          </Stack>
        }
      >
        <BulkProcessBanner quizId={quizId} onShowResult={() => setDialog('result')} />

        <Stack direction="row" gap={3} wrap align="end">
          <Select
            label="Situação"
            selectedKey={status}
            onSelectionChange={(k) => {
              setStatus(k as StatusFilter);
              setSkip(0);
              setSelected(new Set());
            }}
          >
            <SelectItem id="all">Todos</SelectItem>
            <SelectItem id="enabled">Ativos</SelectItem>
            <SelectItem id="disabled">Desativados</SelectItem>
            <SelectItem id="pending">Aguardando envio</SelectItem>
            <SelectItem id="sent">Enviados sem resposta</SelectItem>
            <SelectItem id="answered">Respondidos</SelectItem>
          </Select>
        </Stack>

        {n > 0 ? (
          <Card role="region" aria-label="Agendamentos selecionados">
            <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
              <Text aria-live="polite">{n === 1 ? '1 cliente selecionado' : `${n} clientes selecionados`}</Text>
              <Stack direction="row" gap={2} wrap>
                <Button variant="ghost" onPress={() => setSelected(new Set())}>
                  Limpar seleção
                </Button>
                <Button variant="secondary" onPress={() => !blocked('Ativar agendamentos') && setConfirm('enable')}>
                  Ativar
                </Button>
                <Button variant="secondary" onPress={() => setConfirm('disable')}>
                  Desativar
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => !blocked('Reagendar questionários') && setDialog('reschedule')}
                >
                  Reagendar
                </Button>
                <Button variant="danger" onPress={() => setConfirm('delete')}>
                  Excluir
                </Button>
              </Stack>
            </Stack>
          </Card>
        ) : null}

        <Table
          reflow
          aria-label={`Clientes com ${title}`}
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
        >
          <TableHeader selectionLabel="Selecionar clientes">
            <Column id="patient" isRowHeader>
              Cliente
            </Column>
            <Column id="link">Link</Column>
            <Column id="recurrence">Frequência</Column>
            <Column id="next">Próximo envio</Column>
            <Column id="last">Último envio</Column>
            <Column id="state">Situação</Column>
            <Column id="actions" align="end">
              Ações
            </Column>
          </TableHeader>
          <TableBody
            items={items}
            isLoading={schedules.isPending}
            loadingLabel="Carregando agendamentos…"
            emptyState={
              <EmptyState
                title={
                  status === 'all' ? 'Nenhum cliente com este questionário ainda' : 'Nenhum agendamento nesta situação'
                }
                description={
                  status === 'all'
                    ? 'Agende o questionário para um ou vários clientes.'
                    : 'Mude a situação para ver os outros.'
                }
                action={
                  status === 'all' ? <Button onPress={() => setDialog('many')}>Agendar para vários</Button> : undefined
                }
                headingLevel={2}
              />
            }
          >
            {(s) => (
              <Row id={s.id} textValue={s.patientName}>
                <Cell>
                  <Link href={`/clients/profile/${s.patientId}`}>{s.patientName}</Link>
                </Cell>
                <Cell actions>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Copiar link de ${s.patientName}`}
                    onPress={() => void copyScheduleLink(s)}
                  >
                    Copiar link
                  </Button>
                </Cell>
                <Cell cardLabel="Frequência">
                  <RecurrenceCell schedule={s} />
                </Cell>
                <Cell cardLabel="Próximo envio">
                  <NextDueCell schedule={s} />
                </Cell>
                <Cell cardLabel="Último envio">
                  <LastRequestCell schedule={s} />
                </Cell>
                <Cell cardLabel="Situação">
                  <ScheduleStateBadges schedule={s} />
                </Cell>
                <Cell align="end" actions>
                  <ScheduleActions schedule={s} subject={s.patientName} />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
        {total > PAGE_SIZE ? (
          <Pagination
            take={PAGE_SIZE}
            skip={skip}
            total={total}
            onChange={(next) => {
              setSkip(next);
              setSelected(new Set());
            }}
            isDisabled={schedules.isFetching}
          />
        ) : null}
      </Page>

      <Modal
        isOpen={!!confirm}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm ? confirmText[confirm].title : ''}
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Voltar
            </Button>
            <Button
              variant={confirm === 'delete' ? 'danger' : 'primary'}
              isPending={activeState.isPending || remove.isPending}
              onPress={() => confirm && runBulk(confirm)}
            >
              {confirm ? confirmText[confirm].action : ''}
            </Button>
          </>
        }
      >
        <Text>{confirm ? confirmText[confirm].body : ''}</Text>
      </Modal>
      <ScheduleQuizDialog isOpen={dialog === 'one'} onClose={() => setDialog(null)} quiz={{ id: quizId, title }} />
      <BulkScheduleDialog
        isOpen={dialog === 'many' || dialog === 'result'}
        onClose={() => setDialog(null)}
        quiz={{ id: quizId, title }}
        isResultOnly={dialog === 'result'}
      />
      <BulkScheduleDialog
        isOpen={dialog === 'reschedule'}
        onClose={() => {
          setDialog(null);
          setSelected(new Set());
        }}
        quiz={{ id: quizId, title }}
        kind="reschedule"
        patientIds={chosen.map((s) => s.patientId)}
        skipPatientStep
      />
    </Stack>
  );
}
