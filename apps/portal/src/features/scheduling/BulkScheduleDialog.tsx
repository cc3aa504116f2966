import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Selection } from 'react-aria-components';
import {
  acknowledgeBulkProcess,
  asApiError,
  bulkInsertSchedules,
  bulkRescheduleSchedules,
  getBulkProcessStatus,
  listPatients,
  listPatientsOptions,
  listServicesOptions,
  type ListPatientsData,
  type Patient,
} from '@acompanha/api-client';
import {
  bulkScheduleMachine,
  isPatientSelected,
  progressPercent,
  selectedCount,
  succeededCount,
  type BulkScheduleMode,
  type BulkStatus,
  type BulkStatusDetail,
  type PatientFilter,
  type RecurrenceDraft,
} from '@acompanha/machines';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  InlineAlert,
  Modal,
  Pagination,
  ProgressBar,
  Row,
  SearchField,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { invalidateOperation } from '../../lib/queries';
import { todaySP } from '../services/format';
import { clientsCount, defaultStart, SCHEDULE_FORM_CODES } from './labels';
import { invalidateSchedules } from './queries';
import { RecurrenceFields } from './RecurrenceFields';

const PAGE_SIZE = 10;
/** The largest page the patient list serves, used to turn "select all" into ids. */
const RESOLVE_PAGE = 100;

type PatientQuery = NonNullable<ListPatientsData['query']>;
interface Filters {
  nameTerm: string;
  status: 'active' | 'all';
  serviceId: string;
}

function filterQuery(f: Filters): Omit<PatientQuery, 'take' | 'skip'> {
  return {
    ...(f.nameTerm ? { nameTerm: f.nameTerm } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.serviceId !== 'all' ? { serviceId: f.serviceId } : {}),
  };
}

/** Every patient id matching `filter`, page by page (a few pages at a time), without `excludedIds`. */
async function resolvePatientIds(filter: PatientFilter, excludedIds: string[]): Promise<string[]> {
  const query = filter as Omit<PatientQuery, 'take' | 'skip'>;
  const page = async (skip: number) => {
    const { data } = await listPatients({ query: { ...query, take: RESOLVE_PAGE, skip }, throwOnError: true });
    return data;
  };
  const first = await page(0);
  const ids = first.items.map((p) => p.id);
  const skips: number[] = [];
  for (let skip = RESOLVE_PAGE; skip < first.total; skip += RESOLVE_PAGE) skips.push(skip);
  for (let i = 0; i < skips.length; i += 4) {
    const pages = await Promise.all(skips.slice(i, i + 4).map(page));
    for (const p of pages) ids.push(...p.items.map((x) => x.id));
  }
  const excluded = new Set(excludedIds);
  return ids.filter((id) => !excluded.has(id));
}

/** Calls whose failures the dialog shows itself (no toast on top). */
const POLL_META = { handledCodes: ['NETWORK_ERROR', 'INTERNAL_ERROR', 'UNKNOWN', 'BULK_PROCESS_IN_PROGRESS'] };
const SUBMIT_META = { handledCodes: [...SCHEDULE_FORM_CODES, 'WRONG_COMMAND_PARAMETERS', 'QUIZ_NOT_FOUND'] };

export interface BulkScheduleDialogProps {
  isOpen: boolean;
  onClose: () => void;
  quiz: { id: string; title: string };
  /** @default 'insert' */
  kind?: BulkScheduleMode;
  /** Patients already chosen (e.g. the selection of a list). */
  patientIds?: string[];
  /** Start at the recurrence step with `patientIds` (they were chosen elsewhere). */
  skipPatientStep?: boolean;
  /** Opened to see the last result: closes once it is acknowledged. */
  isResultOnly?: boolean;
  /** Poll interval, shorter in stories. @default 1000 */
  pollIntervalMs?: number;
}

/**
 * Scheduling a quiz for many patients at once, driven by `bulkScheduleMachine`: choose patients
 * (search, filters, select all) → recurrence → the background process with its progress → the
 * patients it could not schedule → "Entendi" acknowledges the result.
 */
export function BulkScheduleDialog(props: BulkScheduleDialogProps) {
  // Mounted only while open: every opening starts a fresh machine (which first reads the status).
  return props.isOpen ? <BulkFlow {...props} /> : null;
}

