import type { HTMLAttributes, ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /**
   * @default 'neutral'
   */
  tone?: BadgeTone;
  children: ReactNode;
}

/** A short status label ("Ativo", "Pendente", a count). */
export function Badge({ tone = 'neutral', ...props }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      {...props}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 'var(--space-1)',
        minHeight: 22,
        maxWidth: '100%',
        padding: '3px var(--space-2)',
        borderRadius: 'var(--radius-full)',
        fontSize: 'var(--font-size-xs)',
        fontWeight: 600,
        lineHeight: 1.15,
        // A long badge wraps inside its container (a phone's narrow card) instead of spilling out of it.
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        border: '1px solid currentColor',
        '&[data-tone="neutral"]': {
          background: 'var(--color-surface-muted)',
          color: 'var(--color-text)',
          borderColor: 'var(--color-border)',
        },
        '&[data-tone="info"]': { background: 'var(--color-info-surface)', color: 'var(--color-info)' },
        '&[data-tone="success"]': { background: 'var(--color-success-surface)', color: 'var(--color-success)' },
        '&[data-tone="warning"]': { background: 'var(--color-warning-surface)', color: 'var(--color-warning)' },
        '&[data-tone="danger"]': { background: 'var(--color-danger-surface)', color: 'var(--color-danger)' },
      }}
    />
  );
}
