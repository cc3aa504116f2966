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

const linkStyles = css`
  ${focusRing};
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
