import { css } from '@emotion/react';

/** The field box holding date/time segments (`dd/mm/aaaa`, `hh:mm`). */
export const dateInputGroupStyles = css`
  display: flex;
  align-items: center;
  min-height: 40px;
  padding: 0 var(--space-1) 0 var(--space-3);
  background: var(--color-surface);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius-md);
  color: var(--color-text);
  transition: border-color var(--duration-fast) var(--easing-standard);
  &[data-focus-within] {
    border-color: var(--color-focus);
    outline: 2px solid var(--color-focus);
    outline-offset: -1px;
  }
  &[data-invalid] {
    border-color: var(--color-danger);
  }
  &[data-invalid][data-focus-within] {
    outline-color: var(--color-danger);
  }
  &[data-disabled] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  & .date-input {
    display: flex;
    flex: 1;
    align-items: center;
    min-width: 0;
    font-variant-numeric: tabular-nums;
  }
  & .range-dash {
    padding: 0 var(--space-2);
    color: var(--color-text-muted);
  }
  & .calendar-button {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    margin-left: auto;
    padding: 0;
    border: none;
    border-radius: var(--radius-sm);
    background: transparent;
    color: var(--color-text);
    cursor: pointer;
    outline: none;
    &[data-hovered],
    &[data-pressed] {
      background: var(--color-surface-muted);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
    }
  }
`;

export const segmentStyles = css`
  padding: 0 1px;
  border-radius: var(--radius-sm);
  outline: none;
  caret-color: transparent;
  &[data-type='literal'] {
    padding: 0;
    color: var(--color-text-muted);
  }
  &[data-placeholder] {
    color: var(--color-text-muted);
  }
  &[data-focused] {
    background: var(--color-action-bg);
    color: var(--color-action-text);
  }
`;

export const calendarStyles = css`
  padding: var(--space-3);
  color: var(--color-text);
  & .calendar-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-2);
    margin-bottom: var(--space-2);
  }
  & .calendar-header h2 {
    margin: 0;
    font-size: var(--font-size-md);
    font-weight: var(--font-weight-semibold);
    text-transform: capitalize;
  }
  & .calendar-header button {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: none;
    border-radius: var(--radius-sm);
    background: transparent;
    color: var(--color-text);
    cursor: pointer;
    outline: none;
    &[data-hovered] {
      background: var(--color-surface-muted);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
    }
    &[data-disabled] {
      opacity: 0.4;
    }
  }
  & table {
    border-collapse: collapse;
  }
  & th {
    padding-bottom: var(--space-1);
    font-size: var(--font-size-xs);
    font-weight: var(--font-weight-semibold);
    color: var(--color-text-muted);
    text-transform: uppercase;
  }
  & td {
    padding: 1px;
  }
  & .calendar-cell {
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: var(--radius-sm);
    font-size: var(--font-size-sm);
    cursor: pointer;
    outline: none;
    &[data-outside-month] {
      display: none;
    }
    &[data-hovered] {
      background: var(--color-surface-muted);
    }
    &[data-selected] {
      background: var(--color-info-surface);
      color: var(--color-text);
      border-radius: 0;
    }
    &[data-selection-start],
    &[data-selection-end],
    &[data-selected]:not([data-selection-start]):not([data-selection-end]):not([data-range]) {
      background: var(--color-action-bg);
      color: var(--color-action-text);
      border-radius: var(--radius-sm);
    }
    &[data-today]:not([data-selected]) {
      box-shadow: inset 0 0 0 1px var(--color-border-strong);
      font-weight: var(--font-weight-semibold);
    }
    &[data-focus-visible] {
      outline: 2px solid var(--color-focus);
      outline-offset: 1px;
    }
    &[data-disabled],
    &[data-unavailable] {
      color: var(--color-text-muted);
      text-decoration: line-through;
      cursor: not-allowed;
    }
    &[data-invalid] {
      background: var(--color-danger-bg);
      color: var(--color-danger-text);
    }
  }
`;
