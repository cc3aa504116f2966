import { css } from '@emotion/react';

export const fieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
  color: var(--color-text);

  & > label,
  & > .react-aria-Label,
  & > .field-label-row > label {
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-medium);
  }
  & > .field-label-row {
    display: flex;
    align-items: baseline;
    gap: 2px;
  }
  & .required-mark {
    color: var(--color-danger);
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-semibold);
  }
  & [slot='description'] {
    font-size: var(--font-size-sm);
    color: var(--color-text-muted);
  }
  & .field-error {
    font-size: var(--font-size-sm);
    color: var(--color-danger);
    font-weight: var(--font-weight-medium);
  }
`;

export const inputGroupStyles = css`
  display: flex;
  align-items: center;
  min-height: 40px;
  background: var(--color-surface);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius-md);
  transition: border-color var(--duration-fast) var(--easing-standard);

  &:has(input:focus) {
    border-color: var(--color-focus);
    outline: 2px solid var(--color-focus);
    outline-offset: -1px;
  }
  &[data-invalid] {
    border-color: var(--color-danger);
  }
  &[data-invalid]:has(input:focus) {
    outline-color: var(--color-danger);
  }
  &[data-disabled] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &[data-readonly] {
    background: var(--color-surface-muted);
  }
  & > input {
    flex: 1;
    min-width: 0;
    height: 38px;
    padding: 0 var(--space-3);
    border: none;
    outline: none;
    background: transparent;
    color: var(--color-text);
    font-size: var(--font-size-md);
    border-radius: var(--radius-md);
  }
  & > input::placeholder {
    color: var(--color-text-muted);
    opacity: 1;
  }
  & > .field-start {
    flex: 0 1 auto;
    min-width: 0;
    max-width: 60%;
    padding-left: var(--space-3);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--color-text-muted);
  }
  & > .field-start + input {
    padding-left: 0;
  }
  & > .field-end {
    display: flex;
    align-items: center;
    padding-right: var(--space-1);
  }
`;
