import type { HTMLAttributes } from 'react';

export type TextVariant = 'body' | 'muted' | 'small';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /**
   * `muted` is secondary text; `small` is muted and smaller (hints, captions).
   * @default 'body'
   */
  variant?: TextVariant;
  /**
   * @default 'p'
   */
  as?: 'p' | 'span' | 'div' | 'strong';
}

const variants = {
  body: { color: 'var(--color-text)', fontSize: 'var(--font-size-md)' },
  muted: { color: 'var(--color-text-muted)', fontSize: 'var(--font-size-md)' },
  small: { color: 'var(--color-text-muted)', fontSize: 'var(--font-size-sm)' },
} as const;

/** Body copy. */
export function Text({ variant = 'body', as: Element = 'p', ...props }: TextProps) {
  return (
    <Element
      data-variant={variant}
      {...props}
      css={{ margin: 0, lineHeight: 'var(--line-height-normal)', ...variants[variant] }}
    />
  );
}
