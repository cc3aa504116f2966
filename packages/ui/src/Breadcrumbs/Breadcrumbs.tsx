import { css } from '@emotion/react';
import {
  Breadcrumb as AriaBreadcrumb,
  Breadcrumbs as AriaBreadcrumbs,
  Link,
  type BreadcrumbProps as AriaBreadcrumbProps,
  type BreadcrumbsProps as AriaBreadcrumbsProps,
} from 'react-aria-components';
import { IconChevronRight } from '../Icon';
import { linkTargetSize } from '../Link/Link';

const listStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: var(--font-size-sm);
  color: var(--color-text-muted);
`;

const itemStyles = css`
  display: inline-flex;
  align-items: center;
  & .breadcrumb-separator {
    margin: 0 var(--space-1);
    color: var(--color-text-muted);
  }
  & a {
    ${linkTargetSize};
    color: var(--color-link);
    text-decoration: none;
    border-radius: var(--radius-sm);
    outline: none;
    cursor: pointer;
  }
  & a[data-hovered] {
    text-decoration: underline;
  }
  & a[data-focus-visible] {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
  & a[data-current] {
    color: var(--color-text);
    font-weight: var(--font-weight-medium);
    cursor: default;
    text-decoration: none;
  }
`;

export interface BreadcrumbsProps<T extends object> extends AriaBreadcrumbsProps<T> {
  /**
   * Accessible name of the `nav` landmark.
   * @default 'Trilha de navegação'
   */
  'aria-label'?: string;
}

/** Where the current page sits in the hierarchy; the last item is the current page (`aria-current="page"`). */
export function Breadcrumbs<T extends object>({
  'aria-label': ariaLabel = 'Trilha de navegação',
  ...props
}: BreadcrumbsProps<T>) {
  return (
    <nav aria-label={ariaLabel}>
      <AriaBreadcrumbs {...props} css={listStyles} />
    </nav>
  );
}

export interface BreadcrumbProps extends Omit<AriaBreadcrumbProps, 'children'> {
  /** Destination; omit on the current page. */
  href?: string;
  children: React.ReactNode;
}

/** One step of the trail. */
export function Breadcrumb({ href, children, ...props }: BreadcrumbProps) {
  return (
    <AriaBreadcrumb {...props} css={itemStyles}>
      {({ isCurrent }) => (
        <>
          <Link href={href}>{children}</Link>
          {!isCurrent && <IconChevronRight className="breadcrumb-separator" size={14} />}
        </>
      )}
    </AriaBreadcrumb>
  );
}
