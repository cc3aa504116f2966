// `pnpm bench:backup`: backing up and restoring `pnpm bench:api`'s practice (10,000 patients, a year of sales and
// weekly answers: scripts/bench/mix.ts) on both databases, with the real commands, while the API serves traffic.
//
// For each database: seed the practice, start the API on it, run `pnpm backup` (age, to a throwaway recipient)
// while a probe signs in once and then reads the first page of clients every 100 ms (its slowest answer is how
// long the snapshot made requests wait: on PGlite the server takes the snapshot on its one connection), then
// `pnpm restore` into a fresh database of the other kind. Prints the database size, the archive's size, each
// command's time and peak memory, and the probe's slowest request.
//
// BENCH_ONLY=postgres|pglite, BENCH_FOLLOWED (patients with a year of weekly answers, 2,000).
// Uses DATABASE_URL (or the local PostgreSQL) to create throw-away databases.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';
import { newKeyPair } from '../apps/api/src/backup/keys.js';
import { startEmbeddedDatabase } from '../apps/api/src/db/client.js';
import { demoJwt, FOLLOWED, importPatients, PATIENTS, pgRunner, seedYear } from './bench/mix';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, apiStartArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the API did not start');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Runs a pnpm script, echoing its output; resolves with its wall time and output. */
function pnpm(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; out: string }> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve({ ms: Date.now() - t0, out }) : reject(new Error(`pnpm ${args[0]} exited ${code}\n${out}`)),
    );
  });
}

/** Reads the first page of clients every 100 ms until stopped; the slowest answer and the count. */
function probe(base: string, jwt: string) {
  let running = true;
  let slowest = 0;
  let count = 0;
  let failed = 0;
  const done = (async () => {
    while (running) {
      const t0 = Date.now();
      const res = await fetch(`${base}/api/patient?take=20&skip=0`, {
        headers: { authorization: `Bearer ${jwt}` },
      }).catch(() => undefined);
      if (!res?.ok) failed += 1;
      await res?.arrayBuffer();
      slowest = Math.max(slowest, Date.now() - t0);
      count += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { slowest, count, failed };
  };
}

async function databaseSize(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return Number((await client.query('SELECT pg_database_size(current_database()) AS b')).rows[0].b);
  } finally {
    await client.end();
  }
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

interface Result {
  source: string;
  target: string;
  dbBytes: number;
  archiveBytes: number;
  backup: { ms: number; line: string };
  probe: { slowest: number; count: number; failed: number };
  /** The API's peak RSS before and after the backup. */
  apiPeakMb: [number, number];
  restore: { ms: number; line: string };
}

async function bench(kind: 'postgres' | 'pglite', work: string): Promise<Result> {
  const keys = await newKeyPair();
  const dataDir = path.join(work, `${kind}-source`);
  const sourceName = `acompanha_bench_backup_${process.pid}`;
  const sourceUrl = kind === 'postgres' ? await createDatabase(sourceName) : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: sourceUrl ?? '', JOBS: 'off' };
  console.log(`${kind}: seeding the practice…`);
  let port = await freePort();
  let api = await startApi(port, env);
  const jwt = await demoJwt(`http://127.0.0.1:${port}`);
  await importPatients(`http://127.0.0.1:${port}`, jwt);
  await stop(api);
  const t0 = Date.now();
  if (sourceUrl) {
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    await seedYear(pgRunner(client).exec);
    await client.end();
  } else {
    const embedded = await startEmbeddedDatabase(path.join(dataDir, 'pglite'));
    const client = new pg.Client({ connectionString: embedded.connectionString });
    await client.connect();
    await seedYear(pgRunner(client).exec);
    await client.end();
    await embedded.stop();
  }
  console.log(`  seeded in ${secs(Date.now() - t0)}`);

  port = await freePort();
  api = await startApi(port, env);
  const archive = path.join(work, `${kind}.tar.gz.age`);
  let dbBytes: number;
  let backup: { ms: number; out: string };
  let probed: { slowest: number; count: number; failed: number };
  let apiPeakMb: [number, number];
  try {
    if (sourceUrl) dbBytes = await databaseSize(sourceUrl);
    else dbBytes = dirSize(path.join(dataDir, 'pglite'));
    const base = `http://127.0.0.1:${port}`;
    const stopProbe = probe(base, await demoJwt(base));
    await new Promise((r) => setTimeout(r, 500));
    const peakBefore = peakRssMb(api.pid);
    console.log(`  backing up (${mb(dbBytes)} on disk) while the API serves…`);
    backup = await pnpm(['backup', '--out', archive], {
      ...process.env,
      ...env,
      DATABASE_URL: sourceUrl ?? '',
      BACKUP_RECIPIENT: keys.recipient,
    });
    probed = await stopProbe();
    apiPeakMb = [peakBefore, peakRssMb(api.pid)];
  } finally {
    await stop(api);
  }
  if (sourceUrl) await dropDatabase(sourceName);

  const other = kind === 'postgres' ? 'pglite' : 'postgres';
  const targetName = `acompanha_bench_restore_${process.pid}`;
  const targetUrl = other === 'postgres' ? await createDatabase(targetName) : undefined;
  console.log(`  restoring into a fresh ${other} database…`);
  const restore = await pnpm(['restore', archive], {
    ...process.env,
    DATA_DIR: path.join(work, `${kind}-restored`),
    DATABASE_URL: targetUrl ?? '',
    BACKUP_IDENTITY: keys.identity,
  });
  if (targetUrl) await dropDatabase(targetName);
  const line = (out: string, re: RegExp) =>
    out
      .split('\n')
      .find((l) => re.test(l))
      ?.trim() ?? '';
  return {
    source: kind,
    target: other,
    dbBytes,
    archiveBytes: fs.statSync(archive).size,
    backup: { ms: backup.ms, line: line(backup.out, /written in/) },
    probe: probed,
    apiPeakMb,
    restore: { ms: restore.ms, line: line(restore.out, /^Done in/) },
  };
}

/** The process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number {
  try {
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

function dirSize(dir: string): number {
  let n = 0;
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const st = fs.statSync(path.join(dir, rel));
    if (st.isFile()) n += st.size;
  }
  return n;
}

await buildApi();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
const only = process.env.BENCH_ONLY?.toLowerCase();
const results: Result[] = [];
try {
  for (const kind of ['postgres', 'pglite'] as const) if (!only || only === kind) results.push(await bench(kind, work));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(
  `\n${PATIENTS.toLocaleString('en')} patients (${FOLLOWED.toLocaleString('en')} with a year of weekly answers); ` +
    'times are wall time of the commands (tsx start, the snapshot, compression and age, the read-back check).',
);
for (const r of results) {
  console.log(`\n${r.source}: database ${mb(r.dbBytes)} on disk → archive ${mb(r.archiveBytes)} (tar.gz + age)`);
  console.log(`  pnpm backup: ${secs(r.backup.ms)} — ${r.backup.line}`);
  console.log(
    `  while it ran, GET /api/patient every 100 ms: ${r.probe.count} requests, slowest ${r.probe.slowest} ms, ` +
      `${r.probe.failed} failed; API peak RSS ${r.apiPeakMb[0]} MB before, ${r.apiPeakMb[1]} MB after`,
  );
  console.log(`  pnpm restore into ${r.target}: ${secs(r.restore.ms)} — ${r.restore.line}`);
}
process.exit(0);
