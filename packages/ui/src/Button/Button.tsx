import { css } from '@emotion/react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Spinner } from '../Spinner/Spinner';
import { focusRing } from '../styles';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends AriaButtonProps {
  /**
   * Visual emphasis.
   * @default 'primary'
   */
  variant?: ButtonVariant;
  /**
   * @default 'md'
   */
  size?: ButtonSize;
  /** Stretches the button to the width of its container. */
  isFullWidth?: boolean;
  /** A long label breaks into lines when its container is narrower (a phone) instead of overflowing it. */
  isWrapping?: boolean;
}

export const buttonStyles = css`
  ${focusRing};
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  border: 1px solid transparent;
  border-radius: var(--radius-md);
  font-family: var(--font-sans);
  font-weight: var(--font-weight-semibold);
  line-height: var(--line-height-tight);
  white-space: nowrap;
  cursor: pointer;
  text-decoration: none;
  transition:
    background-color var(--duration-fast) var(--easing-standard),
    border-color var(--duration-fast) var(--easing-standard);
  -webkit-tap-highlight-color: transparent;

  &[data-size='sm'] {
    min-height: 32px;
    padding: 0 var(--space-3);
    font-size: var(--font-size-sm);
  }
  &[data-size='md'] {
    min-height: 40px;
    padding: 0 var(--space-4);
    font-size: var(--font-size-sm);
  }
  &[data-size='lg'] {
    min-height: 48px;
    padding: 0 var(--space-5);
    font-size: var(--font-size-md);
  }
  &[data-full-width] {
    width: 100%;
  }
  &[data-wrapping] {
    max-width: 100%;
    white-space: normal;
    text-align: start;
    padding-block: var(--space-1);
  }

  &[data-variant='primary'] {
    background: var(--color-action-bg);
    color: var(--color-action-text);
    &[data-hovered] {
      background: var(--color-action-bg-hover);
    }
    &[data-pressed] {
      background: var(--color-action-bg-pressed);
    }
  }
  &[data-variant='secondary'] {
    background: var(--color-surface);
    color: var(--color-text);
    border-color: var(--color-border-strong);
    &[data-hovered],
    &[data-pressed] {
      background: var(--color-surface-muted);
    }
  }
  &[data-variant='ghost'] {
    background: transparent;
    color: var(--color-text);
    &[data-hovered],
    &[data-pressed] {
      background: var(--color-surface-muted);
    }
  }
  &[data-variant='danger'] {
    background: var(--color-danger-bg);
    color: var(--color-danger-text);
    &[data-hovered],
    &[data-pressed] {
      background: var(--color-danger-bg-hover);
    }
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[data-pending] {
    cursor: progress;
  }
  /* While pending the label stays readable by assistive tech (it is the accessible name). */
  &[data-pending] > .button-label {
    opacity: 0;
  }
  & > .button-spinner {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
  }
`;

/** The main action control. `isPending` shows a spinner while keeping the accessible name. */
export function Button({ variant = 'primary', size = 'md', isFullWidth, isWrapping, children, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      data-variant={variant}
      data-size={size}
      data-full-width={isFullWidth || undefined}
      data-wrapping={isWrapping || undefined}
      css={buttonStyles}
    >
      {composeRenderProps(children, (children, { isPending }) => (
        <>
          <span className="button-label" css={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-2)' }}>
            {children}
          </span>
          {isPending && (
            <span className="button-spinner">
              {/* RAC links this progress bar into the button's name via ProgressBarContext. */}
              <Spinner size={size === 'lg' ? 22 : 18} />
            </span>
          )}
        </>
      ))}
    </AriaButton>
  );
}
