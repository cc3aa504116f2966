import type { ReactNode } from 'react';
import { Brand } from '../Brand/Brand';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Right side of the header (e.g. an "Entrar" link). */
  headerEnd?: ReactNode;
  /**
   * Maximum width of the content column.
   * @default 960
   */
  maxWidth?: number;
}

/** A simple light page frame for public pages (privacy policy, print): brand header and main. */
export function PublicLayout({ children, headerEnd, maxWidth = 960 }: PublicLayoutProps) {
  return (
    <div
      css={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        background: 'var(--color-bg)',
        color: 'var(--color-text)',
      }}
    >
      <header
        css={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 'var(--space-4)',
          padding: 'var(--space-3) var(--space-5)',
          background: 'var(--color-surface)',
          borderBottom: '1px solid var(--color-border)',
        }}
      >
        <Brand />
        {headerEnd}
      </header>
      <main css={{ flex: 1, width: '100%', maxWidth, margin: '0 auto', padding: 'var(--space-6) var(--space-5)' }}>
        {children}
      </main>
    </div>
  );
}
