import { useQuery, noop } from '@tanstack/react-query';
import {
  getAnswerStatusReportOptions,
  getDashboardSummaryOptions,
  listDelayedAnswerRequestsOptions,
} from '@acompanha/api-client';
import { BarChart, Card, EmptyState, Heading, Link, Page, Spinner, Stack, Text } from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient } from '../../app/queryClient';
import { formatBRL, formatDateBR, formatNumberBR, formatRate } from '../../lib/format';
import { StatFigure, StatGrid } from '../answers/StatFigure';
import { pendingCountOptions } from '../../lib/queries';

/** The answer figures: pending total (the drawer badge's query), delayed total, the last 30 days' report. */
const delayedCountOptions = () => listDelayedAnswerRequestsOptions({ query: { take: 1, skip: 0 } });
const last30DaysReportOptions = () => getAnswerStatusReportOptions();

export async function dashboardLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, async () => {
    // The answer figures are welcome but not required: they load beside the summary and never fail the page.
    void queryClient.query(pendingCountOptions()).catch(noop);
    void queryClient.query(delayedCountOptions()).catch(noop);
    void queryClient.query(last30DaysReportOptions()).catch(noop);
    await queryClient.query({ ...getDashboardSummaryOptions(), staleTime: 'static' });
  });
  return null;
}

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

const Figure = StatFigure;

/** Answers waiting for review, delayed answers and the answer rate of the last 30 days. */
function AnswerFigures() {
  const pending = useQuery(pendingCountOptions());
  const delayed = useQuery(delayedCountOptions());
  const report = useQuery(last30DaysReportOptions());
  const count = (q: { data?: { total: number }; isError: boolean }) =>
    q.data ? formatNumberBR(q.data.total) : q.isError ? '—' : '…';
  return (
    <section
      aria-labelledby="dashboard-answers"
      css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}
    >
      <Heading level={2} size={4} id="dashboard-answers">
        Respostas
      </Heading>
      <StatGrid>
        <Figure
          label="Aguardando revisão"
          value={count(pending)}
          hint="Questionários respondidos que você ainda não aprovou."
          action={
            <Link variant="standalone" href="/answers/received">
              Revisar respostas
            </Link>
          }
        />
        <Figure
          label="Respostas atrasadas"
          value={count(delayed)}
          hint="Enviados há 48 horas ou mais, sem resposta."
          action={
            <Link variant="standalone" href="/answers/report">
              Ver e reenviar
            </Link>
          }
        />
        <Figure
          label="Taxa de resposta (30 dias)"
          value={report.data ? formatRate(report.data.answerRate) : report.isError ? '—' : '…'}
          hint={
            report.data
              ? report.data.answerRate === null
                ? 'Nenhum questionário enviado nos últimos 30 dias.'
                : `${formatNumberBR(report.data.totals.answered)} de ${formatNumberBR(report.data.totals.total - report.data.totals.cancelled)} envios respondidos.`
              : undefined
          }
          action={
            <Link variant="standalone" href="/answers/report">
              Ver relatório
            </Link>
          }
        />
      </StatGrid>
    </section>
  );
}

/** `/dashboard`: the practice at a glance — patients, this month's sales, services about to end. */
export function DashboardPage() {
  const { data, isPending } = useQuery(getDashboardSummaryOptions());
  if (isPending || !data) return <Spinner label="Carregando painel" />;

  const monthName = MONTHS[Number(data.sales.month.slice(5, 7)) - 1];
  const chart = data.sales.byDay.map((d) => ({ label: d.date.slice(8, 10), value: d.netCents }));

  return (
    <Page
      title="Painel"
      description={`Resumo de ${monthName} até hoje, ${formatDateBR(`${data.today}T12:00:00Z`)}.`}
      width="lg"
    >
      <StatGrid>
        <Figure label="Clientes ativos" value={data.patients.active.toLocaleString('pt-BR')} />
        <Figure label="Novos clientes no mês" value={data.patients.newThisMonth.toLocaleString('pt-BR')} />
        <Figure
          label="Vendas no mês"
          value={data.sales.count.toLocaleString('pt-BR')}
          hint={data.sales.refundsCents > 0 ? `Reembolsos: ${formatBRL(data.sales.refundsCents)}` : undefined}
        />
        <Figure
          label="Faturamento líquido no mês"
          value={formatBRL(data.sales.netCents)}
          hint={`Bruto: ${formatBRL(data.sales.grossCents)}`}
        />
      </StatGrid>
      <AnswerFigures />
      <Card>
        <BarChart
          title={`Faturamento por dia em ${monthName}`}
          data={chart}
          formatValue={formatBRL}
          labelHeader="Dia"
          valueHeader="Faturamento líquido"
        />
      </Card>
      <Card
        title="Serviços perto do fim"
        description="Clientes ativos cujo serviço termina nos próximos 14 dias, sem renovação vendida."
      >
        {data.expiringServices.length === 0 ? (
          <EmptyState
            title="Nenhum serviço terminando"
            description="Quando um serviço estiver perto do fim, ele aparece aqui."
            headingLevel={3}
          />
        ) : (
          <Stack as="ul" gap={2} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.expiringServices.map((s) => (
              <li key={s.patientId}>
                <Stack direction="row" gap={3} justify="space-between" wrap>
                  <Link href={`/clients/profile/${s.patientId}`}>{s.patientName}</Link>
                  <Text variant="muted">
                    {s.serviceName} · termina em {s.daysLeft === 1 ? '1 dia' : `${s.daysLeft} dias`} (
                    {formatDateBR(`${s.endsAt}T12:00:00Z`)})
                  </Text>
                </Stack>
              </li>
            ))}
          </Stack>
        )}
      </Card>
    </Page>
  );
}
