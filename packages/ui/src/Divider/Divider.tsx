import { Separator, type SeparatorProps } from 'react-aria-components';

export type DividerProps = SeparatorProps;

/** A thin rule between groups of content (`role="separator"`). */
export function Divider(props: DividerProps) {
  return (
    <Separator
      {...props}
      css={{
        border: 'none',
        margin: 0,
        flex: 'none',
        alignSelf: 'stretch',
        background: 'var(--color-border)',
        '&[aria-orientation="vertical"]': { width: 1, height: 'auto' },
        '&:not([aria-orientation="vertical"])': { height: 1, width: 'auto' },
      }}
    />
  );
}
