import type { ReactNode } from 'react';
import { visuallyHidden } from '../styles';

export interface AppShellProps {
  /** The side navigation, usually a `Drawer`. */
  drawer: ReactNode;
  /** The header, usually a `TopBar`. */
  header: ReactNode;
  /** The page. */
  children: ReactNode;
  /**
   * Id of the `main` element (target of the skip link).
   * @default 'conteudo-principal'
   */
  mainId?: string;
}

/**
 * The private area's frame: drawer column, header and main content, with a skip link.
 * The drawer column takes the drawer's width, so on phones it shrinks to the drawer's rail.
 */
export function AppShell({ drawer, header, children, mainId = 'conteudo-principal' }: AppShellProps) {
  return (
    <div css={{ display: 'flex', minHeight: '100dvh', background: 'var(--color-bg)', color: 'var(--color-text)' }}>
      <a
        href={`#${mainId}`}
        css={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            top: 8,
            left: 8,
            zIndex: 100,
            width: 'auto',
            height: 'auto',
            margin: 0,
            clip: 'auto',
            padding: 'var(--space-2) var(--space-3)',
            background: 'var(--color-surface)',
            color: 'var(--color-link)',
            borderRadius: 'var(--radius-md)',
            boxShadow: 'var(--shadow-2)',
          },
        }}
      >
        Pular para o conteúdo
      </a>
      <div css={{ flex: 'none' }}>{drawer}</div>
      <div css={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {header}
        <main
          id={mainId}
          tabIndex={-1}
          css={{
            flex: 1,
            padding: 'var(--space-5)',
            outline: 'none',
            '@media (max-width: 767px)': { padding: 'var(--space-4)' },
          }}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
