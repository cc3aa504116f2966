import { css } from '@emotion/react';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Cell as AriaCell,
  Collection,
  Column as AriaColumn,
  I18nProvider,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  useTableOptions,
  type CellProps as AriaCellProps,
  type ColumnProps as AriaColumnProps,
  type RowProps as AriaRowProps,
  type TableBodyProps as AriaTableBodyProps,
  type TableHeaderProps as AriaTableHeaderProps,
  type TableProps as AriaTableProps,
} from 'react-aria-components';
import { Checkbox } from '../Checkbox/Checkbox';
import { Spinner } from '../Spinner/Spinner';

const tableStyles = css`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  background: var(--color-surface);
  color: var(--color-text);
  font-size: var(--font-size-sm);
  outline: none;
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
`;

const columnStyles = css`
  padding: var(--space-2) var(--space-3);
  border-bottom: 1px solid var(--color-border-strong);
  text-align: left;
  font-weight: var(--font-weight-semibold);
  color: var(--color-text-muted);
  white-space: nowrap;
  outline: none;
  &[data-allows-sorting] {
    cursor: pointer;
  }
  &[data-hovered][data-allows-sorting] {
    color: var(--color-text);
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
  & .column-content {
    display: inline-flex;
    align-items: center;
    gap: var(--space-1);
  }
  & .sort-indicator {
    flex: none;
    transition: transform var(--duration-fast) var(--easing-standard);
  }
  &[data-sort-direction='descending'] .sort-indicator {
    transform: rotate(180deg);
  }
  &:not([data-sort-direction]) .sort-indicator {
    opacity: 0;
  }
  &[data-hovered]:not([data-sort-direction]) .sort-indicator {
    opacity: 0.6;
  }
`;

const rowStyles = css`
  outline: none;
  cursor: default;
  &[data-href],
  &[data-selection-mode] {
    cursor: pointer;
  }
  &[data-hovered] {
    background: var(--color-surface-muted);
  }
  &[data-selected] {
    background: var(--color-info-surface);
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
  &[data-disabled] {
    opacity: 0.55;
  }
`;

const cellStyles = css`
  padding: var(--space-3);
  border-bottom: 1px solid var(--color-border);
  vertical-align: middle;
  outline: none;
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
`;

const selectionCellStyles = css`
  width: 44px;
  padding-right: 0;
`;

/** Below this width of its box, a reflowing table shows each row as a card. */
const CARDS = '@container (max-width: 640px)';

/**
 * A reflowing table in a narrow box (a phone): no header row in sight, each row a card whose cells stack,
 * the selection checkbox at the card's start. The grid stays a grid for assistive technology (each cell
 * keeps its column header); only the boxes change. With the headers out of sight, every value in a card
 * reads with its `cardLabel` ("Enviado em: 24/11/2026"); only the row header (the card's title) and a cell
 * of self-naming controls (`Cell actions`) go without. `unlabeledCardCells` finds the cells that break it.
 */
const reflowStyles = css`
  ${CARDS} {
    & table,
    & tbody {
      display: block;
    }
    & thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    & tbody > tr {
      display: grid;
      grid-template-columns: 1fr;
      column-gap: var(--space-2);
      margin-bottom: var(--space-2);
      padding: var(--space-3);
      border: 1px solid var(--color-border);
      border-radius: var(--radius-md);
    }
    & tbody > tr[data-selection-mode] {
      grid-template-columns: 32px minmax(0, 1fr);
    }
    & tbody > tr > td {
      display: block;
      grid-column: -2;
      padding: var(--space-1) 0;
      border-bottom: none;
      text-align: left !important;
      min-width: 0;
    }
    & tbody > tr > td.table-selection-cell {
      grid-column: 1;
      grid-row: 1 / span 20;
      width: auto;
    }
    & .cell-card-label {
      display: inline;
    }
  }
`;

export interface TableProps extends AriaTableProps {
  /**
   * In a box narrower than 640 px (a phone), each row reads as a card: give every `Cell` but the row header
   * a `cardLabel`, or `actions` when it holds only controls that name themselves.
   */
  reflow?: boolean;
}

/**
 * The cells of the reflowed tables under `root` whose card would show a bare value: neither the row header,
 * the selection checkbox, a cell of `actions`, nor one with a `cardLabel`.
 */
