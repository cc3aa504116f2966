import type { ReactNode } from 'react';

export interface TopBarProps {
  /** Current area name, shown after `start`. */
  title?: ReactNode;
  /** Left side (e.g. the drawer toggle). */
  start?: ReactNode;
  /** Right side (e.g. notifications and the account menu). */
  end?: ReactNode;
}

/** The bar's height: what other sticky parts of a page keep clear of (it stays at the top, above them). */
export const TOP_BAR_HEIGHT = 60;

/** The private area's header bar (`banner` landmark). */
export function TopBar({ title, start, end }: TopBarProps) {
  return (
    <header
      css={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--space-3)',
        minHeight: TOP_BAR_HEIGHT,
        padding: '0 var(--space-4)',
        background: 'var(--color-surface)',
        borderBottom: '1px solid var(--color-border)',
        color: 'var(--color-text)',
      }}
    >
      {start}
      {title && (
        <span
          css={{
            fontWeight: 600,
            fontSize: 'var(--font-size-lg)',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </span>
      )}
      <div css={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 'var(--space-2)' }}>{end}</div>
    </header>
  );
}
