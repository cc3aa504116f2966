import { css, keyframes } from '@emotion/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Link as AriaLink,
  Modal as AriaModal,
  ModalOverlay,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components';
import { Brand } from '../Brand/Brand';
import { IconClose } from '../Icon';
import { IconButton } from '../IconButton/IconButton';
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

/** Phones: the drawer is a menu sheet opened from the top bar. */
export const PHONE_QUERY = '(max-width: 767px)';
/** Phones and tablets: below this the drawer rests as a rail (tablets) or a sheet (phones). */
export const NARROW_QUERY = '(max-width: 1023px)';
const NARROW = `@media ${NARROW_QUERY}`;

/** The list of links, in the rail and drawer as in the phone's menu sheet. */
const navListStyles = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

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
  /* Tablets: the rail at rest; the open drawer floats over the page instead of pushing it aside. */
  ${NARROW} {
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
    ${navListStyles}
  }
`;

/** Behind the floating drawer on tablets: dims the page; a tap on it closes the drawer. */
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
`;

const fade = keyframes`from { opacity: 0; }`;
const slide = keyframes`from { transform: translateX(-100%); }`;

/** The phone's menu: a sheet from the left over a dimmed page, as tall as the screen. */
const sheetOverlayStyles = css`
  position: fixed;
  inset: 0;
  z-index: 1040;
  background: var(--color-overlay);
  &[data-entering] {
    animation: ${fade} var(--duration-normal) var(--easing-standard);
  }
`;

const sheetStyles = css`
  position: fixed;
  top: 0;
  left: 0;
  bottom: 0;
  width: min(320px, 85vw);
  max-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: var(--color-surface);
  color: var(--color-text);
  border-right: 1px solid var(--color-border);
  box-shadow: var(--shadow-2);
  outline: none;
  &[data-entering] {
    animation: ${slide} var(--duration-normal) var(--easing-standard);
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-entering] {
      animation: none;
    }
  }
`;

const sheetDialogStyles = css`
  outline: none;
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-height: 0;
  height: 100%;
  padding: var(--space-3);
  overflow-y: auto;
  overscroll-behavior: contain;
  & .drawer-brand {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 44px;
    padding: 0 0 0 var(--space-2);
  }
  & ul {
    ${navListStyles}
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

/** Whether a media query matches, following its changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mql = window.matchMedia?.(query);
    if (!mql) return;
    const update = () => setMatches(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** True on phone-sized screens (below 768 px), where the drawer is a menu sheet opened from the top bar. */
export function useIsMobile() {
  return useMediaQuery(PHONE_QUERY);
}

/** True below 1024 px (tablets and phones), where the drawer does not stay open beside the page. */
export function useIsNarrow() {
  return useMediaQuery(NARROW_QUERY);
}

/**
 * The private area's side navigation (`nav` landmark). Open: icons and labels. Closed: a narrow
 * rail of icons whose labels stay accessible and show as tooltips. On tablets (768–1023 px) the rail is
 * the resting state and the open drawer floats over a dimmed page (a tap outside or Escape closes it).
 * On phones (below 768 px) nothing rests beside the page: open, the same links fill a modal sheet
 * ("Menu", focus kept inside and given back on close), which closes on Escape, a tap outside or a link.
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
  const isPhone = useIsMobile();
  const isNarrow = useIsNarrow();
  const setOpen = (open: boolean) => {
    if (controlledOpen === undefined) setInnerOpen(open);
    onOpenChange?.(open);
  };
  const onOpenChangeRef = useRef(setOpen);
  useEffect(() => {
    onOpenChangeRef.current = setOpen;
  });
  const isRail = !isOpen;
  // On a tablet the open drawer floats over the page: Escape closes it wherever the focus is (often on the
  // top bar's button that opened it).
  const floats = !isPhone && isNarrow && isOpen;
  useEffect(() => {
    if (!floats) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onOpenChangeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [floats]);

  const links = (inRail: boolean, closeOnPress: boolean) =>
    items.map((item) => {
      const link = (
        <AriaLink
          href={item.href}
          aria-current={isCurrent(item.href, currentHref, items) ? 'page' : undefined}
          css={linkStyles}
          onPress={() => {
            if (closeOnPress) setOpen(false);
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
          {inRail ? (
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
    });

  if (isPhone) {
    return (
      <ModalOverlay isOpen={isOpen} onOpenChange={setOpen} isDismissable css={sheetOverlayStyles}>
        <AriaModal css={sheetStyles}>
          <AriaDialog aria-label="Menu" css={sheetDialogStyles}>
            <div className="drawer-brand">
              <Brand />
              <IconButton
                aria-label="Fechar menu"
                size="sm"
                icon={<IconClose size={18} />}
                onPress={() => setOpen(false)}
              />
            </div>
            <nav aria-label={ariaLabel} data-open="true">
              <ul>{links(false, true)}</ul>
            </nav>
            {footer && <div css={{ marginTop: 'auto' }}>{footer}</div>}
          </AriaDialog>
        </AriaModal>
      </ModalOverlay>
    );
  }

  return (
    <>
      {floats ? (
        <div aria-hidden="true" data-testid="drawer-scrim" css={scrimStyles} onClick={() => setOpen(false)} />
      ) : null}
      <nav aria-label={ariaLabel} data-open={String(isOpen)} css={navStyles}>
        <div className="drawer-brand">
          <Brand isCompact={isRail} />
        </div>
        <ul>{links(isRail, floats)}</ul>
        {footer && !isRail && <div css={{ marginTop: 'auto' }}>{footer}</div>}
      </nav>
    </>
  );
}
