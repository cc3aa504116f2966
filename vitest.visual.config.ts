import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Chromium from CHROMIUM_PATH, else the Debian one, else Playwright's own browser.
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

// The phone screen every visual test is drawn on (iPhone 12–15), at 1 CSS px = 1 image px.
const viewport = { width: 390, height: 844 };

// Visual regression: the themed UI rendered in headless Chromium and compared with the reference
// PNGs committed next to the tests (packages/ui/src/visual/__screenshots__/<file>/<name>-chromium-<platform>.png).
// Update them with `pnpm vitest run --project visual --update`.
export default defineConfig({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  optimizeDeps: {
    // Pre-bundled up front so that no mid-run dependency discovery reloads the page.
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      '@emotion/react',
      '@emotion/react/jsx-dev-runtime',
      'react-aria-components',
    ],
  },
  test: {
    name: 'visual',
    include: ['packages/ui/src/visual/**/*.visual.test.tsx'],
    // In CI a failed browser test runs once more; the summary of `pnpm test` names every test that passed
    // only on that retry as flaky (scripts/vitest-flaky-reporter.mjs), so a flake is seen, never hidden.
    retry: process.env.CI ? 1 : 0,
    browser: {
      enabled: true,
      headless: true,
      // The iframe the tests run in; the page below is larger so that it is never scaled down.
      viewport,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
        contextOptions: {
          viewport: { width: viewport.width + 100, height: viewport.height + 100 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
          colorScheme: 'light',
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        },
      }),
      instances: [{ browser: 'chromium' }],
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // A little room for anti-aliasing noise; a changed colour or moved element is far above it.
          comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.002 },
        },
      },
    },
  },
});
