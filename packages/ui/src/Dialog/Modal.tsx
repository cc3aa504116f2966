import { keyframes } from '@emotion/react';
import { Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Dialog, type DialogProps } from './Dialog';

export interface ModalProps extends Pick<DialogProps, 'title' | 'children' | 'footer' | 'hasCloseButton' | 'role'> {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /**
   * Closes on a click outside. Escape always closes unless `isKeyboardDismissDisabled`.
   * @default false
   */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /**
   * Maximum width.
   * @default 'md'
   */
  size?: 'sm' | 'md' | 'lg';
}

const fade = keyframes`from { opacity: 0; }`;
const rise = keyframes`from { opacity: 0; transform: translateY(8px) scale(0.98); }`;
const widths = { sm: 400, md: 520, lg: 720 };

/** A controlled modal dialog with a title, body and actions (RAC ModalOverlay + Modal + Dialog). */
export function Modal({
  isOpen,
  onOpenChange,
  isDismissable = false,
  isKeyboardDismissDisabled,
  size = 'md',
  ...dialogProps
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 1050,
        display: 'grid',
        placeItems: 'center',
        padding: 'var(--space-4)',
        background: 'var(--color-overlay)',
        '@media (max-width: 767px)': { padding: 'var(--space-2)' },
        '&[data-entering]': { animation: `${fade} var(--duration-normal) var(--easing-standard)` },
      }}
    >
      <AriaModal
        css={{
          width: '100%',
          maxWidth: widths[size],
          // The dynamic viewport: with the portal's `interactive-widget=resizes-content`, a phone's keyboard
          // shrinks it, so the footer's buttons stay above the keyboard while the body scrolls.
          maxHeight: 'calc(100dvh - 2 * var(--space-4))',
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          padding: 'var(--space-5)',
          background: 'var(--color-surface)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border)',
          borderRadius: 'var(--radius-lg)',
          boxShadow: 'var(--shadow-2)',
          outline: 'none',
          '&[data-entering]': { animation: `${rise} var(--duration-normal) var(--easing-standard)` },
          '@media (max-width: 767px)': {
            maxHeight: 'calc(100dvh - 2 * var(--space-2))',
            padding: 'var(--space-4)',
          },
        }}
      >
        <Dialog {...dialogProps} />
      </AriaModal>
    </ModalOverlay>
  );
}

export { DialogTrigger } from 'react-aria-components';
