import { startTransition, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { visuallyHidden } from '../styles';

export interface BarChartDatum {
  /** Category on the x axis (e.g. the day). */
  label: string;
  value: number;
}

export interface BarChartProps {
  /** What the chart shows; names the figure and its table. */
  title: string;
  data: BarChartDatum[];
  /** Formats a value for the tooltip, the axis and the table (e.g. as R$). */
  formatValue?: (value: number) => string;
  /** Header of the label column in the table. @default 'Dia' */
  labelHeader?: string;
  /** Header of the value column in the table. @default 'Valor' */
  valueHeader?: string;
  /** @default 220 */
  height?: number;
  /** Show a label every N bars on the x axis (all labels stay in the table). @default auto (one per 44 px, at most 10) */
  labelEvery?: number;
}

/** The width of an element's box, followed as it changes (null until measured). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  // Observed from the commit, so its first report comes with the first layout.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    // The observer reports the size once the browser has laid the page out: reading it in the commit instead
    // (getBoundingClientRect) forced a layout of the whole page inside React's task (~65 ms of the dashboard's
    // first load on a slow phone). The drawing follows as a transition, in short slices beside the page's figures.
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0) || null;
      startTransition(() => setWidth(measured));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A small, dependency-free SVG bar chart for dashboards, with its data as a table one press away
 * (and always available to screen readers). Colours come from the theme.
 *
 * It is drawn in its box's own pixels: as wide as the box at any width, a phone's included, with bars that
 * narrow and axis labels that thin out, never stretched text and never a box that scrolls sideways (a
 * region a keyboard could not reach).
 */
export function BarChart({
  title,
  data,
  formatValue = (v) => v.toLocaleString('pt-BR'),
  labelHeader = 'Dia',
  valueHeader = 'Valor',
  height = 220,
  labelEvery,
}: BarChartProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const [box, boxWidth] = useBoxWidth();
  // The axis names the real top value (zero when nothing happened), never the 1 used to scale by.
  const top = Math.max(0, ...data.map((d) => d.value));
  const max = top || 1;
  // The viewBox is the box's size in pixels: drawn once it is known (until then the box holds its height, so
  // nothing moves), not first at a guessed width and then again.
  const width = boxWidth ?? 0;
  const plotTop = 16;
  const plotBottom = height - 28;
  const plotHeight = plotBottom - plotTop;
  // A margin on each side keeps the first and last axis labels (centred under narrow bars) inside the drawing.
  const side = 8;
  const slot = (width - 2 * side) / Math.max(1, data.length);
  const every = labelEvery ?? Math.max(1, Math.ceil(data.length / Math.max(1, Math.min(10, Math.floor(width / 44)))));

  return (
    <figure
      css={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--space-2)' }}
      aria-labelledby={`${id}-title`}
    >
      <figcaption id={`${id}-title`} css={{ fontWeight: 600, color: 'var(--color-text)' }}>
        {title}
      </figcaption>
      <div ref={box} css={{ minWidth: 0, minHeight: height }}>
        {boxWidth === null ? null : (
          <svg
            viewBox={`0 0 ${width} ${height}`}
            width="100%"
            height={height}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
            css={{ display: 'block' }}
          >
            {[0, 0.5, 1].map((f) => (
              <line
                key={f}
                x1={0}
                x2={width}
                y1={plotBottom - f * plotHeight}
                y2={plotBottom - f * plotHeight}
                stroke="var(--color-border)"
                strokeDasharray={f === 0 ? undefined : '4 4'}
              />
            ))}
            {data.map((d, i) => {
              const h = (d.value / max) * plotHeight;
              return (
                <g key={d.label}>
                  <rect
                    x={side + i * slot + slot * 0.18}
                    y={plotBottom - h}
                    width={slot * 0.64}
                    height={Math.max(h, d.value > 0 ? 2 : 0)}
                    rx={3}
                    fill="var(--color-action-bg)"
                  >
                    <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                  </rect>
                  {i % every === 0 ? (
                    <text
                      x={side + i * slot + slot / 2}
                      y={height - 8}
                      textAnchor="middle"
                      fontSize={11}
                      fill="var(--color-text-muted)"
                    >
                      {d.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <text x={4} y={plotTop - 4} fontSize={11} fill="var(--color-text-muted)">
              {formatValue(top)}
            </text>
          </svg>
        )}
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          onPress={() => setShowTable((s) => !s)}
          aria-expanded={showTable}
          aria-controls={`${id}-table`}
        >
          {showTable ? 'Ocultar tabela' : 'Ver dados em tabela'}
        </Button>
      </div>
      <table
        id={`${id}-table`}
        css={showTable ? { borderCollapse: 'collapse', fontSize: 'var(--font-size-sm)' } : visuallyHidden}
      >
        <caption css={visuallyHidden}>{title}</caption>
        <thead>
          <tr>
            <th scope="col" css={{ textAlign: 'left', padding: '4px 12px 4px 0' }}>
              {labelHeader}
            </th>
            <th scope="col" css={{ textAlign: 'right', padding: '4px 0' }}>
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <td css={{ padding: '2px 12px 2px 0' }}>{d.label}</td>
              <td css={{ textAlign: 'right', padding: '2px 0', fontVariantNumeric: 'tabular-nums' }}>
                {formatValue(d.value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
