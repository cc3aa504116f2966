// The restore drill (a step of `pnpm test`, after the journeys): the journeys' embedded database (kept by
// e2e/server.mjs in E2E_KEEP_DATA_DIR) is backed up with `pnpm backup`, restored with `pnpm restore` into a fresh
// database of the other kind (a fresh PostgreSQL database beside DATABASE_URL's when it is set, else a fresh
// PGlite folder), every table's digest and every upload compared, then the API (apps/api/dist/main.js) is
// started on the copy and the demo professional signs in, opens an answer and downloads a file over HTTP.
// Prints its figures; exits 1 when anything differs.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiStartArgs } from '../apps/api/scripts/production.mjs';
import { tableDigests } from '../apps/api/src/backup/digest.js';
import { newKeyPair } from '../apps/api/src/backup/keys.js';
import { connectDatabase, startEmbeddedDatabase } from '../apps/api/src/db/client.js';
import { lockDataDir } from '../apps/api/src/db/lock.js';
import { DEMO_CREDENTIALS } from '../apps/api/src/seed.js';

const root = path.resolve(import.meta.dirname, '..');
const source = process.env.DRILL_SOURCE_DIR ?? process.env.E2E_KEEP_DATA_DIR;
const PORT = Number(process.env.DRILL_PORT ?? 4396);
const DRILL_DB = 'acompanha_restore_drill';
const started = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};

