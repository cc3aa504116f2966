import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // The suites of a worker share its modules instead of each importing the app (Fastify, drizzle, the zod
    // schemas, PGlite) again: about a fifth of the project's CPU time went to those imports. Every suite
    // builds its own app on its own database; one that changes process.env puts it back.
    isolate: false,
    // Two suites at a time even on 2 cores (Vitest's default is cores - 1): a suite spends much of its time
    // waiting on PostgreSQL, on timers and on its own job workers, which the other suite fills.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
