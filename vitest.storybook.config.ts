import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Chromium from CHROMIUM_PATH, else the Debian one, else Playwright's own browser.
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

// Every story becomes a test: it renders, runs its play function and axe (a11y: test 'error').
export default defineConfig({
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  test: {
    name: 'storybook',
    // Long play functions (the question builder fills a whole form) share 2 cores with the API suites
    // running beside them: Vitest's 15 s default is too tight there.
    testTimeout: 60_000,
    // One page for every story file instead of a fresh iframe per file: each file no longer re-imports
    // React, React Aria and the whole UI through the dev server (the "setup" time went from ~295 s to
    // ~10 s of a run). Stories already render into a clean root; preview.tsx resets the toast queue.
    isolate: false,
    // Two pages at a time even on 2 cores (Vitest's default is cores - 1): a page's story mostly keeps one core
    // busy (its renderer), and a play function also waits on MSW's delays and on timers.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // In CI a failed browser test runs once more; the summary of `pnpm test` names every test that passed
    // only on that retry as flaky (scripts/vitest-flaky-reporter.mjs), so a flake is seen, never hidden.
    retry: process.env.CI ? 1 : 0,
    browser: {
      enabled: true,
      headless: true,
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
        // The stories run as a patient with reduced motion would see them: no entering animation leaves a
        // dialog at opacity 0 in the frame where a play function looks at it (the "Quick Add" flake).
        contextOptions: { reducedMotion: 'reduce' },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