export function unlabeledCardCells(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[data-reflow] tbody > tr > td')].filter(
    (td) =>
      td.getAttribute('role') !== 'rowheader' &&
      !td.classList.contains('table-selection-cell') &&
      !td.hasAttribute('data-card-actions') &&
      !td.querySelector(':scope > .cell-card-label'),
  );
}

/**
 * What `unlabeledCardCells` found, for a developer: each table's name and the columns of its bare cells;
 * null when every card value has its label.
 */
export function describeUnlabeledCardCells(root: ParentNode): string | null {
  const byTable = new Map<string, Set<string>>();
  for (const td of unlabeledCardCells(root)) {
    const table = td.closest('table');
    const name = table?.getAttribute('aria-label') ?? table?.getAttribute('aria-labelledby') ?? 'table';
    const index = [...td.parentElement!.children].indexOf(td);
    const column = table?.querySelectorAll('thead > tr > th')[index]?.textContent?.trim() || `column ${index + 1}`;
    byTable.set(name, (byTable.get(name) ?? new Set()).add(column));
  }
  if (byTable.size === 0) return null;
  const tables = [...byTable].map(([name, columns]) => `"${name}" (${[...columns].map((c) => `"${c}"`).join(', ')})`);
  return (
    `A reflowed table shows values without a label in its phone cards: ${tables.join('; ')}. ` +
    'Give each such Cell a cardLabel, or mark a cell of self-naming controls with actions.'
  );
}

/**
 * A data table (RAC Table): arrow-key navigation between rows and cells, sortable columns
 * (`sortDescriptor`/`onSortChange`) and row selection (`selectionMode`). Name it with `aria-label`
 * or `aria-labelledby`.
 */
export function Table({ reflow = false, ...props }: TableProps) {
  const box = useRef<HTMLDivElement>(null);
  const warned = useRef(false);
  // While developing, a card with a bare value is said in the console (the story tests fail on it).
  useEffect(() => {
    if (!import.meta.env.DEV || !reflow || warned.current || !box.current) return;
    const problem = describeUnlabeledCardCells(box.current);
    if (problem) {
      warned.current = true;
      console.error(problem);
    }
  });
  return (
    // pt-BR for RAC's own strings ("Selecionar tudo") and announcements.
    <I18nProvider locale="pt-BR">
      {/* A table wider than a phone scrolls sideways in its own box instead of widening the whole page. */}
      {/* Positioned: absolutely placed pieces of a cell (visually hidden text, checkbox inputs) are
          clipped by the box too, instead of widening the page beyond the screen. */}
      <div
        ref={box}
        className="table-scroll"
        data-reflow={reflow || undefined}
        css={[
          { position: 'relative', overflowX: 'auto', maxWidth: '100%', minWidth: 0, containerType: 'inline-size' },
          reflow && reflowStyles,
        ]}
      >
        <AriaTable {...props} css={tableStyles} />
      </div>
    </I18nProvider>
  );
}

export interface TableHeaderProps<T extends object> extends AriaTableHeaderProps<T> {
  /**
   * Accessible name of the "select all" column header.
   * @default 'Seleção'
   */
  selectionLabel?: string;
}

/** Header row; adds the "select all" checkbox column when the table has checkbox selection. */
export function TableHeader<T extends object>({
  columns,
  children,
  selectionLabel = 'Seleção',
  ...props
}: TableHeaderProps<T>) {
  const { selectionBehavior, selectionMode } = useTableOptions();
  return (
    <AriaTableHeader {...props}>
      {selectionBehavior === 'toggle' && selectionMode !== 'none' && (
        <AriaColumn css={[columnStyles, selectionCellStyles]} aria-label={selectionLabel}>
          {selectionMode === 'multiple' && <Checkbox slot="selection" />}
        </AriaColumn>
      )}
      <Collection items={columns}>{children}</Collection>
    </AriaTableHeader>
  );
}

export interface ColumnProps extends Omit<AriaColumnProps, 'children'> {
  children: ReactNode;
  /**
   * Text alignment (numbers and money read better right-aligned).
   * @default 'start'
   */
  align?: 'start' | 'end';
}

function SortIcon() {
  return (
    <svg
      className="sort-indicator"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 19V5" />
      <path d="m5 12 7-7 7 7" />
    </svg>
  );
}

