/** The clients list's totals: all, active, inactive, each a filter. */
import type { ServiceModality } from '@acompanha/api-client';
import { Badge, Card, Meter, Stack } from '@acompanha/ui';
import { MODALITIES, MODALITY_LABELS } from './labels';
import { formatNumberBR } from '../../lib/format';

export function TotalsCards({
  totals,
}: {
  totals: {
    total: number;
    byStatus: { active: number; inactive: number };
    byModality: Record<ServiceModality, number>;
  };
}) {
  const share = (n: number) => (totals.total ? Math.round((n / totals.total) * 100) : 0);
  // A few clients out of thousands are not "0%"; nor are all but a few "100%".
  const shareLabel = (n: number) => {
    const pct = share(n);
    if (n > 0 && pct === 0) return 'menos de 1%';
    if (n < totals.total && pct === 100) return 'mais de 99%';
    return `${pct}%`;
  };
  return (
    <div css={{ display: 'grid', gap: 'var(--space-4)', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
      <Card title="Total de clientes" headingLevel={2}>
        <div css={{ fontSize: 'var(--font-size-3xl)', fontWeight: 'var(--font-weight-bold)', lineHeight: 1 }}>
          {formatNumberBR(totals.total)}
        </div>
        <Stack direction="row" gap={2} wrap>
          <Badge tone="success">{`${formatNumberBR(totals.byStatus.active)} ${totals.byStatus.active === 1 ? 'ativo' : 'ativos'}`}</Badge>
          <Badge tone="neutral">{`${formatNumberBR(totals.byStatus.inactive)} ${totals.byStatus.inactive === 1 ? 'inativo' : 'inativos'}`}</Badge>
        </Stack>
      </Card>
      <Card title="Por modalidade" headingLevel={2}>
        <Stack gap={2}>
          {MODALITIES.map((m) => (
            <Meter
              key={m}
              label={MODALITY_LABELS[m]}
              value={share(totals.byModality[m])}
              valueLabel={`${formatNumberBR(totals.byModality[m])} (${shareLabel(totals.byModality[m])})`}
              variant="info"
            />
          ))}
        </Stack>
      </Card>
    </div>
  );
}
