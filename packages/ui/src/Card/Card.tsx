import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Heading } from '../Heading/Heading';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Card title; also names the card for assistive tech. */
  title?: ReactNode;
  description?: ReactNode;
  /** Actions row at the bottom (e.g. buttons). */
  footer?: ReactNode;
  /**
   * Heading level of the title.
   * @default 2
   */
  headingLevel?: 1 | 2 | 3 | 4;
  children?: ReactNode;
}

/** A surface that groups related content. With a `title` it is a named `section`. */
export function Card({ title, description, footer, headingLevel = 2, children, ...props }: CardProps) {
  const titleId = useId();
  const Element = title ? 'section' : 'div';
  return (
    <Element
      aria-labelledby={title ? titleId : undefined}
      {...props}
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--space-4)',
        padding: 'var(--space-5)',
        background: 'var(--color-surface)',
        color: 'var(--color-text)',
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-lg)',
        boxShadow: 'var(--shadow-1)',
        minWidth: 0,
      }}
    >
      {(title || description) && (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-1)' }}>
          {title && (
            <Heading level={headingLevel} size={headingLevel === 1 ? 2 : 4} id={titleId}>
              {title}
            </Heading>
          )}
          {description && (
            <p css={{ margin: 0, color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' }}>{description}</p>
          )}
        </div>
      )}
      {children}
      {footer && (
        <div css={{ display: 'flex', gap: 'var(--space-2)', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {footer}
        </div>
      )}
    </Element>
  );
}
