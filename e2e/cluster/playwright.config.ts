// The journeys through the cluster of `pnpm start:cluster`: nginx in front of two API processes (JOBS=off) and a
// worker (JOBS on) on a fresh PostgreSQL database. Needs DATABASE_URL (CI sets it) and the built apps.
//   pnpm exec playwright test -c e2e/cluster/playwright.config.ts
import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base from '../playwright.config.js';
import { E2E_OPERATOR_TOKEN, E2E_WHATSAPP_APP_SECRET, E2E_WHATSAPP_VERIFY_TOKEN } from '../secret.mjs';

const PORT = Number(process.env.CLUSTER_E2E_PORT ?? 4420);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Where the cluster writes state.json (url, ports, pids): the journey reads it to kill an API process.
// Set here so the test workers, which evaluate this file too, see the same folder.
process.env.CLUSTER_STATE_DIR ??= join(tmpdir(), `acompanha-cluster-e2e-${PORT}`);

export default defineConfig({
  ...base,
  testDir: '..',
  testIgnore: [],
  // The cluster's own journey: the professional and the patient through the proxy, each API process killed once, the
  // live bell (a notification raised by the worker reaches the page's stream on API A or B). The single-process
  // journeys are not run a second time here: what they check that the proxy could change, this one checks.
  testMatch: ['cluster/cluster.spec.ts'],
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../../test-results/e2e-cluster.json' }]] : [['list']],
  outputDir: '../../test-results/e2e-cluster',
  use: { ...base.use, baseURL: BASE_URL },
  webServer: {
    command: 'node scripts/cluster.mjs',
    cwd: '../..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      CLUSTER_PORT: String(PORT),
      CLUSTER_DATABASE: 'acompanha_cluster_e2e',
      CLUSTER_FRESH_DB: '1',
      CLUSTER_SKIP_BUILD: process.env.CLUSTER_SKIP_BUILD ?? '1',
      CLUSTER_STATE_DIR: process.env.CLUSTER_STATE_DIR,
      OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
      WEBHOOKS_ALLOW_LOOPBACK_HTTP: '1',
      WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP_VERIFY_TOKEN,
      WHATSAPP_APP_SECRET: E2E_WHATSAPP_APP_SECRET,
    },
    // SIGTERM lets the cluster stop its processes in order (the APIs finish their requests, then nginx).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
