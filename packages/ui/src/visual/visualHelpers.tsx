/// <reference types="@vitest/browser-playwright" />
// Shared by the visual regression tests (`*.visual.test.tsx`, project `visual`): mounts a themed
// tree with react-dom, waits for Inter, and compares a 390 × 844 screen with its reference PNG.
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import '../fonts';
import { GlobalStyles } from '../theme/GlobalStyles';
import { ThemeProvider } from '../theme/ThemeProvider';
import type { ColorMode } from '../theme/tokens';

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const SCREEN = { width: 390, height: 844 } as const;

/** Inter weights the UI uses (fonts.ts), each loaded before any screenshot. */
const INTER_WEIGHTS = [400, 500, 600, 700] as const;

/** No motion and no blinking caret: a screenshot must not depend on timing. */
const freezeCss = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
`;

let root: Root | null = null;
let host: HTMLElement | null = null;
let freeze: HTMLStyleElement | null = null;

/** Renders `children` inside `ThemeProvider` + `GlobalStyles`, then waits for Inter. */
export async function renderThemed(children: ReactNode, { mode = 'light' }: { mode?: ColorMode } = {}) {
  cleanup();
  freeze = document.createElement('style');
  freeze.textContent = freezeCss;
  document.head.append(freeze);
  host = document.createElement('div');
  document.body.append(host);
  const r = createRoot(host);
  root = r;
  await act(async () => {
    r.render(
      <ThemeProvider mode={mode}>
        <GlobalStyles />
        {children}
      </ThemeProvider>,
    );
  });
  await fontsLoaded();
}

/** Inter (every weight, Latin with Portuguese accents) is loaded and used, not a fallback. */
export async function fontsLoaded() {
  await Promise.all(INTER_WEIGHTS.map((weight) => document.fonts.load(`${weight} 16px Inter`, 'Aa áçõ ÉÍ 0123')));
  await document.fonts.ready;
  expect(document.fonts.check('16px Inter'), 'Inter 400 is loaded').toBe(true);
  const loaded = [...document.fonts].filter(
    (face) => face.family.replace(/['"]/g, '') === 'Inter' && face.status === 'loaded',
  );
  for (const weight of INTER_WEIGHTS) {
    expect(
      loaded.some((face) => face.weight === String(weight)),
      `Inter ${weight} is loaded`,
    ).toBe(true);
  }
  // One more frame so that the text is laid out with the loaded faces.
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** Unmounts the previous tree (called by `renderThemed` and after each test). */
export function cleanup() {
  if (root) {
    const r = root;
    act(() => r.unmount());
  }
  host?.remove();
  freeze?.remove();
  root = null;
  host = null;
  freeze = null;
}

/** A 390 × 844 phone screen: the element every visual test captures. */
export function Screen({ children, padded = false }: { children: ReactNode; padded?: boolean }) {
  return (
    <div
      data-testid="screen"
      css={{
        width: SCREEN.width,
        height: SCREEN.height,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        background: 'var(--color-bg)',
        padding: padded ? 'var(--space-4)' : 0,
      }}
    >
      {children}
    </div>
  );
}

/** Compares the screen with `__screenshots__/<test file>/<name>-chromium-<platform>.png`. */
export async function expectScreenToMatch(name: string) {
  const screen = page.getByTestId('screen');
  await expect.element(screen).toBeVisible();
  await expect.element(screen).toMatchScreenshot(name, {
    screenshotOptions: { animations: 'disabled', caret: 'hide' },
  });
}
