import { css } from '@emotion/react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { focusRing } from '../styles';

export interface LinkProps extends AriaLinkProps {
  /**
   * `inline` sits in running text (underlined); `standalone` stands on its own (underlined on hover).
   * @default 'inline'
   */
  variant?: 'inline' | 'standalone';
}

/**
 * A link's target at least 24 px tall (WCAG 2.2 target size) without moving any text: the block padding makes
 * the box about 26 px tall whatever the font size (the box of a line of Inter is 1.21 em), and the same negative
 * margin gives the space back. In running text neither moves the line (an inline box's vertical padding and
 * margin never do); as a flex or block item the two cancel out. For plain anchors styled by hand too.
 */
export const linkTargetSize = css`
  --link-target-pad: max(0px, calc((26px - 1.2em) / 2));
  padding-block: var(--link-target-pad);
  margin-block: calc(-1 * var(--link-target-pad));
`;

const linkStyles = css`
  ${focusRing};
  ${linkTargetSize};
  color: var(--color-link);
  cursor: pointer;
  border-radius: var(--radius-sm);
  text-underline-offset: 0.2em;
  &[data-variant='inline'] {
    text-decoration: underline;
  }
  &[data-variant='standalone'] {
    font-weight: var(--font-weight-medium);
    text-decoration: none;
    &[data-hovered] {
      text-decoration: underline;
    }
  }
  &[data-disabled] {
    cursor: not-allowed;
    color: var(--color-text-muted);
  }
`;

/**
 * A navigation link. Inside RAC's `RouterProvider` (set up by the app with its router's
 * `navigate`) an `href` navigates client-side.
 */
export function Link({ variant = 'inline', ...props }: LinkProps) {
  return <AriaLink {...props} data-variant={variant} css={linkStyles} />;
}
