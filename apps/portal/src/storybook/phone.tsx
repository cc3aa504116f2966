import type { ReactNode } from 'react';
import { NARROW_QUERY, PHONE_QUERY } from '@acompanha/ui';

/** A phone's screen (CSS pixels), as the Playwright journeys use it. */
export const PHONE = { width: 390, height: 844 };

/**
 * A story's `beforeEach`: the layout's media queries read as on a phone (the drawer becomes the menu sheet).
 * The page's own CSS media queries still see the test page's width; what reflows by its box (container
 * queries: the tables' cards, the tab rows) reflows inside `PhoneFrame`.
 */
export function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original.call(window, query),
      matches: query === PHONE_QUERY || query === NARROW_QUERY || original.call(window, query).matches,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/** The screen in a box as wide as a phone; a play function checks nothing sticks out sideways with `fitsSideways`. */
export function PhoneFrame({ children }: { children: ReactNode }) {
  return (
    <div data-testid="phone-frame" css={{ width: PHONE.width, minHeight: PHONE.height, outline: '1px dashed #9ca3af' }}>
      {children}
    </div>
  );
}

/** Whether the phone frame's content fits its width (nothing would scroll sideways). */
export function fitsSideways(canvasElement: HTMLElement): boolean {
  const frame = canvasElement.querySelector<HTMLElement>('[data-testid="phone-frame"]');
  if (!frame) throw new Error('no PhoneFrame in the story');
  return frame.scrollWidth <= frame.clientWidth;
}

/**
 * What each cell of a table's row shows on the screen, in order (a reflowed row in `PhoneFrame` is a card,
 * so its values read with their labels: "Enviado em: 24/11/2026 08:00"). The selection checkbox cell reads ''.
 */
export function cardLines(row: HTMLElement): string[] {
  return [...row.querySelectorAll<HTMLElement>(':scope > td')].map((td) => td.innerText.replace(/\s+/g, ' ').trim());
}

/**
 * The links under `root` whose box (their touch target) is less than 24 px tall or wide (WCAG 2.2 target size),
 * as "name: width×height"; the skip link (out of sight until focused) and a disabled link (the breadcrumb's
 * current page: no target) are left out.
 */
export function smallLinks(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], [role="link"]:not([aria-disabled="true"])')]
    .map((a) => ({ a, box: a.getBoundingClientRect() }))
    .filter(
      ({ a, box }) => box.width > 1 && box.height > 1 && a.checkVisibility() && (box.height < 24 || box.width < 24),
    )
    .map(({ a, box }) => `${a.textContent?.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`);
}
