import type { HTMLAttributes, ReactNode } from 'react';
import { IconCheckCircle, IconError, IconInfo, IconWarning } from '../Icon';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface InlineAlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}

const icons = { info: IconInfo, success: IconCheckCircle, warning: IconWarning, danger: IconError };

/**
 * A message inside the page. `warning` and `danger` are announced at once (`role="alert"`);
 * `info` and `success` politely (`role="status"`).
 */
export function InlineAlert({ tone, title, children, ...props }: InlineAlertProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
      data-tone={tone}
      {...props}
      css={{
        display: 'flex',
        gap: 'var(--space-3)',
        alignItems: 'flex-start',
        padding: 'var(--space-3) var(--space-4)',
        borderRadius: 'var(--radius-md)',
        border: '1px solid',
        fontSize: 'var(--font-size-sm)',
        color: 'var(--color-text)',
        '&[data-tone="info"]': {
          background: 'var(--color-info-surface)',
          borderColor: 'var(--color-info)',
          '--alert-accent': 'var(--color-info)',
        },
        '&[data-tone="success"]': {
          background: 'var(--color-success-surface)',
          borderColor: 'var(--color-success)',
          '--alert-accent': 'var(--color-success)',
        },
        '&[data-tone="warning"]': {
          background: 'var(--color-warning-surface)',
          borderColor: 'var(--color-warning)',
          '--alert-accent': 'var(--color-warning)',
        },
        '&[data-tone="danger"]': {
          background: 'var(--color-danger-surface)',
          borderColor: 'var(--color-danger)',
          '--alert-accent': 'var(--color-danger)',
        },
      }}
    >
      <span css={{ color: 'var(--alert-accent)', flex: 'none', marginTop: 1 }}>
        <Icon size={18} />
      </span>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        {title && <strong css={{ fontWeight: 600 }}>{title}</strong>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