/** A column header. With `allowsSorting`, a click or Enter cycles the sort and an arrow shows the direction. */
export function Column({ children, align = 'start', ...props }: ColumnProps) {
  return (
    <AriaColumn {...props} css={columnStyles} style={{ textAlign: align === 'end' ? 'right' : 'left' }}>
      {({ allowsSorting }) => (
        <span className="column-content">
          {children}
          {allowsSorting && <SortIcon />}
        </span>
      )}
    </AriaColumn>
  );
}

export interface TableBodyProps<T extends object> extends AriaTableBodyProps<T> {
  /** Shows the loading row instead of the rows. */
  isLoading?: boolean;
  /**
   * Accessible name of the loading indicator.
   * @default 'Carregando…'
   */
  loadingLabel?: string;
  /**
   * What to show when there are no rows (an `EmptyState`, or a sentence).
   * @default 'Nenhum registro encontrado.'
   */
  emptyState?: ReactNode;
}

const emptyStyles = css`
  /* As wide as the visible part of a table that scrolls sideways (its scroll box is the size container),
     and pinned there: the message reads whole on a phone. */
  position: sticky;
  left: 0;
  box-sizing: border-box;
  width: 100cqi;
  padding: var(--space-6) var(--space-4);
  text-align: center;
  color: var(--color-text-muted);
  font-size: var(--font-size-md);
`;

/** Table body with a loading row and an empty state. */
export function TableBody<T extends object>({
  isLoading = false,
  loadingLabel = 'Carregando…',
  emptyState = 'Nenhum registro encontrado.',
  items,
  children,
  ...props
}: TableBodyProps<T>) {
  return (
    <AriaTableBody
      {...props}
      items={isLoading ? [] : items}
      data-loading={isLoading || undefined}
      renderEmptyState={() => (
        <div css={emptyStyles}>
          {isLoading ? (
            <span
              css={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-2)', color: 'var(--color-text)' }}
            >
              <Spinner label={loadingLabel} />
              <span aria-hidden="true">{loadingLabel}</span>
            </span>
          ) : (
            emptyState
          )}
        </div>
      )}
    >
      {isLoading && typeof children !== 'function' ? [] : children}
    </AriaTableBody>
  );
}

export type RowProps<T extends object> = AriaRowProps<T>;

/** A row; adds the selection checkbox cell when the table has checkbox selection. */
export function Row<T extends object>({ id, columns, children, ...props }: RowProps<T>) {
  const { selectionBehavior, selectionMode } = useTableOptions();
  return (
    <AriaRow
      id={id}
      {...props}
      css={rowStyles}
      data-selection-mode={selectionMode !== 'none' ? selectionMode : undefined}
    >
      {selectionBehavior === 'toggle' && selectionMode !== 'none' && (
        <AriaCell className="table-selection-cell" css={[cellStyles, selectionCellStyles]}>
          <Checkbox slot="selection" />
        </AriaCell>
      )}
      <Collection items={columns}>{children}</Collection>
    </AriaRow>
  );
}

export interface CellProps extends AriaCellProps {
  /**
   * @default 'start'
   */
  align?: 'start' | 'end';
  /**
   * In a reflowing table's cards, shown before the value (e.g. 'Telefone'); the column header already
   * names the cell for assistive technology, so this is only seen. Every cell of a reflowing table but the
   * row header needs one, unless it holds `actions`.
   */
  cardLabel?: string;
  /** The cell holds only controls that name themselves (buttons, a menu, links): its card shows no label. */
  actions?: boolean;
}

const cardLabelStyles = css`
  display: none;
  color: var(--color-text-muted);
  font-size: var(--font-size-sm);
`;

/** A table cell. */
export function Cell({ align = 'start', cardLabel, actions = false, children, ...props }: CellProps) {
  return (
    <AriaCell
      {...props}
      data-card-actions={actions || undefined}
      css={cellStyles}
      style={{ textAlign: align === 'end' ? 'right' : 'left' }}
    >
      {cardLabel
        ? (renderProps) => (
            <>
              <span className="cell-card-label" aria-hidden="true" css={cardLabelStyles}>
                {`${cardLabel}: `}
              </span>
              {typeof children === 'function' ? children(renderProps) : children}
            </>
          )
        : children}
    </AriaCell>
  );
}
