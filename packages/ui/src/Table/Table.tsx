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
import { describeUnlabeledCardCells } from './cardLabels';
import {
  cardLabelStyles,
  cellStyles,
  columnStyles,
  emptyStyles,
  reflowStyles,
  rowStyles,
  selectionCellStyles,
  tableStyles,
} from './tableStyles';

export interface TableProps extends AriaTableProps {
  /**
   * In a box narrower than 640 px (a phone), each row reads as a card: give every `Cell` but the row header
   * a `cardLabel`, or `actions` when it holds only controls that name themselves.
   */
  reflow?: boolean;
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
