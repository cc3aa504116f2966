import type { ReactNode } from 'react';
import { Dialog as AriaDialog, type DialogProps as AriaDialogProps } from 'react-aria-components';
import { Heading } from '../Heading/Heading';
import { IconClose } from '../Icon';
import { IconButton } from '../IconButton/IconButton';

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  /** Dialog title (its accessible name). */
  title: ReactNode;
  /** Body; a function receives `close`. */
  children?: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Actions row; a function receives `close`. */
  footer?: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /**
   * Shows a close button ('Fechar') in the header.
   * @default true
   */
  hasCloseButton?: boolean;
}

/** The content of a modal: title, body, actions. Use inside `Modal` or RAC `DialogTrigger` + `Modal`. */
export function Dialog({ title, children, footer, hasCloseButton = true, ...props }: DialogProps) {
  return (
    <AriaDialog
      {...props}
      css={{
        outline: 'none',
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--space-4)',
        flex: '1 1 auto',
        minHeight: 0,
      }}
    >
      {({ close }) => (
        <>
          <div
            css={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 'var(--space-3)' }}
          >
            <Heading slot="title" level={2} size={3} css={{ paddingTop: 4 }}>
              {title}
            </Heading>
            {hasCloseButton && (
              <IconButton aria-label="Fechar" size="sm" icon={<IconClose size={18} />} onPress={close} />
            )}
          </div>
          <div css={{ overflowY: 'auto', minHeight: 0, color: 'var(--color-text)' }}>
            {typeof children === 'function' ? children({ close }) : children}
          </div>
          {footer && (
            <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 'var(--space-2)', flexWrap: 'wrap' }}>
              {typeof footer === 'function' ? footer({ close }) : footer}
            </div>
          )}
        </>
      )}
    </AriaDialog>
  );
}
