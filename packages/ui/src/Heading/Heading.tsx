import { Heading as AriaHeading, type HeadingProps as AriaHeadingProps } from 'react-aria-components';

export interface HeadingProps extends Omit<AriaHeadingProps, 'level'> {
  /** Document outline level (`h1`–`h4`). */
  level: 1 | 2 | 3 | 4;
  /** Visual size when it should differ from the level. */
  size?: 1 | 2 | 3 | 4;
}

const sizes = {
  1: { fontSize: 'var(--font-size-3xl)', fontWeight: 700 },
  2: { fontSize: 'var(--font-size-2xl)', fontWeight: 700 },
  3: { fontSize: 'var(--font-size-xl)', fontWeight: 600 },
  4: { fontSize: 'var(--font-size-lg)', fontWeight: 600 },
} as const;

/** Section title. Works as a dialog's title (`slot="title"`) through RAC's HeadingContext. */
export function Heading({ level, size = level, ...props }: HeadingProps) {
  return (
    <AriaHeading
      level={level}
      {...props}
      css={{
        margin: 0,
        color: 'var(--color-text)',
        lineHeight: 'var(--line-height-tight)',
        letterSpacing: '-0.01em',
        ...sizes[size],
      }}
    />
  );
}
