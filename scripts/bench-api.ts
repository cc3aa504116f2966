// `pnpm bench:api`: GET /api/patient?take=20&nameTerm=… under load with 10,000 patients, on
// PostgreSQL and on the embedded PGlite, beside a bare 20-row query through the same driver (the
// ceiling). Loopback only, bounded in time. Prints requests/s, p99, the ratio to the ceiling and the
// API process's peak memory. Uses DATABASE_URL (or the local PostgreSQL) to create a throw-away database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { connectDatabase, startEmbeddedDatabase } from '../apps/api/src/db/client';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';

const root = new URL('..', import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PATIENTS = 10_000;
const TERM = 'silva';
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisca',
  'Antônio',
  'Luíza',
  'Carlos',
  'Beatriz',
  'Paulo',
  'Fernanda',
  'Lucas',
  'Juliana',
  'Marcos',
  'Patrícia',
  'Rafael',
  'Camila',
  'Gustavo',
  'Letícia',
  'Thiago',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
  'Ribeiro',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Barbosa',
  'Melo',
  'Cardoso',
];

function patientsCsv(n: number): string {
  const rows = ['nome;telefone;email'];
  for (let i = 0; i < n; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${LAST[(i * 7) % LAST.length]}`;
    rows.push(`${name};+55 11 9${String(10_000_000 + i).padStart(8, '0')};bench${i}@example.com`);
  }
  return rows.join('\n');
}

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

/** CPU time (user + system, all threads) the process has used so far, in ms. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function waitFor(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Saturating load (no rate bound) when `rate` is undefined: the throughput. With `rate`, the offered load is
 * bounded to that many requests per second: the latency at that load.
 */
async function load(url: string, headers: Record<string, string> = {}, rate?: number) {
  // The load runs in a worker thread, so it never shares an event loop with a server it measures.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    workers: 1,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, apiStartArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function seedPatients(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@acompanha.app', password: 'acompanha123' }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const form = new FormData();
  form.append('file', new Blob([patientsCsv(PATIENTS)], { type: 'text/csv' }), 'pacientes.csv');
  const res = await fetch(`${base}/api/patient/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwt}` },
    body: form,
  });
  const report = (await res.json()) as { imported: number };
  if (!res.ok || report.imported < PATIENTS) throw new Error(`import failed: ${JSON.stringify(report).slice(0, 300)}`);
  return jwt;
}

/** A bare Fastify route answering 20 rows through the same driver: what the API could reach at best. */
async function ceiling(connectionString: string, max: number, port: number) {
  const handle = connectDatabase(connectionString, { max });
  const app = Fastify();
  // The first page of the professional's patients in name order, straight off the (professional_id, search_name)
  // index: the cheapest 20 patients the database can hand out.
  const { rows } = await handle.pool.query<{ professional_id: string }>('select professional_id from patients limit 1');
  const professionalId = rows[0]!.professional_id;
  const bare = {
    name: 'bench_bare_page',
    text: 'select id, name, email, phone from patients where professional_id = $1 order by search_name limit 20',
  };
  app.get('/bare', async () => (await handle.pool.query({ ...bare, values: [professionalId] })).rows);
  await app.listen({ port, host: '127.0.0.1' });
  try {
    return await load(`http://127.0.0.1:${port}/bare`);
  } finally {
    await app.close();
    await handle.close();
  }
}

/** The API restarted on the same data with the list cache off, under the same saturating load. */
async function uncachedLoad(
  port: number,
  env: Record<string, string>,
  target: string,
  auth: Record<string, string>,
): Promise<Row['uncached']> {
  const api = await startApi(port, { ...env, PATIENT_LIST_CACHE: 'off' });
  try {
    const cpuBefore = cpuMs(api.pid!);
    const result = await load(target, auth);
    return {
      rps: result.rps,
      p99: result.p99,
      errors: result.errors,
      cpuPerRequestMs: (cpuMs(api.pid!) - cpuBefore) / Math.max(1, result.total),
    };
  } finally {
    await stop(api);
  }
}

interface Row {
  backend: string;
  api: { rps: number; p99: number; errors: number; total: number };
  bare: { rps: number; p99: number; errors: number };
  /** The API process's CPU time per request under the saturating load: unlike req/s, barely moved by other work on the machine. */
  cpuPerRequestMs: number;
  /** The API at a bounded load of half the bare query's throughput (the load the throughput goal names). */
  bounded: { rate: number; rps: number; p99: number; errors: number };
  peakMb: number;
  /** The same saturating load with the list cache off (PATIENT_LIST_CACHE=off): the search itself, every time. */
  uncached: { rps: number; p99: number; errors: number; cpuPerRequestMs: number };
}

