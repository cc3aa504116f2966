import { useQuery } from '@tanstack/react-query';
import { getDashboardSummaryOptions } from '@acompanha/api-client';
import { BarChart, Card, EmptyState, Link, Page, Spinner, Stack, Text } from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient } from '../../app/queryClient';
import { formatBRL, formatDateBR } from '../../lib/format';

export async function dashboardLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => queryClient.ensureQueryData(getDashboardSummaryOptions()));
  return null;
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <Stack gap={1}>
        <Text variant="muted">{label}</Text>
        <Text css={{ fontSize: 'var(--font-size-3xl)', fontWeight: 700, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
        {hint ? <Text variant="small">{hint}</Text> : null}
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

  return (
    <Page title="Painel" description={`Resumo de ${monthName} até hoje, ${formatDateBR(`${data.today}T12:00:00Z`)}.`} width="lg">
      <div css={{ display: 'grid', gap: 'var(--space-4)', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        <Figure label="Clientes ativos" value={data.patients.active.toLocaleString('pt-BR')} />
        <Figure label="Novos clientes no mês" value={data.patients.newThisMonth.toLocaleString('pt-BR')} />
        <Figure
          label="Vendas no mês"
          value={data.sales.count.toLocaleString('pt-BR')}
          hint={data.sales.refundsCents > 0 ? `Reembolsos: ${formatBRL(data.sales.refundsCents)}` : undefined}
        />
        <Figure label="Faturamento líquido no mês" value={formatBRL(data.sales.netCents)} hint={`Bruto: ${formatBRL(data.sales.grossCents)}`} />
      </div>
      <Card>
        <BarChart title={`Faturamento por dia em ${monthName}`} data={chart} formatValue={formatBRL} labelHeader="Dia" valueHeader="Faturamento líquido" />
      </Card>
      <Card title="Serviços perto do fim" description="Clientes ativos cujo serviço termina nos próximos 14 dias, sem renovação vendida.">
        {data.expiringServices.length === 0 ? (
          <EmptyState title="Nenhum serviço terminando" description="Quando um serviço estiver perto do fim, ele aparece aqui." headingLevel={3} />
        ) : (
          <Stack as="ul" gap={2} css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.expiringServices.map((s) => (
              <li key={s.patientId}>
                <Stack direction="row" gap={3} justify="space-between" wrap>
                  <Link href={`/clients/profile/${s.patientId}`}>{s.patientName}</Link>
                  <Text variant="muted">
                    {s.serviceName} · termina em {s.daysLeft === 1 ? '1 dia' : `${s.daysLeft} dias`} ({formatDateBR(`${s.endsAt}T12:00:00Z`)})
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
