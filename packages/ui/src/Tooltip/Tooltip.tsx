import { css } from '@emotion/react';
import type { ReactElement, ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
  type TooltipTriggerComponentProps,
} from 'react-aria-components';

const tooltipStyles = css`
  max-width: 280px;
  padding: var(--space-1) var(--space-2);
  border-radius: var(--radius-sm);
  /* Inverted colours: text colour as background, page background as text (AA in both themes). */
  background: var(--color-text);
  color: var(--color-bg);
  font-size: var(--font-size-sm);
  line-height: var(--line-height-tight);
  box-shadow: var(--shadow-1);
  &[data-entering] {
    animation: tooltip-in var(--duration-fast) var(--easing-standard);
  }
  @keyframes tooltip-in {
    from {
      opacity: 0;
    }
  }
  & .tooltip-arrow svg {
    display: block;
    fill: var(--color-text);
  }
  &[data-placement='bottom'] .tooltip-arrow svg {
    transform: rotate(180deg);
  }
  &[data-placement='right'] .tooltip-arrow svg {
    transform: rotate(90deg);
  }
  &[data-placement='left'] .tooltip-arrow svg {
    transform: rotate(-90deg);
  }
`;

export interface TooltipProps
  extends Omit<TooltipTriggerComponentProps, 'children'>, Pick<AriaTooltipProps, 'placement' | 'offset'> {
  /** The hint. Keep it short; it is announced as the trigger's description. */
  content: ReactNode;
  /** A focusable element: `Button`, `IconButton`, a RAC `Link`… */
  children: ReactElement;
  /**
   * Milliseconds before showing on hover (focus shows it at once).
   * @default 600
   */
  delay?: number;
}

/**
 * A short hint shown on hover and keyboard focus. Not for essential information, and never the
 * only name of an icon button (give it `aria-label` too).
 */
export function Tooltip({ content, children, placement = 'top', offset = 8, delay = 600, ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} {...props}>
      {children}
      <AriaTooltip placement={placement} offset={offset} css={tooltipStyles}>
        <OverlayArrow className="tooltip-arrow">
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
