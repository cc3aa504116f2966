import type { ReactNode } from 'react';
import { Heading } from '../Heading/Heading';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Main action, e.g. a "Novo cliente" button. */
  action?: ReactNode;
  /** Decorative icon. */
  icon?: ReactNode;
  /**
   * @default 2
   */
  headingLevel?: 1 | 2 | 3 | 4;
}

/** What a list or screen shows when there is nothing yet, with the next step. */
export function EmptyState({ title, description, action, icon, headingLevel = 2 }: EmptyStateProps) {
  return (
    <div
      css={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 'var(--space-3)',
        padding: 'var(--space-7) var(--space-4)',
        color: 'var(--color-text)',
      }}
    >
      {icon && (
        <span
          aria-hidden="true"
          css={{
            display: 'grid',
            placeItems: 'center',
            width: 56,
            height: 56,
            borderRadius: 'var(--radius-full)',
            background: 'var(--color-surface-muted)',
            color: 'var(--color-text-muted)',
          }}
        >
          {icon}
        </span>
      )}
      <Heading level={headingLevel} size={4}>
        {title}
      </Heading>
      {description && (
        <p css={{ margin: 0, maxWidth: 420, color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}>
          {description}
        </p>
      )}
      {action && <div css={{ marginTop: 'var(--space-2)' }}>{action}</div>}
    </div>
  );
}