async function benchPostgres(): Promise<Row> {
  const name = `acompanha_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const env = { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-pg-')) };
    const api = await startApi(4401, env);
    let row: Omit<Row, 'uncached'>;
    let target: string;
    let auth: Record<string, string>;
    try {
      const jwt = await seedPatients('http://127.0.0.1:4401');
      target = `http://127.0.0.1:4401/api/patient?take=20&nameTerm=${TERM}`;
      auth = { Authorization: `Bearer ${jwt}` };
      const cpuBefore = cpuMs(api.pid!);
      const result = await load(target, auth);
      const cpuPerRequestMs = (cpuMs(api.pid!) - cpuBefore) / Math.max(1, result.total);
      const bare = await ceiling(url.toString(), 10, 4402);
      const rate = Math.max(1, Math.round(bare.rps / 2));
      const bounded = { rate, ...(await load(target, auth, rate)) };
      const peakMb = peakRssMb(api.pid!);
      row = { backend: 'PostgreSQL', api: result, bare, bounded, peakMb, cpuPerRequestMs };
    } finally {
      await stop(api);
    }
    return { ...row, uncached: await uncachedLoad(4401, env, target, auth) };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function benchPglite(): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const api = await startApi(4403, env);
    let result: Row['api'];
    let target: string;
    let auth: Record<string, string>;
    let bounded: Row['bounded'];
    let peakMb: number;
    let cpuPerRequestMs: number;
    try {
      const jwt = await seedPatients('http://127.0.0.1:4403');
      target = `http://127.0.0.1:4403/api/patient?take=20&nameTerm=${TERM}`;
      auth = { Authorization: `Bearer ${jwt}` };
      const cpuBefore = cpuMs(api.pid!);
      result = await load(target, auth);
      cpuPerRequestMs = (cpuMs(api.pid!) - cpuBefore) / Math.max(1, result.total);
      const rate = Math.max(1, Math.round(result.rps / 2));
      bounded = { rate, ...(await load(target, auth, rate)) };
      peakMb = peakRssMb(api.pid!);
    } finally {
      await stop(api);
    }
    const uncached = await uncachedLoad(4403, env, target, auth);
    // The same folder, opened in this process the way the API opens it (pglite-socket + pg, one connection).
    const embedded = await startEmbeddedDatabase(join(dataDir, 'pglite'));
    try {
      const bare = await ceiling(embedded.connectionString, embedded.maxConnections, 4404);
      return { backend: 'PGlite', api: result, bare, bounded, peakMb, cpuPerRequestMs, uncached };
    } finally {
      await embedded.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The API runs as `pnpm start` runs it: the production bundle with its V8 flags.
await buildApi();

// BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one half.
const only = process.env.BENCH_ONLY?.toLowerCase();
const rows: Row[] = [];
if (only !== 'pglite') {
  try {
    rows.push(await benchPostgres());
  } catch (error) {
    console.error(`PostgreSQL part skipped: ${(error as Error).message}`);
  }
}
if (only !== 'postgres') rows.push(await benchPglite());

console.log(
  `\nGET /api/patient?take=20&nameTerm=${TERM} — ${PATIENTS.toLocaleString('en')} patients, ${CONNECTIONS} connections, ${DURATION} s, loopback`,
);
console.log(
  "Throughput: saturating load. Latency: p99 at a bounded load of half the bare query's req/s (PostgreSQL) or half the API's (PGlite).",
);
console.log(
  'backend      API req/s  p99 (sat.)  bare req/s  bare p99  ratio   bounded load  p99 (bounded)  peak RSS  API CPU/req  goal',
);
for (const r of rows) {
  const ratio = r.api.rps / Math.max(1, r.bare.rps);
  const goal =
    r.backend === 'PostgreSQL'
      ? ratio >= 0.5 && r.bounded.p99 < 25 && r.peakMb < 400
      : r.api.rps >= 1000 && r.peakMb < 400;
  const errors = r.api.errors + r.bounded.errors;
  console.log(
    `${r.backend.padEnd(11)} ${String(r.api.rps).padStart(10)} ${`${r.api.p99} ms`.padStart(11)} ${String(r.bare.rps).padStart(11)} ${`${r.bare.p99} ms`.padStart(9)} ${`${Math.round(ratio * 100)}%`.padStart(6)} ${`${r.bounded.rate} req/s`.padStart(13)} ${`${r.bounded.p99} ms`.padStart(14)} ${`${r.peakMb} MB`.padStart(9)} ${`${r.cpuPerRequestMs.toFixed(2)} ms`.padStart(12)}  ${goal ? 'met' : 'NOT met'}${errors ? ` (${errors} errors)` : ''}`,
  );
}
console.log('Goals: PostgreSQL ≥ 50% of the bare query and p99 < 25 ms; PGlite ≥ 1,000 req/s; peak RSS < 400 MB.');
console.log(
  '\nThe same search with the list cache off (PATIENT_LIST_CACHE=off): search, count and current services on every request.',
);
console.log('backend      API req/s  p99 (sat.)  ratio to bare  API CPU/req');
for (const r of rows) {
  console.log(
    `${r.backend.padEnd(11)} ${String(r.uncached.rps).padStart(10)} ${`${r.uncached.p99} ms`.padStart(11)} ${`${Math.round((r.uncached.rps / Math.max(1, r.bare.rps)) * 100)}%`.padStart(14)} ${`${r.uncached.cpuPerRequestMs.toFixed(2)} ms`.padStart(12)}${r.uncached.errors ? ` (${r.uncached.errors} errors)` : ''}`,
  );
}
