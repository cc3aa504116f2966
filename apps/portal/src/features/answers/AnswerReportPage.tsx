import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { keepPreviousData, noop, useQuery } from '@tanstack/react-query';
import { getAnswerStatusReportOptions, type StatusReport } from '@acompanha/api-client';
import {
  Card,
  Cell,
  Column,
  DateRangePicker,
  EmptyState,
  InlineAlert,
  Page,
  Radio,
  RadioGroup,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatNumberBR, formatRate, plural } from '../../lib/format';
import { StatusChart } from './charts/StatusChart';
import { isPeriodInvalid, PatientFilter, QuizFilter } from './filters';
import { rateOf } from './format';
import { LinkButton } from '../../lib/LinkButton';
import { StatFigure, StatGrid } from './StatFigure';
import { formatCalendarDate } from '../../lib/dates';
import { delayedOptions, type ReportFilters, reportFiltersFrom, reportQuery, reportSearch } from './reportFilters';
import { DelayedCard } from './DelayedCard';
import { ExportCard } from './ExportCard';

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
