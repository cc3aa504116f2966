import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'unit',
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/portal/src/**/*.test.ts',
      'apps/portal/build/**/*.test.ts',
      'apps/survey/src/**/*.test.ts',
    ],
    environment: 'node',
  },
});
