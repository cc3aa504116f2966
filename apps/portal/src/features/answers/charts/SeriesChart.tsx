import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnswerSeries } from '@acompanha/api-client';
import { formatDateBR, formatNumberBR } from '../../../lib/format';
import { ChartFigure } from './ChartFigure';

export interface SeriesChartProps {
  series: AnswerSeries;
  /** The answer being reviewed: its point is drawn larger. */
  currentQuizAnswerId?: string;
  /** A fixed width in pixels (the print page); otherwise the chart fills its container. */
  width?: number;
  /** @default 220 */
  height?: number;
  /** @default false */
  isTableShown?: boolean;
}

/** "kg", "escala de 1 a 5", "média de 1 a 5". */
function unitOf(s: AnswerSeries): string {
  if (s.unit) return s.unit;
  const range = s.min !== null && s.max !== null ? ` de ${formatNumberBR(s.min)} a ${formatNumberBR(s.max)}` : '';
  return s.type === 'likert-scale' ? `média${range}` : `escala${range}`;
}

/** A value with its unit: "76,2 kg", "4". */
export function formatSeriesValue(s: AnswerSeries, value: number): string {
  const text = formatNumberBR(value, s.type === 'likert-scale' ? 1 : s.decimals);
  return s.unit ? `${text} ${s.unit}` : text;
}

/** The chart's name: the question and its unit ("Qual é o seu peso hoje? (kg)"). */
export const seriesTitle = (s: AnswerSeries) => `${s.title} (${unitOf(s)})`;

/** "De 78,4 kg em 15/10/2026 para 76,2 kg em 19/11/2026 (−2,2 kg)." */
function summaryOf(s: AnswerSeries): string {
  const first = s.points[0];
  const last = s.points[s.points.length - 1];
  if (!first || !last) return '';
  if (s.points.length === 1)
    return `Uma resposta: ${formatSeriesValue(s, first.value)} em ${formatDateBR(first.date)}.`;
  const diff = last.value - first.value;
  const decimals = s.type === 'likert-scale' ? 1 : s.decimals;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '';
  const change =
    diff === 0 ? 'sem variação' : `${sign}${formatNumberBR(Math.abs(diff), decimals)}${s.unit ? ` ${s.unit}` : ''}`;
  return `De ${formatSeriesValue(s, first.value)} em ${formatDateBR(first.date)} para ${formatSeriesValue(s, last.value)} em ${formatDateBR(last.date)} (${change}).`;
}

/**
 * The value axis: a scale from its first to its last point; a metric around its values with five
 * round ticks (e.g. 75, 76, 77, 78, 79 kg), so small changes of weight stay visible.
 */
function axisOf(s: AnswerSeries): { domain: [number, number]; ticks?: number[] } {
  const values = s.points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (s.type !== 'metrics') {
    const lo = s.min ?? Math.floor(min);
    const hi = s.max ?? Math.ceil(max);
    return {
      domain: [lo, hi],
      ticks: hi - lo <= 10 ? Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) : undefined,
    };
  }
  const step = Math.max(1, Math.ceil((max - min + 1) / 4));
  const lo = Math.floor(min - step / 2);
  const ticks = Array.from({ length: 5 }, (_, i) => lo + i * step);
  return { domain: [lo, lo + 4 * step], ticks };
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: { current: boolean };
}

/** One patient's answers to one metric or scale question over time, with the data as a table. */
export function SeriesChart({ series, currentQuizAnswerId, width, height = 220, isTableShown }: SeriesChartProps) {
  const data = series.points.map((p, i) => ({
    key: `${p.quizAnswerId}-${i}`,
    label: formatDateBR(p.date).slice(0, 5),
    date: formatDateBR(p.date),
    value: p.value,
    current: p.quizAnswerId === currentQuizAnswerId,
  }));
  const isScale = series.type !== 'metrics';
  const { domain, ticks } = axisOf(series);
  const title = seriesTitle(series);
  const size = width ? { width, height } : { responsive: true, style: { width: '100%', height } };

  return (
    <ChartFigure
      title={title}
      summary={summaryOf(series)}
      columns={[{ label: 'Data' }, { label: 'Resposta', align: 'end' }]}
      rows={data.map((d) => ({ key: d.key, cells: [d.date, formatSeriesValue(series, d.value)] }))}
      isTableShown={isTableShown}
    >
      <LineChart
        {...size}
        data={data}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        title={title}
        accessibilityLayer
      >
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="4 4" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
          stroke="var(--color-border-strong)"
          interval="preserveStartEnd"
        />
        <YAxis
          domain={domain}
          ticks={ticks}
          allowDecimals={!isScale || series.type === 'likert-scale'}
          tickFormatter={(v: number) => formatNumberBR(v, Number.isInteger(v) ? 0 : 1)}
          tick={{ fill: 'var(--color-text-muted)', fontSize: 12 }}
          stroke="var(--color-border-strong)"
          width={44}
        />
        <Tooltip
          formatter={(v) => [formatSeriesValue(series, Number(v)), 'Resposta']}
          labelFormatter={(_, payload) => (payload?.[0]?.payload as { date?: string } | undefined)?.date ?? ''}
          contentStyle={{
            background: 'var(--color-surface)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            color: 'var(--color-text)',
          }}
        />
        <Line
          type="linear"
          dataKey="value"
          name="Resposta"
          stroke="var(--color-action-bg)"
          strokeWidth={2}
          isAnimationActive={false}
          dot={(props: DotProps) => (
            <circle
              key={`dot-${props.index}`}
              cx={props.cx}
              cy={props.cy}
              r={props.payload?.current ? 6 : 4}
              fill={props.payload?.current ? 'var(--color-action-bg)' : 'var(--color-surface)'}
              stroke="var(--color-action-bg)"
              strokeWidth={2}
            />
          )}
        />
      </LineChart>
    </ChartFigure>
  );
}
