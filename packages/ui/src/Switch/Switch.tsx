import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, Text, type SwitchFieldProps } from 'react-aria-components';
import { choiceStyles } from '../Checkbox/Checkbox';

const switchStyles = css`
  ${choiceStyles};
  align-items: center;
  & .switch-track {
    flex: none;
    position: relative;
    width: 40px;
    height: 24px;
    border-radius: var(--radius-full);
    background: var(--color-surface);
    border: 2px solid var(--color-border-strong);
    transition: background-color var(--duration-fast) var(--easing-standard);
  }
  & .switch-thumb {
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: var(--radius-full);
    background: var(--color-border-strong);
    transition: transform var(--duration-fast) var(--easing-standard);
  }
  &[data-selected] .switch-track {
    background: var(--color-action-bg);
    border-color: var(--color-action-bg);
  }
  &[data-selected] .switch-thumb {
    transform: translateX(16px);
    background: var(--color-action-text);
  }
  &[data-pressed] .switch-track {
    border-color: var(--color-action-bg-pressed);
  }
  &[data-focus-visible] .switch-track {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

export interface SwitchProps extends Omit<SwitchFieldProps, 'children'> {
  /** Visible label (also the accessible name). */
  children: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  /**
   * Puts the label before the switch (settings lists).
   * @default 'end'
   */
  labelPosition?: 'start' | 'end';
}

/** An on/off setting that takes effect immediately (RAC SwitchField). */
export function Switch({ children, description, labelPosition = 'end', ...props }: SwitchProps) {
  return (
    <SwitchField
      {...props}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 2px;
        & [slot='description'] {
          font-size: var(--font-size-sm);
          color: var(--color-text-muted);
          padding-left: ${labelPosition === 'end' ? '48px' : '0'};
        }
      `}
    >
      <SwitchButton css={switchStyles} data-label-position={labelPosition}>
        {labelPosition === 'start' && <span css={{ flex: 1 }}>{children}</span>}
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        {labelPosition === 'end' && children}
      </SwitchButton>
      {description && <Text slot="description">{description}</Text>}
    </SwitchField>
  );
}
