import { css } from '@emotion/react';
import {
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type UNSTABLE_ToastQueue as ToastQueue,
} from 'react-aria-components';
import { IconCheckCircle, IconClose, IconError, IconInfo } from '../Icon';
import { IconButton } from '../IconButton/IconButton';
import { focusRing } from '../styles';
import { toastQueue, type ToastContent } from './toastQueue';

export interface ToastRegionProps {
  /**
   * The queue to render.
   * @default toastQueue
   */
  queue?: ToastQueue<ToastContent>;
  /**
   * Accessible name of the region.
   * @default 'Notificações'
   */
  'aria-label'?: string;
}

const regionStyles = css`
  position: fixed;
  top: var(--space-4);
  right: var(--space-4);
  left: auto;
  z-index: 1100;
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  width: min(380px, calc(100vw - 2 * var(--space-4)));
  outline: none;
  &:empty {
    display: none;
  }
  &[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

const toastStyles = css`
  ${focusRing};
  display: flex;
  align-items: flex-start;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-3) var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  border: 1px solid var(--color-border);
  border-left-width: 4px;
  background: var(--color-surface);
  color: var(--color-text);
  box-shadow: var(--shadow-2);
  font-size: var(--font-size-sm);
  &[data-tone='success'] {
    border-left-color: var(--color-success);
  }
  &[data-tone='error'] {
    border-left-color: var(--color-danger);
  }
  &[data-tone='info'] {
    border-left-color: var(--color-info);
  }
  & .toast-icon {
    flex: none;
    margin-top: 1px;
  }
  &[data-tone='success'] .toast-icon {
    color: var(--color-success);
  }
  &[data-tone='error'] .toast-icon {
    color: var(--color-danger);
  }
  &[data-tone='info'] .toast-icon {
    color: var(--color-info);
  }
`;

const toneIcon = { success: IconCheckCircle, error: IconError, info: IconInfo };

/** Renders the toast queue (newest on top). Mount once, near the root of the app. */
export function ToastRegion({ queue = toastQueue, 'aria-label': ariaLabel = 'Notificações' }: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} aria-label={ariaLabel} css={regionStyles}>
      {({ toast }) => {
        const Icon = toneIcon[toast.content.tone];
        return (
          <AriaToast toast={toast} data-tone={toast.content.tone} css={toastStyles}>
            <span className="toast-icon">
              <Icon size={20} />
            </span>
            <AriaToastContent css={{ flex: 1, minWidth: 0, paddingTop: 1 }}>
              <Text slot="title" css={{ display: 'block', fontWeight: 'var(--font-weight-semibold)' }}>
                {toast.content.title}
              </Text>
              {toast.content.description && (
                <Text slot="description" css={{ display: 'block', color: 'var(--color-text-muted)', marginTop: 2 }}>
                  {toast.content.description}
                </Text>
              )}
            </AriaToastContent>
            <IconButton slot="close" aria-label="Fechar" size="sm" icon={<IconClose size={16} />} />
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
