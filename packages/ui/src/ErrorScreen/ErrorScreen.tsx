import type { ReactNode } from 'react';
import { Heading } from '../Heading/Heading';
import { IconWarning } from '../Icon';

export interface ErrorScreenProps {
  /** E.g. 'Unexpected Application Error!' or 'Página não encontrada'. */
  title: ReactNode;
  /** The status or message to show. */
  message?: ReactNode;
  /** A way out, e.g. a button back to the start. */
  action?: ReactNode;
  /**
   * Landmark: `main` for a whole page, `div` inside a layout that already has a `main`.
   * @default 'main'
   */
  as?: 'main' | 'div';
}

/** Full-page error (route error page, 404). */
export function ErrorScreen({ title, message, action, as: Element = 'main' }: ErrorScreenProps) {
  return (
    <Element
      css={{
        minHeight: Element === 'main' ? '100dvh' : '60vh',
        display: 'grid',
        placeItems: 'center',
        padding: 'var(--space-6) var(--space-4)',
        background: 'var(--color-bg)',
        color: 'var(--color-text)',
      }}
    >
      <div
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 'var(--space-4)',
          textAlign: 'center',
          maxWidth: 520,
        }}
      >
        <span
          aria-hidden="true"
          css={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: 'var(--radius-full)',
            background: 'var(--color-danger-surface)',
            color: 'var(--color-danger)',
          }}
        >
          <IconWarning size={28} />
        </span>
        <Heading level={1} size={2}>
          {title}
        </Heading>
        {message && <p css={{ margin: 0, color: 'var(--color-text-muted)', overflowWrap: 'anywhere' }}>{message}</p>}
        {action && <div css={{ marginTop: 'var(--space-2)' }}>{action}</div>}
      </div>
    </Element>
  );
}
