import { useId, useState, type ReactNode } from 'react';
import { Button, VisuallyHidden } from '@acompanha/ui';

export interface ChartTableRow {
  key: string;
  /** The first cell heads the row (e.g. the date); the others are its values. */
  cells: ReactNode[];
}

export interface ChartFigureProps {
  /** Names the figure, its chart and its table. */
  title: string;
  /** A sentence under the title that says what the chart shows (e.g. the change since the first answer). */
  summary?: ReactNode;
  /** The chart itself (recharts with its accessibility layer: focusable, arrow keys move the tooltip). */
  children: ReactNode;
  /** Headers of the table: the first one heads the rows. */
  columns: { label: string; align?: 'start' | 'end' }[];
  rows: ChartTableRow[];
  /**
   * Shows the table beside the chart from the start, with no toggle (the print page).
   * @default false
   */
  isTableShown?: boolean;
}

const cellPadding = '4px 12px 4px 0';

/**
 * A chart with its data as a table: the table is always there for screen readers and one press
 * away for everyone ("Ver dados em tabela"), like the dashboard's bar chart.
 */
export function ChartFigure({ title, summary, children, columns, rows, isTableShown = false }: ChartFigureProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const showTable = isTableShown || open;
  const table = (
    <table id={`${id}-table`} css={{ borderCollapse: 'collapse', fontSize: 'var(--font-size-sm)', width: '100%' }}>
      <caption css={{ textAlign: 'start', fontWeight: 600, padding: '0 0 var(--space-1)' }}>
        <VisuallyHidden>Dados de </VisuallyHidden>
        {title}
      </caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.label}
              scope="col"
              css={{
                textAlign: c.align === 'end' ? 'right' : 'left',
                padding: cellPadding,
                borderBottom: '1px solid var(--color-border)',
                fontWeight: 600,
              }}
            >
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} css={{ breakInside: 'avoid' }}>
            {r.cells.map((cell, i) =>
              i === 0 ? (
                <th
                  key={i}
                  scope="row"
                  css={{ textAlign: 'left', fontWeight: 400, padding: cellPadding, whiteSpace: 'nowrap' }}
                >
                  {cell}
                </th>
              ) : (
                <td
                  key={i}
                  css={{
                    textAlign: columns[i]?.align === 'end' ? 'right' : 'left',
                    padding: cellPadding,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <figure
      aria-labelledby={`${id}-title`}
      css={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--space-2)', minWidth: 0 }}
    >
      {/* On paper the title stays with the chart, the chart is never cut; a long table may run on to the next page. */}
      <figcaption css={{ display: 'flex', flexDirection: 'column', gap: 2, breakAfter: 'avoid' }}>
        <span id={`${id}-title`} css={{ fontWeight: 600, color: 'var(--color-text)' }}>
          {title}
        </span>
        {summary ? (
          <span css={{ color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}>{summary}</span>
        ) : null}
      </figcaption>
      <div css={{ minWidth: 0, breakInside: 'avoid' }}>{children}</div>
      {isTableShown ? null : (
        <div data-print-hide="">
          <Button
            variant="ghost"
            size="sm"
            onPress={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={`${id}-table`}
            aria-label={`${open ? 'Ocultar tabela' : 'Ver dados em tabela'}: ${title}`}
          >
            {open ? 'Ocultar tabela' : 'Ver dados em tabela'}
          </Button>
        </div>
      )}
      {/* Collapsed, the table stays readable by screen readers. */}
      <div css={showTable ? { overflowX: 'auto' } : visuallyHiddenBox}>{table}</div>
    </figure>
  );
}

const visuallyHiddenBox = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
