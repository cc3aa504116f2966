import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatusReport } from '@acompanha/api-client';
import { bucketLabel, bucketLongLabel, STATUS_SERIES } from '../format';
import { ChartFigure } from './ChartFigure';
import { formatNumberBR } from '../../../lib/format';

export interface StatusChartProps {
  report: StatusReport;
  /** A fixed width in pixels (the print page); otherwise the chart fills its container. */
  width?: number;
  /** @default 280 */
  height?: number;
  /** @default false */
  isTableShown?: boolean;
}

/** Answered, pending, delayed, cancelled and expired requests per day or week, as stacked bars and a table. */
export function StatusChart({ report, width, height = 280, isTableShown }: StatusChartProps) {
  const data = report.buckets.map((b) => ({
    ...b,
    label: bucketLabel(b, report.granularity),
    long: bucketLongLabel(b),
  }));
  const title = report.granularity === 'day' ? 'Questionários enviados por dia' : 'Questionários enviados por semana';
  const size = width ? { width, height } : { responsive: true, style: { width: '100%', height } };

  return (
    <ChartFigure
      title={title}
      summary="Cada envio conta no dia em que foi enviado, com a situação de hoje."
      columns={[
        { label: report.granularity === 'day' ? 'Dia' : 'Semana' },
        ...STATUS_SERIES.map((s) => ({ label: s.label, align: 'end' as const })),
        { label: 'Total', align: 'end' },
      ]}
      rows={data.map((d) => ({
        key: d.start,
        cells: [d.long, ...STATUS_SERIES.map((s) => formatNumberBR(d[s.key])), formatNumberBR(d.total)],
      }))}
      isTableShown={isTableShown}
    >
      <BarChart
        {...size}
        data={data}
        margin={{ top: 8, right: 8, bottom: 4, left: 0 }}
        title={title}
        accessibilityLayer
      >
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="4 4" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
          stroke="var(--color-border-strong)"
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={(v: number) => formatNumberBR(v)}
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
          stroke="var(--color-border-strong)"
          width={36}
        />
        <Tooltip
          formatter={(v, name) => [formatNumberBR(Number(v)), name]}
          labelFormatter={(_, payload) => (payload?.[0]?.payload as { long?: string } | undefined)?.long ?? ''}
          contentStyle={{
            background: 'var(--color-surface)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            color: 'var(--color-text)',
          }}
          cursor={{ fill: 'var(--color-surface-muted)' }}
        />
        {/* In the stacking order (answered at the bottom), not alphabetical. */}
        <Legend wrapperStyle={{ fontSize: 13, color: 'var(--color-text)' }} itemSorter={null} />
        {STATUS_SERIES.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stackId="status"
            fill={s.color}
            isAnimationActive={false}
            maxBarSize={48}
          />
        ))}
      </BarChart>
    </ChartFigure>
  );
}
