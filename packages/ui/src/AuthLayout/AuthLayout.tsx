import type { ReactNode } from 'react';
import { Brand } from '../Brand/Brand';
import { Heading } from '../Heading/Heading';
import { ThemeProvider } from '../theme/ThemeProvider';

export interface AuthLayoutProps {
  /** Page title (the `h1`), e.g. 'Entrar'. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Below the card, e.g. "Ainda não tem conta? Criar conta". */
  footer?: ReactNode;
}

/** The dark, full-height layout of the auth pages: brand on top, a centred card with the form. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <ThemeProvider mode="dark">
      <div
        css={{
          minHeight: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          padding: 'var(--space-6) var(--space-4)',
          gap: 'var(--space-6)',
          background:
            'radial-gradient(1200px 600px at 50% -200px, rgba(37, 99, 235, 0.22), transparent 70%), var(--color-bg)',
          color: 'var(--color-text)',
        }}
      >
        <header>
          <Brand />
        </header>
        <main
          css={{
            width: '100%',
            maxWidth: 420,
            display: 'flex',
            flexDirection: 'column',
            gap: 'var(--space-5)',
            margin: 'auto 0',
          }}
        >
          <div
            css={{
              display: 'flex',
              flexDirection: 'column',
              gap: 'var(--space-5)',
              padding: 'var(--space-6) var(--space-5)',
              background: 'var(--color-surface)',
              border: '1px solid var(--color-border)',
              borderRadius: 'var(--radius-lg)',
              boxShadow: 'var(--shadow-2)',
            }}
          >
            <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-2)' }}>
              <Heading level={1} size={2}>
                {title}
              </Heading>
              {subtitle && (
                <p css={{ margin: 0, color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}>{subtitle}</p>
              )}
            </div>
            {children}
          </div>
          {footer && <div css={{ textAlign: 'center', fontSize: 'var(--font-size-sm)' }}>{footer}</div>}
        </main>
      </div>
    </ThemeProvider>
  );
}
