import { defineConfig } from 'vitest/config';

// One Vitest run, four projects:
//  - api:        HTTP tests of apps/api against real databases (PGlite always, PostgreSQL when DATABASE_URL is set)
//  - unit:       pure unit tests next to the code in packages/* and apps/* (no browser)
//  - storybook:  every story's play function + axe, in headless Chromium
//  - visual:     screenshot references of the themed UI (toMatchScreenshot), in headless Chromium
export default defineConfig({
  test: {
    projects: [
      'apps/api/vitest.config.ts',
      'vitest.unit.config.ts',
      'vitest.storybook.config.ts',
      'vitest.visual.config.ts',
    ],
  },
});
