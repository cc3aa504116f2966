import { css, keyframes } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  I18nProvider,
  Label,
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
} from 'react-aria-components';

const indeterminate = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

export const barFieldStyles = css`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: var(--space-1) var(--space-2);
  width: 100%;
  color: var(--color-text);
  font-size: var(--font-size-sm);
  & .bar-label {
    font-weight: var(--font-weight-medium);
  }
  & .bar-value {
    grid-column: 2;
    color: var(--color-text-muted);
    font-variant-numeric: tabular-nums;
  }
  & .bar-track {
    grid-column: 1 / -1;
    position: relative;
    height: 8px;
    overflow: hidden;
    border-radius: var(--radius-full);
    background: var(--color-surface-muted);
    /* The track edge keeps 3:1 against the page for non-text contrast. */
    box-shadow: inset 0 0 0 1px var(--color-border-strong);
  }
  & .bar-fill {
    height: 100%;
    border-radius: inherit;
    background: var(--color-action-bg);
    transition: width var(--duration-normal) var(--easing-standard);
  }
  &[data-size='sm'] .bar-track {
    height: 4px;
  }
  & .bar-fill[data-tone='success'],
  &[data-variant='success'] .bar-fill {
    background: var(--color-success);
  }
  & .bar-fill[data-tone='warning'],
  &[data-variant='warning'] .bar-fill {
    background: var(--color-warning);
  }
  & .bar-fill[data-tone='danger'],
  &[data-variant='danger'] .bar-fill {
    background: var(--color-danger);
  }
`;

export interface ProgressBarProps extends Omit<AriaProgressBarProps, 'children'> {
  /** Visible label; without it pass `aria-label`. */
  label?: ReactNode;
  /**
   * Shows the formatted value (`45%`, or `valueLabel`) next to the label.
   * @default true
   */
  showValueLabel?: boolean;
  /**
   * Colour of the fill (`danger` for a failed upload).
   * @default 'default'
   */
  variant?: 'default' | 'success' | 'danger';
  /**
   * @default 'md'
   */
  size?: 'sm' | 'md';
}

/** Progress of a task (an upload, an import). `isIndeterminate` when the amount is unknown. */
export function ProgressBar({
  label,
  showValueLabel = true,
  variant = 'default',
  size = 'md',
  ...props
}: ProgressBarProps) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaProgressBar {...props} css={barFieldStyles} data-variant={variant} data-size={size}>
        {({ percentage, valueText, isIndeterminate }) => (
          <>
            {label && <Label className="bar-label">{label}</Label>}
            {showValueLabel && !isIndeterminate && <span className="bar-value">{valueText}</span>}
            <div className="bar-track">
              <div
                className="bar-fill"
                css={
                  isIndeterminate
                    ? css`
                        width: 40%;
                        animation: ${indeterminate} 1.2s var(--easing-standard) infinite;
                      `
                    : undefined
                }
                style={isIndeterminate ? undefined : { width: `${percentage}%` }}
              />
            </div>
          </>
        )}
      </AriaProgressBar>
    </I18nProvider>
  );
}
