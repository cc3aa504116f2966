import { useQuery } from '@tanstack/react-query';
import { getDashboardSummaryOptions, type DashboardSummary } from '@acompanha/api-client';
import {
  BarChart,
  Card,
  EmptyState,
  Heading,
  IconCheck,
  Link,
  Page,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@acompanha/ui';
import { formatBRL, formatNumberBR, formatRate } from '../../lib/format';
import { formatCalendarDate, serviceEndPhrase } from '../../lib/dates';
import { StatFigure, StatGrid } from '../answers/StatFigure';
import { pendingCountOptions } from '../../lib/queries';
import { delayedCountOptions, last30DaysReportOptions } from './dashboardLoader';

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

type FirstStepsState = DashboardSummary['firstSteps'];

const FIRST_STEPS: { key: keyof FirstStepsState; title: string; description: string; href: string; action: string }[] =
  [
    {
      key: 'clientAdded',
      title: 'Cadastre seu primeiro cliente',
      description: 'Nome e WhatsApp ou e-mail bastam para começar; importe uma planilha se já tiver muitos.',
      href: '/clients',
      action: 'Cadastrar cliente',
    },
    {
      key: 'quizCreated',
      title: 'Monte um questionário',
      description: 'Escolha perguntas do banco (ou crie as suas) e veja como o cliente vai respondê-lo.',
      href: '/quiz-builder',
      action: 'Montar questionário',
    },
    {
      key: 'saleRegistered',
      title: 'Registre a venda de um serviço',
      description:
        'O cliente precisa de um serviço ativo para receber questionários. Sem serviços ainda? Crie o primeiro na própria venda (cortesia também vale).',
      href: '/services?aba=vendas',
      action: 'Registrar venda',
    },
    {
      key: 'quizScheduled',
      title: 'Agende o envio',
      description:
        'O cliente recebe o link e o PIN por WhatsApp ou e-mail, uma vez ou com a frequência que você escolher.',
      href: '/quizzes',
      action: 'Agendar envio',
    },
  ];

/** A new account's next steps, in order, until all of them are done. */
function FirstSteps({ steps }: { steps: FirstStepsState }) {
  const next = FIRST_STEPS.find((s) => !steps[s.key]);
  if (!next) return null;
  const done = FIRST_STEPS.filter((s) => steps[s.key]).length;
  return (
    <Card title="Primeiros passos" description={`${done} de ${FIRST_STEPS.length} concluídos.`}>
      <Stack as="ol" gap={3} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {FIRST_STEPS.map((s, i) => {
          const isDone = steps[s.key];
          const isNext = s === next;
          return (
            <li
              key={s.key}
              aria-current={isNext ? 'step' : undefined}
              css={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 'var(--space-3)', alignItems: 'start' }}
            >
              <span
                aria-hidden="true"
                css={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 28,
                  height: 28,
                  borderRadius: 'var(--radius-full)',
                  fontWeight: 600,
                  background: isDone ? 'var(--color-success-surface)' : 'var(--color-surface-muted)',
                  color: isDone ? 'var(--color-success)' : 'var(--color-text)',
                }}
              >
                {isDone ? <IconCheck width={16} height={16} /> : i + 1}
              </span>
              <Stack gap={1}>
                <Text css={{ fontWeight: 600 }}>
                  {s.title}
                  {isDone ? <VisuallyHidden> (concluído)</VisuallyHidden> : null}
                </Text>
                {isDone ? null : <Text variant="muted">{s.description}</Text>}
                {isDone ? null : (
                  <Link variant="standalone" href={s.href}>
                    {s.action}
                  </Link>
                )}
              </Stack>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}

/** `/dashboard`: the practice at a glance — patients, this month's sales, services about to end. */
export function DashboardPage() {
  const { data, isPending } = useQuery(getDashboardSummaryOptions());
  if (isPending || !data) return <Spinner label="Carregando painel" />;

  const monthName = MONTHS[Number(data.sales.month.slice(5, 7)) - 1];
  const chart = data.sales.byDay.map((d) => ({ label: d.date.slice(8, 10), value: d.netCents }));
  const noSales = data.sales.count === 0 && data.sales.grossCents === 0;

  return (
    <Page title="Painel" description={`Resumo de ${monthName} até hoje, ${formatCalendarDate(data.today)}.`} width="lg">
      <FirstSteps steps={data.firstSteps} />
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
      {noSales ? (
        <Card title={`Faturamento por dia em ${monthName}`}>
          <EmptyState
            title={`Nenhuma venda em ${monthName} até agora`}
            description="Registre a venda de um serviço a um cliente e o faturamento do mês aparece aqui, dia a dia."
            headingLevel={3}
            action={
              <Link variant="standalone" href="/services">
                Registrar uma venda
              </Link>
            }
          />
        </Card>
      ) : (
        <Card>
          <BarChart
            title={`Faturamento por dia em ${monthName}`}
            data={chart}
            formatValue={formatBRL}
            labelHeader="Dia"
            valueHeader="Faturamento líquido"
          />
        </Card>
      )}
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
                    {s.serviceName} · {serviceEndPhrase(s.endsAt, data.today)} (último dia{' '}
                    {formatCalendarDate(s.lastDay)})
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
