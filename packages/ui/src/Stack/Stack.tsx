import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface StackProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * Space between children, a step of the spacing scale (`--space-N`).
   * @default 3
   */
  gap?: SpaceStep;
  /**
   * @default 'column'
   */
  direction?: 'column' | 'row';
  /** `align-items`. */
  align?: CSSProperties['alignItems'];
  /** `justify-content`. */
  justify?: CSSProperties['justifyContent'];
  /** Lets row items wrap onto new lines. */
  wrap?: boolean;
  /**
   * Element to render.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'ul' | 'ol' | 'footer' | 'header' | 'nav';
  children?: ReactNode;
}

/** Lays children out in a column or row with a gap from the spacing scale. */
export function Stack({ gap = 3, direction = 'column', align, justify, wrap, as = 'div', ...props }: StackProps) {
  // All allowed tags share HTMLElement's attributes.
  const Element = as as 'div';
  const isList = as === 'ul' || as === 'ol';
  return (
    <Element
      {...props}
      css={{
        display: 'flex',
        flexDirection: direction,
        gap: gap === 0 ? 0 : `var(--space-${gap})`,
        alignItems: align,
        justifyContent: justify,
        flexWrap: wrap ? 'wrap' : undefined,
        minWidth: 0,
        ...(isList ? { listStyle: 'none', margin: 0, padding: 0 } : {}),
      }}
    />
  );
}
