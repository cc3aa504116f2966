import { css } from '@emotion/react';

/** The data table's looks (Table.tsx): the grid, its header and cells, the phone cards, the empty state. */

export const tableStyles = css`
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

export const columnStyles = css`
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

export const rowStyles = css`
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

export const cellStyles = css`
  padding: var(--space-3);
  border-bottom: 1px solid var(--color-border);
  vertical-align: middle;
  outline: none;
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
`;

export const selectionCellStyles = css`
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
export const reflowStyles = css`
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

export const emptyStyles = css`
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

export const cardLabelStyles = css`
  display: none;
  color: var(--color-text-muted);
  font-size: var(--font-size-sm);
`;
