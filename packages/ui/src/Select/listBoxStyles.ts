import { css } from '@emotion/react';

/** Floating surface for listboxes, calendars and pickers; as wide as its trigger by default. */
export const popoverStyles = css`
  min-width: var(--trigger-width);
  max-width: min(420px, calc(100vw - 16px));
  background: var(--color-surface);
  color: var(--color-text);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  box-shadow: var(--shadow-2);
  outline: none;
  overflow: auto;
  &[data-entering] {
    animation: popover-in var(--duration-fast) var(--easing-standard);
  }
  @keyframes popover-in {
    from {
      opacity: 0;
      transform: translateY(-4px);
    }
  }
`;

export const listBoxStyles = css`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: var(--space-1);
  max-height: 320px;
  overflow: auto;
  outline: none;
  font-size: var(--font-size-md);
  & [data-empty-message] {
    padding: var(--space-2) var(--space-3);
    color: var(--color-text-muted);
    font-size: var(--font-size-sm);
  }
`;

export const listBoxItemStyles = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 36px;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  color: var(--color-text);
  cursor: pointer;
  outline: none;
  & .item-check {
    margin-left: auto;
    color: var(--color-link);
  }
  & .item-label {
    display: block;
  }
  & .item-description {
    display: block;
    font-size: var(--font-size-sm);
    color: var(--color-text-muted);
  }
  &[data-focused],
  &[data-hovered] {
    background: var(--color-surface-muted);
  }
  &[data-selected] {
    font-weight: var(--font-weight-semibold);
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: -2px;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const sectionHeaderStyles = css`
  padding: var(--space-2) var(--space-3) var(--space-1);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-semibold);
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: var(--color-text-muted);
`;
