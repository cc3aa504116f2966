import { css } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as AriaLink, Tooltip, TooltipTrigger } from 'react-aria-components';
import { Brand } from '../Brand/Brand';
import { focusRing, visuallyHidden } from '../styles';

export interface DrawerItem {
  href: string;
  label: string;
  /** Decorative icon; the only thing visible when the drawer is closed. */
  icon?: ReactNode;
  /** E.g. a count `Badge`. */
  badge?: ReactNode;
}

export interface DrawerProps {
  items: DrawerItem[];
  /** The current path; the matching item (or its closest parent) gets `aria-current="page"`. */
  currentHref?: string;
  /** Controlled open state. Open shows icons and labels; closed shows a narrow icon rail. */
  isOpen?: boolean;
  /**
   * Uncontrolled initial state.
   * @default true
   */
  defaultOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Accessible name of the `nav` landmark.
   * @default 'Navegação principal'
   */
  'aria-label'?: string;
  /** Extra content at the bottom (e.g. plan status). Hidden in the rail. */
  footer?: ReactNode;
}

const MOBILE = '@media (max-width: 767px)';

const navStyles = css`
  position: sticky;
  top: 0;
  height: 100dvh;
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  width: 272px;
  padding: var(--space-3);
  background: var(--color-surface);
  border-right: 1px solid var(--color-border);
  color: var(--color-text);
  overflow-x: hidden;
  overflow-y: auto;
  transition: width var(--duration-normal) var(--easing-standard);

  &[data-open='false'] {
    width: 68px;
  }
  ${MOBILE} {
    width: 68px;
    &[data-open='true'] {
      position: fixed;
      left: 0;
      z-index: 40;
      width: min(280px, 85vw);
      box-shadow: var(--shadow-2);
    }
  }

  & .drawer-brand {
    display: flex;
    align-items: center;
    min-height: 44px;
    padding: 0 var(--space-2);
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
`;

/** Behind the floating drawer on phones: dims the page; a tap on it closes the drawer. */
const scrimStyles = css`
  position: fixed;
  inset: 0;
  z-index: 39;
  background: rgb(15 23 42 / 0.4);
`;

const linkStyles = css`
  ${focusRing};
  position: relative;
  display: flex;
  align-items: center;
  gap: var(--space-3);
  min-height: 44px;
  padding: 0 var(--space-3);
  border-radius: var(--radius-md);
  color: var(--color-text-muted);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;

  &[data-hovered] {
    background: var(--color-surface-muted);
    color: var(--color-text);
  }
  &[aria-current='page'] {
    background: var(--color-info-surface);
    color: var(--color-info);
    font-weight: var(--font-weight-semibold);
  }
  & .drawer-icon {
    display: inline-flex;
    flex: none;
    width: 20px;
    justify-content: center;
  }
  & .drawer-label {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* Rail: labels stay in the accessibility tree (they name the links) but are not shown. */
  [data-open='false'] & .drawer-label,
  [data-open='false'] & .drawer-badge {
    ${visuallyHidden};
  }
  ${MOBILE} {
    [data-open='false'] & .drawer-label,
    [data-open='false'] & .drawer-badge {
      ${visuallyHidden};
    }
  }
`;

const tooltipStyles = css`
  padding: var(--space-1) var(--space-2);
  border-radius: var(--radius-sm);
  background: var(--color-text);
  color: var(--color-bg);
  font-size: var(--font-size-sm);
  box-shadow: var(--shadow-1);
`;

function isCurrent(href: string, currentHref: string | undefined, items: DrawerItem[]) {
  if (!currentHref) return false;
  if (currentHref === href) return true;
  // Nested routes (/clients/profile/1) mark their section unless a closer item matches.
  const prefix = (h: string) => h !== '/' && currentHref.startsWith(h.endsWith('/') ? h : `${h}/`);
  if (!prefix(href)) return false;
  return !items.some(
    (other) =>
      other.href !== href && other.href.length > href.length && (other.href === currentHref || prefix(other.href)),
  );
}

/** True on phone-sized screens (below 768 px), where the open drawer floats over the page. */
export function useIsMobile() {
  const query = '(max-width: 767px)';
  const [isMobile, setMobile] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const update = () => setMobile(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, []);
  return isMobile;
}

/**
 * The private area's side navigation (`nav` landmark). Open: icons and labels. Closed: a narrow
 * rail of icons whose labels stay accessible and show as tooltips. On phones the rail is the
 * resting state and the open drawer floats over a dimmed page (a tap outside or Escape closes it).
 */
export function Drawer({
  items,
  currentHref,
  isOpen: controlledOpen,
  defaultOpen = true,
  onOpenChange,
  'aria-label': ariaLabel = 'Navegação principal',
  footer,
}: DrawerProps) {
  const [innerOpen, setInnerOpen] = useState(defaultOpen);
  const isOpen = controlledOpen ?? innerOpen;
  const isMobile = useIsMobile();
  const setOpen = (open: boolean) => {
    if (controlledOpen === undefined) setInnerOpen(open);
    onOpenChange?.(open);
  };
  const showsLabels = isOpen && !isMobile ? true : isOpen;
  const isRail = !showsLabels || (isMobile && !isOpen);

  return (
    <>
      {isMobile && isOpen ? (
        <div aria-hidden="true" data-testid="drawer-scrim" css={scrimStyles} onClick={() => setOpen(false)} />
      ) : null}
      {/* Escape closes the open drawer on a phone: a key handler on the landmark around its links. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        aria-label={ariaLabel}
        data-open={String(isOpen)}
        css={navStyles}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && isMobile && isOpen) setOpen(false);
        }}
      >
        <div className="drawer-brand">
          <Brand isCompact={isRail} />
        </div>
        <ul>
          {items.map((item) => {
            const link = (
              <AriaLink
                href={item.href}
                aria-current={isCurrent(item.href, currentHref, items) ? 'page' : undefined}
                css={linkStyles}
                onPress={() => {
                  if (isMobile && isOpen) setOpen(false);
                }}
              >
                <span className="drawer-icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="drawer-label">{item.label}</span>
                {item.badge && <span className="drawer-badge">{item.badge}</span>}
              </AriaLink>
            );
            return (
              <li key={item.href}>
                {isRail ? (
                  <TooltipTrigger delay={300}>
                    {link}
                    <Tooltip placement="end" offset={8} css={tooltipStyles}>
                      {item.label}
                    </Tooltip>
                  </TooltipTrigger>
                ) : (
                  link
                )}
              </li>
            );
          })}
        </ul>
        {footer && !isRail && <div css={{ marginTop: 'auto' }}>{footer}</div>}
      </nav>
    </>
  );
}