if (!source || !fs.existsSync(path.join(source, 'pglite', 'PG_VERSION'))) {
  console.error(`No journeys' database to drill on (${source ?? 'E2E_KEEP_DATA_DIR unset'}): did the journeys run?`);
  process.exit(1);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-drill-'));
const targetDir = path.join(work, 'target');
const archive = path.join(work, 'drill.tar.gz.age');
const { identity, recipient } = await newKeyPair();
const baseEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
delete baseEnv.DATABASE_URL;
delete baseEnv.BACKUP_PASSPHRASE;
delete baseEnv.S3_BUCKET;

let targetUrl: string | undefined;
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DRILL_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DRILL_DB}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${DRILL_DB}`;
  targetUrl = url.toString();
}

function pnpm(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = Date.now();
  const run = spawnSync('pnpm', ['--silent', ...args], { cwd: root, env, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`pnpm ${args[0]} failed (exit ${run.status})`);
    cleanup();
    process.exit(1);
  }
  return Date.now() - t0;
}

/** Every table's digest and the uploads' sha256, of an embedded folder or a PostgreSQL database. */
async function snapshot(where: { dataDir: string; url?: string }) {
  let close: () => Promise<void>;
  let pool: pg.Pool;
  if (where.url) {
    const handle = connectDatabase(where.url, { max: 1 });
    pool = handle.pool;
    close = () => handle.close();
  } else {
    const unlock = lockDataDir(where.dataDir);
    const embedded = await startEmbeddedDatabase(path.join(where.dataDir, 'pglite'));
    const handle = connectDatabase(embedded.connectionString, { max: 1 });
    pool = handle.pool;
    close = async () => {
      await handle.close();
      await embedded.stop();
      unlock();
    };
  }
  try {
    const client = await pool.connect();
    const digests = await tableDigests(client).finally(() => client.release());
    const demo = (
      await pool.query<{ revision: string | null; key: string | null }>(
        `SELECT (SELECT r.id FROM answer_revisions r WHERE r.professional_id = p.id ORDER BY r.created_at DESC LIMIT 1) AS revision,
                (SELECT f.key FROM files f WHERE f.professional_id = p.id AND f.uploaded_at IS NOT NULL
                    AND f.deleted_at IS NULL ORDER BY f.created_at DESC LIMIT 1) AS key
           FROM professionals p WHERE p.email = $1`,
        [DEMO_CREDENTIALS.email],
      )
    ).rows[0];
    const uploads: Record<string, string> = {};
    const dir = path.join(where.dataDir, 'uploads');
    if (fs.existsSync(dir)) {
      for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
        const f = path.join(dir, rel);
        if (fs.statSync(f).isFile() && !f.endsWith('.tmp'))
          uploads[rel] = createHash('sha256').update(fs.readFileSync(f)).digest('hex');
      }
    }
    return { digests, uploads, revision: demo?.revision ?? null, fileKey: demo?.key ?? null };
  } finally {
    await close();
  }
}

const running: { api?: ReturnType<typeof spawn> } = {};
function cleanup() {
  running.api?.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}

// The source's digests first: the backup itself then records its run in the source's backup_runs.
const t1 = Date.now();
const before = await snapshot({ dataDir: source });
let compareMs = Date.now() - t1;

const backupMs = pnpm(['backup', '--out', archive], {
  ...baseEnv,
  DATA_DIR: source,
  BACKUP_RECIPIENT: recipient,
});
const size = fs.statSync(archive).size;
const restoreMs = pnpm(['restore', archive], {
  ...baseEnv,
  DATA_DIR: targetDir,
  BACKUP_IDENTITY: identity,
  ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
});

const t3 = Date.now();
const after = await snapshot({ dataDir: targetDir, url: targetUrl });
const tables = Object.keys(before.digests);
for (const t of new Set([...tables, ...Object.keys(after.digests)])) {
  check(before.digests[t] === after.digests[t], `table ${t}: ${before.digests[t]} ≠ ${after.digests[t]}`);
}
check(
  JSON.stringify(before.uploads) === JSON.stringify(after.uploads),
  `uploads differ (${Object.keys(before.uploads).length} vs ${Object.keys(after.uploads).length})`,
);
check(!!after.revision, 'the demo professional has no answer to open');
check(!!after.fileKey, 'the demo professional has no uploaded file to download');
compareMs += Date.now() - t3;

// The API on the restored copy: sign in, open an answer, download a file.
const t2 = Date.now();
running.api = spawn(process.execPath, apiStartArgs(), {
  cwd: root,
  env: {
    ...baseEnv,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: targetDir,
    JOBS: 'off',
    ...(targetUrl ? { DATABASE_URL: targetUrl } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${PORT}/api`;
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 600) {
    failures.push('the API did not start on the restored database');
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
if (!failures.length) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password }),
  });
  check(login.status === 200, `demo sign-in answered ${login.status}`);
  const jwt = login.ok ? ((await login.json()) as { jwt: string }).jwt : '';
  const auth = { authorization: `Bearer ${jwt}` };
  const answer = await fetch(`${base}/answer-revision/${after.revision}`, { headers: auth });
  check(answer.status === 200, `opening answer revision ${after.revision} answered ${answer.status}`);
  const file = await fetch(`${base}/file/${after.fileKey}`, { headers: auth });
  const bytes = Buffer.from(await file.arrayBuffer());
  const [owner, ...rest] = after.fileKey!.split('_');
  const expected = before.uploads[path.join(owner!, rest.join('_'))];
  check(file.status === 200, `downloading file answered ${file.status}`);
  check(createHash('sha256').update(bytes).digest('hex') === expected, 'the downloaded file differs from the source');
}
const apiMs = Date.now() - t2;
cleanup();
if (targetUrl) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DRILL_DB} WITH (FORCE)`);
  await admin.end();
}
if (!process.env.DRILL_SOURCE_DIR) fs.rmSync(source, { recursive: true, force: true });

const rows = Object.values(before.digests).reduce((n, d) => n + Number(d.split(':')[0]), 0);
console.log(
  `Restore drill: PGlite → ${targetUrl ? 'PostgreSQL' : 'PGlite'}: ${tables.length} tables, ${rows} rows, ` +
    `${Object.keys(before.uploads).length} uploads; archive ${(size / 1024).toFixed(0)} KiB (age); ` +
    `backup ${secs(backupMs)}, restore ${secs(restoreMs)}, digests ${secs(compareMs)}, API checks ${secs(apiMs)}; ` +
    `total ${secs(Date.now() - started)}`,
);
if (failures.length) {
  console.error(`Restore drill FAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('Restore drill: every table and upload identical; sign-in, answer and file download work.');
process.exit(0);