function BulkFlow({
  onClose,
  quiz,
  kind = 'insert',
  patientIds,
  skipPatientStep,
  isResultOnly,
  pollIntervalMs = 1000,
}: BulkScheduleDialogProps) {
  const queryClient = useQueryClient();
  const today = todaySP().toString();
  const machine = useMemo(
    () =>
      bulkScheduleMachine.provide({
        actors: {
          getStatus: fromPromise(async ({ input }) => {
            const { data } = await getBulkProcessStatus({
              path: { quizId: input.quizId },
              meta: POLL_META,
              throwOnError: true,
            });
            return data as BulkStatus;
          }),
          resolvePatients: fromPromise(({ input }) => resolvePatientIds(input.filter, input.excludedIds)),
          submit: fromPromise(async ({ input }) => {
            const body = { patientIds: input.patientIds, ...input.recurrence };
            const call = input.kind === 'insert' ? bulkInsertSchedules : bulkRescheduleSchedules;
            const { data } = await call({
              path: { quizId: input.quizId },
              body,
              meta: SUBMIT_META,
              throwOnError: true,
            });
            return data as BulkStatus;
          }),
          acknowledge: fromPromise(async ({ input }) => {
            const { data } = await acknowledgeBulkProcess({
              path: { quizId: input.quizId },
              meta: POLL_META,
              throwOnError: true,
            });
            return data as BulkStatus;
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, {
    input: { quizId: quiz.id, kind, today, patientIds, pollIntervalMs, recurrence: defaultStart() },
  });
  const { context } = state;

  // Patients chosen elsewhere go straight to the recurrence, once the status check lets them.
  const skipped = useRef(false);
  useEffect(() => {
    if (skipPatientStep && !skipped.current && state.matches('choosing')) {
      skipped.current = true;
      send({ type: 'step.next' });
    }
  }, [skipPatientStep, state, send]);

  // New schedules exist once a process ends: every schedule list refreshes.
  const finished = state.matches('done') || state.matches('failed');
  useEffect(() => {
    if (finished) void invalidateSchedules(queryClient);
  }, [finished, queryClient]);

  const sawResult = useRef(false);
  if (finished) sawResult.current = true;
  const leaving =
    state.matches('acknowledged') ||
    state.matches('closed') ||
    (!!isResultOnly && sawResult.current && state.matches('choosing'));
  useEffect(() => {
    if (!leaving) return;
    // Lists that show the process (a banner) read it again.
    void invalidateOperation(queryClient, 'getBulkProcessStatus');
    onClose();
  }, [leaving, onClose, queryClient]);

  const close = () => (state.can({ type: 'bulk.close' }) ? send({ type: 'bulk.close' }) : onClose());
  const title = kind === 'insert' ? `Agendar “${quiz.title}” para vários clientes` : `Reagendar “${quiz.title}”`;
  const count = selectedCount(context.selection);
  const isSending = state.matches('sending');
  let body: ReactNode = null;
  let footer: ReactNode = null;

  if (state.matches('checking')) {
    body = (
      <Stack direction="row" gap={2} align="center">
        <Spinner label="Verificando agendamentos em andamento" />
        <Text as="span">Verificando agendamentos em andamento…</Text>
      </Stack>
    );
  } else if (state.matches('choosing')) {
    body = <ChoosePatients selection={context.selection} send={send} />;
    footer = (
      <>
        <Button variant="secondary" onPress={close}>
          Cancelar
        </Button>
        <Button isDisabled={count === 0} onPress={() => send({ type: 'step.next' })}>
          Continuar
        </Button>
      </>
    );
  } else if (state.matches('recurrence') || isSending) {
    body = (
      <RecurrenceStep
        draft={context.recurrence}
        errors={context.recurrenceErrors}
        showErrors={context.showRecurrenceErrors}
        error={state.matches({ recurrence: 'submitFailed' }) ? context.error : null}
        hasBack={!skipPatientStep}
        today={today}
        isResolving={state.matches({ sending: 'resolving' })}
        sentIds={context.patientIds}
        onChange={(patch) => send({ type: 'recurrence.change', patch })}
      />
    );
    footer = (
      <>
        <Button variant="secondary" onPress={close} isDisabled={isSending}>
          Cancelar
        </Button>
        {skipPatientStep ? null : (
          <Button variant="secondary" onPress={() => send({ type: 'step.back' })} isDisabled={isSending}>
            Voltar
          </Button>
        )}
        <Button onPress={() => send({ type: 'bulk.submit' })} isPending={isSending}>
          {`${kind === 'insert' ? 'Agendar' : 'Reagendar'} para ${clientsCount(count)}`}
        </Button>
      </>
    );
  } else if (state.matches('polling')) {
    body = (
      <Progress
        status={context.status}
        joined={asApiError(context.error).code === 'BULK_PROCESS_IN_PROGRESS' && !context.startedHere}
      />
    );
    footer = (
      <Button
        variant="secondary"
        onPress={() => {
          notifyBulkContinues();
          send({ type: 'bulk.close' });
        }}
      >
        Continuar em segundo plano
      </Button>
    );
  } else if (state.matches('pollFailed')) {
    body = (
      <InlineAlert tone="danger" title="Não conseguimos consultar o andamento">
        O agendamento pode continuar em segundo plano. Verifique sua conexão e tente de novo.
      </InlineAlert>
    );
    footer = <Button onPress={() => send({ type: 'bulk.retry' })}>Tentar novamente</Button>;
  } else if (finished) {
    body = (
      <Result
        status={context.status!}
        isFailed={state.matches('failed')}
        isEarlier={!context.startedHere}
        error={context.error}
      />
    );
    footer = (
      <>
        <Button variant="secondary" onPress={close}>
          Ver depois
        </Button>
        <Button
          onPress={() => send({ type: 'bulk.acknowledge' })}
          isPending={state.matches({ done: 'acknowledging' }) || state.matches({ failed: 'acknowledging' })}
        >
          Entendi
        </Button>
      </>
    );
  }

  return (
    <Modal isOpen onOpenChange={(open) => !open && close()} title={title} size="lg" footer={footer}>
      {body}
    </Modal>
  );
}

type Send = ReturnType<typeof useMachine<typeof bulkScheduleMachine>>[1];

function ChoosePatients({ selection, send }: { selection: Parameters<typeof selectedCount>[0]; send: Send }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>({ nameTerm: '', status: 'active', serviceId: 'all' });
  const [skip, setSkip] = useState(0);
  const nameTerm = useDebounced(search.trim(), 250);
  const effective = { ...filters, nameTerm };
  const query = filterQuery(effective);
  const patients = useQuery({
    ...listPatientsOptions({ query: { ...query, take: PAGE_SIZE, skip } }),
    placeholderData: keepPreviousData,
  });
  const services = useQuery(listServicesOptions({ query: { status: 'active' } }));

  // A new filter: back to the first page, and "all of the previous filter" no longer applies.
  const queryKey = JSON.stringify(query);
  const lastQuery = useRef(queryKey);
  useEffect(() => {
    if (queryKey !== lastQuery.current) {
      lastQuery.current = queryKey;
      setSkip(0);
      send({ type: 'patients.filterChanged' });
    }
  }, [queryKey, send]);

  const items: Patient[] = patients.data?.items ?? [];
  const total = patients.data?.total ?? 0;
  const count = selectedCount(selection);
  const selectedKeys = new Set(items.filter((p) => isPatientSelected(selection, p.id)).map((p) => p.id));
  const pageAllSelected = items.length > 0 && selectedKeys.size === items.length;

  const onSelectionChange = (keys: Selection) => {
    for (const p of items) {
      const want = keys === 'all' || keys.has(p.id);
      if (want !== selectedKeys.has(p.id)) send({ type: 'patients.toggle', patientId: p.id, selected: want });
    }
  };

  return (
    <Stack gap={4}>
      <Text variant="small">Passo 1 de 2 · Escolha os clientes</Text>
      <Stack direction="row" gap={3} wrap align="end">
        <SearchField label="Buscar por nome" value={search} onChange={setSearch} />
        <Select
          label="Situação"
          selectedKey={filters.status}
          onSelectionChange={(k) => setFilters((f) => ({ ...f, status: k as Filters['status'] }))}
        >
          <SelectItem id="active">Ativos</SelectItem>
          <SelectItem id="all">Todos</SelectItem>
        </Select>
        <Select
          label="Serviço ativo"
          selectedKey={filters.serviceId}
          onSelectionChange={(k) => setFilters((f) => ({ ...f, serviceId: String(k) }))}
        >
          {[
            <SelectItem key="all" id="all">
              Qualquer um
            </SelectItem>,
            ...(services.data ?? []).map((s) => (
              <SelectItem key={s.id} id={s.id}>
                {s.name}
              </SelectItem>
            )),
          ]}
        </Select>
      </Stack>

      <div
        role="status"
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 'var(--space-2)',
          minHeight: 36,
        }}
      >
        <Text as="span">
          {selection.all
            ? selection.all.excludedIds.length === 0
              ? `Todos os ${clientsCount(count)} do filtro estão selecionados.`
              : `${clientsCount(count)} do filtro selecionados.`
            : count === 0
              ? 'Nenhum cliente selecionado.'
              : `${count === 1 ? '1 cliente selecionado' : `${count.toLocaleString('pt-BR')} clientes selecionados`}.`}
        </Text>
        {!selection.all && pageAllSelected && total > items.length ? (
          <Button variant="ghost" size="sm" onPress={() => send({ type: 'patients.selectAll', filter: query, total })}>
            {`Selecionar todos os ${clientsCount(total)} do filtro`}
          </Button>
        ) : null}
        {count > 0 ? (
          <Button variant="ghost" size="sm" onPress={() => send({ type: 'patients.clear' })}>
            Limpar seleção
          </Button>
        ) : null}
      </div>

      <Table
        aria-label="Clientes para agendar"
        selectionMode="multiple"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
      >
        <TableHeader selectionLabel="Selecionar clientes">
          <Column id="name" isRowHeader>
            Cliente
          </Column>
          <Column id="service">Serviço atual</Column>
          <Column id="channel">Canal preferido</Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={patients.isPending}
          loadingLabel="Carregando clientes…"
          emptyState={
            <EmptyState title="Nenhum cliente encontrado" description="Mude a busca ou os filtros." headingLevel={3} />
          }
        >
          {(p) => (
            <Row id={p.id} textValue={p.name}>
              <Cell>{p.name}</Cell>
              <Cell>{p.currentService ? p.currentService.name : <Badge tone="warning">Sem serviço ativo</Badge>}</Cell>
              <Cell>{p.preferences.channel === 'email' ? 'E-mail' : 'WhatsApp'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination take={PAGE_SIZE} skip={skip} total={total} onChange={setSkip} isDisabled={patients.isFetching} />
      ) : null}
    </Stack>
  );
}

interface RecurrenceStepProps {
  draft: RecurrenceDraft;
  errors: Parameters<typeof RecurrenceFields>[0]['errors'];
  showErrors: boolean;
  error: unknown;
  /** The patients were chosen in this dialog (step 2 of 2). */
  hasBack: boolean;
  today: string;
  isResolving: boolean;
  sentIds: string[];
  onChange: (patch: Partial<RecurrenceDraft>) => void;
}

/** `details` of a refused bulk request: the positions of unknown patients in what was sent. */
function refusedPatients(error: unknown, sentIds: string[]): string[] {
  const details = asApiError(error).details;
  if (!Array.isArray(details)) return [];
  return details.map((d: { path?: unknown[]; message?: string }) => {
    const index = Array.isArray(d.path) && d.path[0] === 'patientIds' ? Number(d.path[1]) : Number.NaN;
    const id = Number.isInteger(index) ? sentIds[index] : undefined;
    return d.message ?? (id ? `Cliente não encontrado: ${id}.` : 'Cliente não encontrado.');
  });
}

function RecurrenceStep(p: RecurrenceStepProps) {
  const apiError = p.error ? asApiError(p.error) : null;
  const refused = p.error ? refusedPatients(p.error, p.sentIds) : [];
  const fieldCode =
    apiError?.code === 'WRONG_START_DATE' ? 'startDate' : apiError?.code === 'WRONG_HOUR_VALUE' ? 'hour' : null;
  const errors = {
    ...p.errors,
    ...(fieldCode === 'startDate' ? { startDate: 'past' as const } : {}),
    ...(fieldCode === 'hour' ? { hour: 'outOfRange' as const } : {}),
  };

  return (
    <Stack gap={4}>
      <Text variant="small">{p.hasBack ? 'Passo 2 de 2 · Quando e como enviar' : 'Quando e como enviar'}</Text>
      {apiError && !fieldCode ? (
        <InlineAlert
          tone="danger"
          title={refused.length ? 'Alguns clientes não puderam ser incluídos' : 'Não foi possível agendar'}
        >
          <Stack gap={2}>
            <Text as="span">
              {apiError.code === 'WRONG_COMMAND_PARAMETERS' && apiError.message
                ? apiError.message
                : apiError.userMessage}
            </Text>
            {refused.length ? (
              <ul aria-label="Clientes recusados" css={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
                {refused.slice(0, 10).map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
                {refused.length > 10 ? <li>{`e mais ${refused.length - 10}.`}</li> : null}
              </ul>
            ) : null}
            {refused.length && p.hasBack ? (
              <Text as="span">Volte à lista, desmarque esses clientes e tente de novo.</Text>
            ) : null}
          </Stack>
        </InlineAlert>
      ) : null}
      <RecurrenceFields
        value={p.draft}
        onChange={p.onChange}
        today={p.today}
        errors={errors}
        showErrors={p.showErrors || !!fieldCode}
        periodicityError={apiError?.code === 'WRONG_PERIODICITY_TIME' ? apiError.userMessage : undefined}
        channelMode="bulk"
      />
      {p.isResolving ? (
        <Stack direction="row" gap={2} align="center">
          <Spinner label="Reunindo os clientes selecionados" />
          <Text as="span">Reunindo os clientes selecionados…</Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Progress({ status, joined }: { status: BulkStatus | null; joined: boolean }) {
  const percent = progressPercent(status);
  const label =
    status && status.total > 0
      ? `${status.processed.toLocaleString('pt-BR')} de ${clientsCount(status.total)}`
      : 'Aguardando o início…';
  return (
    <Stack gap={4}>
      {joined ? (
        <InlineAlert tone="info">
          Já havia um agendamento em massa em andamento para este questionário. Acompanhe o andamento dele abaixo.
        </InlineAlert>
      ) : null}
      <ProgressBar
        label="Agendando em segundo plano"
        value={percent}
        valueLabel={label}
        isIndeterminate={!status || status.total === 0}
      />
      <Text variant="muted">
        Você pode fechar esta janela: o agendamento continua, e o resultado aparece aqui quando você voltar.
      </Text>
    </Stack>
  );
}

/** What a finished process did to its patients, by kind: "agendado(s)", "excluído(s)"… */
export const BULK_VERBS: Record<NonNullable<BulkStatus['kind']>, [string, string]> = {
  insert: ['agendado', 'agendados'],
  reschedule: ['reagendado', 'reagendados'],
  delete: ['excluído', 'excluídos'],
  'active-state': ['atualizado', 'atualizados'],
};

/** "2 clientes agendados" for a finished process. */
export function bulkResultTitle(status: BulkStatus): string {
  const ok = succeededCount(status);
  const [one, many] = BULK_VERBS[status.kind ?? 'insert'];
  return `${clientsCount(ok)} ${ok === 1 ? one : many}`;
}

function Result(p: { status: BulkStatus; isFailed: boolean; isEarlier: boolean; error: unknown }) {
  const failedCount = p.status.details.length;
  const ackError = p.error ? asApiError(p.error) : null;
  return (
    <Stack gap={4}>
      {p.isEarlier ? (
        <Text variant="muted">
          Resultado da última operação em massa deste questionário. Confira e clique em “Entendi” para continuar.
        </Text>
      ) : null}
      {p.isFailed ? (
        <InlineAlert tone="danger" title="A operação em massa não terminou">
          {`Foram processados ${p.status.processed.toLocaleString('pt-BR')} de ${clientsCount(p.status.total)} antes da falha. Confira a lista e tente de novo para os que faltaram.`}
        </InlineAlert>
      ) : (
        <InlineAlert tone={failedCount ? 'warning' : 'success'} title={bulkResultTitle(p.status)}>
          {failedCount
            ? `${clientsCount(failedCount)} ${failedCount === 1 ? 'ficou' : 'ficaram'} de fora. Veja o motivo abaixo.`
            : 'Todos os clientes selecionados foram processados.'}
        </InlineAlert>
      )}
      {failedCount ? <BulkDetailsTable details={p.status.details} /> : null}
      {ackError ? (
        <InlineAlert tone="danger" role="alert">
          {ackError.userMessage}
        </InlineAlert>
      ) : null}
    </Stack>
  );
}

const DETAILS_PAGE = 5;

/** The patients a process could not handle, five at a time (the dialog keeps its actions in view). */
export function BulkDetailsTable({ details }: { details: BulkStatusDetail[] }) {
  const [skip, setSkip] = useState(0);
  const page = details.slice(skip, skip + DETAILS_PAGE);
  return (
    <Stack gap={2}>
      <Table aria-label="Clientes não agendados">
        <TableHeader>
          <Column id="name" isRowHeader>
            Cliente
          </Column>
          <Column id="reason">Motivo</Column>
        </TableHeader>
        <TableBody items={page.map((d) => ({ ...d, id: d.patientId }))}>
          {(d) => (
            <Row id={d.id} textValue={d.patientName}>
              <Cell>{d.patientName}</Cell>
              <Cell>{d.message}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {details.length > DETAILS_PAGE ? (
        <Pagination
          take={DETAILS_PAGE}
          skip={skip}
          total={details.length}
          onChange={setSkip}
          aria-label="Páginas dos clientes não agendados"
        />
      ) : null}
    </Stack>
  );
}

/** Said when the dialog is closed on a running process (it finishes in the background). */
function notifyBulkContinues() {
  toastQueue.add({ tone: 'info', title: 'O agendamento em massa continua em segundo plano.' }, { timeout: 5000 });
}
