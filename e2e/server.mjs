// Starts the real API (serving the built portal and survey) on a fresh embedded database,
// or on a fresh PostgreSQL database when E2E_DATABASE_URL is given. The data folder is removed on exit.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_JWT_SECRET, E2E_OPERATOR_TOKEN, E2E_WHATSAPP_APP_SECRET, E2E_WHATSAPP_VERIFY_TOKEN } from './secret.mjs';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';

const root = new URL('..', import.meta.url).pathname;
for (const app of ['portal', 'survey']) {
  if (!existsSync(join(root, `apps/${app}/dist/index.html`))) {
    console.error(`apps/${app}/dist is missing: build the apps first (pnpm -r build)`);
    process.exit(1);
  }
}
// E2E_KEEP_DATA_DIR (set by scripts/test.mjs): the data folder is that one and stays after the journeys, for
// the restore drill (scripts/restore-drill.ts).
const keep = process.env.E2E_KEEP_DATA_DIR;
if (keep) {
  rmSync(keep, { recursive: true, force: true });
  mkdirSync(keep, { recursive: true });
}
const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'acompanha-e2e-'));
const env = {
  ...process.env,
  JWT_SECRET: E2E_JWT_SECRET,
  OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
  // The webhook journey's receivers listen on loopback http (a test setting the API refuses in production).
  WEBHOOKS_ALLOW_LOOPBACK_HTTP: '1',
  // WhatsApp's webhook, signed by the messaging journey as Meta signs it.
  WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP_VERIFY_TOKEN,
  WHATSAPP_APP_SECRET: E2E_WHATSAPP_APP_SECRET,
};
delete env.DATABASE_URL;
delete env.SMTP_URL;
// The API as `pnpm start` runs it: the production bundle (built here, in about a second).
await buildApi();
const child = spawn(process.execPath, apiStartArgs(), { cwd: root, env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
