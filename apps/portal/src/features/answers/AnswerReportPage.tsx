import { useState } from 'react';
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient, noop } from '@tanstack/react-query';
import {
  exportAnswers,
  getAnswerStatusReportOptions,
  listDelayedAnswerRequestsOptions,
  republishAnswerRequestsMutation,
  type GetAnswerStatusReportData,
  type StatusReport,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  Cell,
  Column,
  DateRangePicker,
  EmptyState,
  InlineAlert,
  Link,
  Page,
  Pagination,
  Radio,
  RadioGroup,
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
import { formatDateTimeBR, formatNumberBR, formatRate, plural } from '../../lib/format';
import { StatusChart } from './charts/StatusChart';
import {
  isPeriodInvalid,
  PatientFilter,
  periodFromParams,
  QuizFilter,
  quizFilterOptions,
  type Period,
} from './filters';
import { rateOf } from './format';
import { LinkButton } from './LinkButton';
import { StatFigure, StatGrid } from './StatFigure';
import { formatCalendarDate, last30Days } from '../../lib/dates';
import { downloadBlob, fileNameFromDisposition } from '../../lib/download';
import { CHANNEL_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

const DELAYED_PAGE = 10;

export interface ReportFilters {
  period: Period;
  quizId: string | null;
  patientId: string | null;
  granularity: 'day' | 'week';
}

/** The report's filters from the address (the last 30 days by day when it says nothing). */
export function reportFiltersFrom(params: URLSearchParams): ReportFilters {
  return {
    period: periodFromParams(params) ?? last30Days(),
    quizId: params.get('quizId'),
    patientId: params.get('patientId'),
    granularity: params.get('granularity') === 'week' ? 'week' : 'day',
  };
}

/** The same filters as search params (also the print page's). */
export function reportSearch(f: ReportFilters): URLSearchParams {
  const search = new URLSearchParams({ from: f.period.start.toString(), to: f.period.end.toString() });
  if (f.quizId) search.set('quizId', f.quizId);
  if (f.patientId) search.set('patientId', f.patientId);
  if (f.granularity !== 'day') search.set('granularity', f.granularity);
  return search;
}

export function reportQuery(f: ReportFilters): NonNullable<GetAnswerStatusReportData['query']> {
  return {
    from: f.period.start.toString(),
    to: f.period.end.toString(),
    granularity: f.granularity,
    ...(f.quizId ? { quizId: f.quizId } : {}),
    ...(f.patientId ? { patientId: f.patientId } : {}),
  };
}

const delayedOptions = (f: Pick<ReportFilters, 'quizId' | 'patientId'>, skip: number) =>
  listDelayedAnswerRequestsOptions({
    query: {
      take: DELAYED_PAGE,
      skip,
      ...(f.quizId ? { quizId: f.quizId } : {}),
      ...(f.patientId ? { patientId: f.patientId } : {}),
    },
  });

/** Route loader of `/answers/report`: the report of the filters in the address comes with the screen. */
export async function answerReportLoader({ request }: { request: Request }) {
  const filters = reportFiltersFrom(new URL(request.url).searchParams);
  await loadOrSignIn(request, async () => {
    void appQueryClient.query(delayedOptions(filters, 0)).catch(noop);
    if (!isPeriodInvalid(filters.period))
      await appQueryClient.query({
        ...getAnswerStatusReportOptions({ query: reportQuery(filters) }),
        staleTime: 'static',
      });
  });
  return null;
}

/** Changing a filter rewrites the address; the report fetches by itself, without the page's loader. */
export function shouldRevalidateReport({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

/**
 * `/answers/report` ("Relatório de respostas"): the questionnaires sent in a period and what became
 * of them (chart and tables), the delayed ones to resend with one click, and the export.
 */
export function AnswerReportPage() {
  const [params, setParams] = useSearchParams();
  const filters = reportFiltersFrom(params);
  const invalid = isPeriodInvalid(filters.period);
  const report = useQuery({
    ...getAnswerStatusReportOptions({ query: reportQuery(filters) }),
    enabled: !invalid,
    placeholderData: keepPreviousData,
  });

  function update(change: Partial<ReportFilters>) {
    setParams(reportSearch({ ...filters, ...change }), {
      replace: true,
      state: { quiet: true },
      preventScrollReset: true,
    });
  }

  // While the period is invalid, nothing from the last valid one is shown as if it were this one.
  const data = invalid ? undefined : report.data;
  return (
    <Page
      title="Relatório de respostas"
      width="lg"
      description="Os questionários enviados no período e o que aconteceu com cada um, pelo horário de Brasília."
      actions={
        <LinkButton href={`/print?report=status&${reportSearch(filters).toString()}`} variant="secondary">
          Imprimir relatório
        </LinkButton>
      }
    >
      <Stack direction="row" gap={3} wrap align="end" role="search" aria-label="Filtrar relatório">
        <DateRangePicker
          label="Período"
          isRequired
          value={filters.period}
          onChange={(period) => period && update({ period })}
          isInvalid={invalid}
          errorMessage="Escolha um período de até 366 dias."
        />
        <div css={{ minWidth: 200 }}>
          <QuizFilter quizId={filters.quizId} onChange={(quizId) => update({ quizId })} />
        </div>
        <div css={{ minWidth: 220 }}>
          <PatientFilter patientId={filters.patientId} onChange={(patientId) => update({ patientId })} />
        </div>
        <RadioGroup
          label="Agrupar por"
          orientation="horizontal"
          value={filters.granularity}
          onChange={(g) => update({ granularity: g as 'day' | 'week' })}
        >
          <Radio value="day">Dia</Radio>
          <Radio value="week">Semana</Radio>
        </RadioGroup>
      </Stack>

      {data ? <ReportFigures report={data} /> : null}

      <Card
        title="Envios no período"
        description={data ? `De ${formatCalendarDate(data.from)} a ${formatCalendarDate(data.to)}.` : undefined}
      >
        {invalid ? (
          <InlineAlert tone="warning">Escolha um período de até 366 dias para ver o relatório.</InlineAlert>
        ) : !data ? (
          <Text variant="muted">Carregando relatório…</Text>
        ) : data.totals.total === 0 ? (
          <EmptyState
            title="Nenhum questionário enviado no período"
            description="Escolha outro período ou tire os filtros."
            headingLevel={3}
          />
        ) : (
          <StatusChart report={data} />
        )}
      </Card>

      {data && data.byQuiz.length > 0 ? (
        <Card title="Por questionário">
          <ByQuizTable report={data} />
        </Card>
      ) : null}

      <DelayedCard filters={filters} />
      <ExportCard filters={filters} />
    </Page>
  );
}

function ReportFigures({ report }: { report: StatusReport }) {
  const t = report.totals;
  return (
    <StatGrid label="Resumo do período" minWidth={170}>
      <StatFigure
        label="Taxa de resposta"
        value={formatRate(report.answerRate)}
        hint="Dos envios do período, sem contar os cancelados."
      />
      <StatFigure
        label="Respondidos"
        value={formatNumberBR(t.answered)}
        hint={`de ${plural(t.total, 'envio', 'envios')}`}
      />
      <StatFigure label="Pendentes" value={formatNumberBR(t.pending)} hint="Enviados há menos de 48 horas." />
      <StatFigure label="Atrasados" value={formatNumberBR(t.delayed)} hint="Sem resposta há 48 horas ou mais." />
      <StatFigure
        label="Cancelados e expirados"
        value={formatNumberBR(t.cancelled + t.expired)}
        hint={`${formatNumberBR(t.cancelled)} cancelados, ${formatNumberBR(t.expired)} expirados.`}
      />
    </StatGrid>
  );
}

/** The same counts per quiz. */
export function ByQuizTable({ report }: { report: StatusReport }) {
  return (
    <Table aria-label="Situação dos envios por questionário">
      <TableHeader>
        <Column id="quiz" isRowHeader>
          Questionário
        </Column>
        <Column id="total" align="end">
          Enviados
        </Column>
        <Column id="answered" align="end">
          Respondidos
        </Column>
        <Column id="pending" align="end">
          Pendentes
        </Column>
        <Column id="delayed" align="end">
          Atrasados
        </Column>
        <Column id="cancelled" align="end">
          Cancelados
        </Column>
        <Column id="expired" align="end">
          Expirados
        </Column>
        <Column id="rate" align="end">
          Taxa de resposta
        </Column>
      </TableHeader>
      <TableBody items={report.byQuiz.map((q) => ({ ...q, id: q.quizId }))}>
        {(q) => (
          <Row id={q.quizId}>
            <Cell>{q.quizTitle}</Cell>
            <Cell align="end">{formatNumberBR(q.total)}</Cell>
            <Cell align="end">{formatNumberBR(q.answered)}</Cell>
            <Cell align="end">{formatNumberBR(q.pending)}</Cell>
            <Cell align="end">{formatNumberBR(q.delayed)}</Cell>
            <Cell align="end">{formatNumberBR(q.cancelled)}</Cell>
            <Cell align="end">{formatNumberBR(q.expired)}</Cell>
            <Cell align="end">{formatRate(rateOf(q))}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

/** Whole days since an instant ("hoje", "1 dia", "3 dias"). */
function daysSince(iso: string): string {
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));
  return days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${days} dias`;
}

/** Requests sent 48 hours ago or more and not answered, each resent with one press (with a new PIN). */
function DelayedCard({ filters }: { filters: ReportFilters }) {
  const queryClient = useQueryClient();
  const [skip, setSkip] = useState(0);
  const [resending, setResending] = useState<string | null>(null);
  const key = `${filters.quizId}|${filters.patientId}`;
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    setSkip(0);
  }
  const delayed = useQuery({ ...delayedOptions(filters, skip), placeholderData: keepPreviousData });
  const items = delayed.data?.items ?? [];
  const total = delayed.data?.total ?? 0;
  const resend = useMutation({
    ...republishAnswerRequestsMutation(),
    onMutate: (vars) => setResending(vars.body.schedules[0]?.scheduleId ?? null),
    onSettled: () => setResending(null),
    onSuccess: async (res, vars) => {
      await refreshAfter(queryClient, 'lateRequestsResent');
      const name = items.find((r) => r.id === vars.body.schedules[0]?.scheduleId)?.patientName ?? 'O cliente';
      if (res.resent > 0)
        toastQueue.add(
          { tone: 'success', title: `Questionário reenviado para ${name} com um novo PIN.` },
          { timeout: 5000 },
        );
      else if (res.details[0])
        toastQueue.add({ tone: 'error', title: `${name}: ${res.details[0].message}` }, { timeout: 6000 });
    },
  });

  return (
    <Card
      title="Respostas atrasadas"
      description="Questionários enviados há 48 horas ou mais e ainda sem resposta. Reenvie com um clique: o cliente recebe o link de novo, com um novo PIN."
    >
      <Table aria-label="Respostas atrasadas">
        <TableHeader>
          <Column id="patient" isRowHeader>
            Cliente
          </Column>
          <Column id="quiz">Questionário</Column>
          <Column id="sent">Enviado em</Column>
          <Column id="late" align="end">
            Sem resposta há
          </Column>
          <Column id="progress">Andamento</Column>
          <Column id="attempts" align="end">
            Envios
          </Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={items}
          // The row being resent shows its spinner: re-render the rows when that changes.
          dependencies={[resending, resend.isPending]}
          isLoading={delayed.isPending}
          loadingLabel="Carregando respostas atrasadas…"
          emptyState={
            <EmptyState
              title="Nenhuma resposta atrasada"
              description="Todos os questionários enviados há mais de 48 horas foram respondidos."
              headingLevel={3}
            />
          }
        >
          {(r) => (
            <Row id={r.id} textValue={`${r.patientName} — ${r.quizTitle}`}>
              <Cell>
                <Link href={`/clients/profile/${r.patientId}`}>{r.patientName}</Link>
              </Cell>
              <Cell>{r.quizTitle}</Cell>
              <Cell>
                {formatDateTimeBR(r.sentAt)}
                <Text as="span" variant="small">{` · ${CHANNEL_LABELS[r.channel]}`}</Text>
              </Cell>
              <Cell align="end">{daysSince(r.sentAt)}</Cell>
              <Cell>{r.started ? 'Começou a responder' : 'Não começou'}</Cell>
              <Cell align="end">{r.attempts.toLocaleString('pt-BR')}</Cell>
              <Cell align="end">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Reenviar para ${r.patientName}`}
                  isPending={resending === r.id}
                  isDisabled={resend.isPending && resending !== r.id}
                  onPress={() => resend.mutate({ body: { schedules: [{ scheduleId: r.id }] } })}
                >
                  Reenviar
                </Button>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > DELAYED_PAGE ? (
        <Pagination
          take={DELAYED_PAGE}
          skip={skip}
          total={total}
          onChange={setSkip}
          isDisabled={delayed.isFetching}
          aria-label="Páginas de respostas atrasadas"
        />
      ) : null}
    </Card>
  );
}

type ExportStatus = 'all' | 'pending' | 'completed';
const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = {
  all: 'Todas as respostas',
  pending: 'Respostas aguardando revisão',
  completed: 'Respostas aprovadas',
};

/** "Exportar CSV" / "Exportar XLSX": one row per answer, one column per question of the chosen quiz. */
function ExportCard({ filters }: { filters: ReportFilters }) {
  const [pending, setPending] = useState<'csv' | 'xlsx' | null>(null);
  const [status, setStatus] = useState<ExportStatus>('all');
  const quizzes = useQuery(quizFilterOptions());
  const quiz = quizzes.data?.items.find((q) => q.id === filters.quizId);
  const invalid = isPeriodInvalid(filters.period);
  const from = filters.period.start.toString();
  const to = filters.period.end.toString();

  async function download(format: 'csv' | 'xlsx') {
    if (!filters.quizId) return;
    setPending(format);
    try {
      const query = { quizId: filters.quizId, from, to, format, ...(status === 'all' ? {} : { status }) };
      const { data, response } = await exportAnswers({ query, parseAs: 'blob', throwOnError: true });
      const fallback = `respostas-${from}-a-${to}.${format}`;
      downloadBlob(
        data as unknown as Blob,
        fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback,
      );
      toastQueue.add(
        { tone: 'success', title: format === 'csv' ? 'Planilha CSV baixada.' : 'Planilha XLSX baixada.' },
        { timeout: 4000 },
      );
    } catch {
      // the central handler already showed the toast
    } finally {
      setPending(null);
    }
  }

  return (
    <Card
      title="Exportar respostas"
      description="Uma linha por resposta e uma coluna por pergunta, com as respostas do período. O CSV abre no Excel com acentos."
    >
      {filters.quizId ? (
        <Text>
          {`${EXPORT_STATUS_TEXT[status]} de “${quiz?.title ?? 'questionário escolhido'}” de ${formatCalendarDate(from)} a ${formatCalendarDate(to)}.`}
        </Text>
      ) : (
        <InlineAlert tone="info" id="export-needs-quiz">
          Para exportar, escolha um questionário no filtro “Questionário” acima: cada coluna da planilha é uma pergunta
          dele.
        </InlineAlert>
      )}
      <div css={{ maxWidth: 260 }}>
        <Select
          label="Respostas a exportar"
          selectedKey={status}
          onSelectionChange={(key) => setStatus((key ?? 'all') as ExportStatus)}
        >
          <SelectItem id="all">Todas</SelectItem>
          <SelectItem id="pending">Aguardando revisão</SelectItem>
          <SelectItem id="completed">Aprovadas</SelectItem>
        </Select>
      </div>
      <Stack direction="row" gap={2} wrap>
        <Button
          variant="secondary"
          isDisabled={!filters.quizId || invalid || (pending !== null && pending !== 'csv')}
          isPending={pending === 'csv'}
          aria-describedby={filters.quizId ? undefined : 'export-needs-quiz'}
          onPress={() => void download('csv')}
        >
          Exportar CSV
        </Button>
        <Button
          variant="secondary"
          isDisabled={!filters.quizId || invalid || (pending !== null && pending !== 'xlsx')}
          isPending={pending === 'xlsx'}
          aria-describedby={filters.quizId ? undefined : 'export-needs-quiz'}
          onPress={() => void download('xlsx')}
        >
          Exportar XLSX
        </Button>
      </Stack>
    </Card>
  );
}
