import type { ReactNode } from 'react';
import { Heading } from '../Heading';
import { Text } from '../Text';

const widths = { sm: '560px', md: '760px', lg: '1080px', full: 'none' } as const;

export interface PageProps {
  /** The page's `h1`. */
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons at the end of the header (stack under the title on phones). */
  actions?: ReactNode;
  /**
   * How wide the content may grow: forms read best narrow, tables need room.
   * @default 'md'
   */
  width?: keyof typeof widths;
  children: ReactNode;
}

/** A private-area screen: title, description, actions and the content, with a readable width. */
export function Page({ title, description, actions, width = 'md', children }: PageProps) {
  return (
    <div css={{ maxWidth: widths[width], display: 'flex', flexDirection: 'column', gap: 'var(--space-5)' }}>
      <header
        css={{
          display: 'flex',
          gap: 'var(--space-4)',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-1)', minWidth: 0 }}>
          <Heading level={1}>{title}</Heading>
          {description ? <Text variant="muted">{description}</Text> : null}
        </div>
        {actions ? <div css={{ display: 'flex', gap: 'var(--space-2)', flexWrap: 'wrap' }}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
