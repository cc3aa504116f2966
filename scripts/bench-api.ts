// `pnpm bench:api`: a practice at work, under load, on PostgreSQL and on the embedded PGlite.
//
// 10,000 patients with a year of sales, schedules, answers and reviews (scripts/bench/mix.ts), and the calls
// behind the most used screens: the clients list searched by 1,000 Zipf-distributed name terms, its filters and
// later pages, the dashboard, pending reviews, received answers, a client's profile and a questionnaire's links.
// For each call and for the mix: requests/s at a saturating load, p99 at a bounded load, the API process's CPU
// time per request; beside the ceiling measured in the same run (a bare 20-row query through the same driver
// in a bare Fastify route), and the API's peak memory. Loopback only, bounded in time.
//
// BENCH_SECONDS (mix, default 10), BENCH_CALL_SECONDS (each call, default 4), BENCH_CONNECTIONS (10),
// BENCH_ONLY=postgres|pglite, BENCH_FOLLOWED (patients with a year of weekly answers, 2,000), BENCH_YEARS (1): with
// more, PostgreSQL is measured on the practice at one year and again at that many years (the same last year, older
// history added), side by side. BENCH_KEEP=1 keeps the seeded PostgreSQL databases (their names are printed), to
// read a query's plan on them afterwards.
// Uses DATABASE_URL (or the local PostgreSQL) to create a throw-away database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { connectDatabase, startEmbeddedDatabase } from '../apps/api/src/db/client';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';
import {
  CALLS,
  demoJwt,
  FOLLOWED,
  importPatients,
  PATIENTS,
  pgRunner,
  readPractice,
  requestPaths,
  seedYear,
  type Call,
  type Practice,
} from './bench/mix';

const root = new URL('..', import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CALL_DURATION = Number(process.env.BENCH_CALL_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Distinct request paths per load (each connection walks them in order). */
const PATHS = 4_000;
const YEARS = Math.max(1, Math.floor(Number(process.env.BENCH_YEARS ?? 1)));

function peakRssMb(pid: number): number {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
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

/** A port nothing listens on now (other servers may be running on this machine). */
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

interface Load {
  rps: number;
  p99: number;
  errors: number;
  total: number;
}

/**
 * Saturating load (no rate bound) when `rate` is undefined: the throughput. With `rate`, the offered load is
 * bounded to that many requests per second: the latency at that load. `paths` are handed out in order, one per
 * request, by autocannon's `setupRequest` in this process (the servers measured are other processes, but for the
 * bare route, whose single path runs in a worker thread so that it never shares an event loop with it).
 * autocannon's own list of requests is not used for many paths: with thousands of entries, its bounded load
 * overshoots the rate and reports latencies of hundreds of milliseconds that the server never had.
 */
async function load(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  rate?: number,
): Promise<Load> {
  let next = 0;
  const requests =
    paths.length === 1
      ? { workers: 1, requests: [{ method: 'GET' as const, path: paths[0]! }] }
      : {
          requests: [
            {
              method: 'GET' as const,
              setupRequest: (request: { path?: string }) => ({ ...request, path: paths[next++ % paths.length]! }),
            },
          ],
        };
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...requests,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
  };
}

async function startApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, apiStartArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before answering`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/health`), exited]);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A bare Fastify route answering 20 rows through the same driver: what the API could reach at best. */
async function ceiling(connectionString: string, max: number, port: number): Promise<Load> {
  const handle = connectDatabase(connectionString, { max });
  const app = Fastify();
  // The first page of the professional's patients in name order, straight off the (professional_id, search_name)
  // index: the cheapest 20 patients the database can hand out.
  const { rows } = await handle.pool.query<{ professional_id: string }>(
    "select professional_id from patients where email like 'bench%' limit 1",
  );
  const professionalId = rows[0]!.professional_id;
  const bare = {
    name: 'bench_bare_page',
    text: 'select id, name, email, phone from patients where professional_id = $1 order by search_name limit 20',
  };
  app.get('/bare', async () => (await handle.pool.query({ ...bare, values: [professionalId] })).rows);
  await app.listen({ port, host: '127.0.0.1' });
  try {
    return await load(`http://127.0.0.1:${port}`, ['/bare'], {}, DURATION);
  } finally {
    await app.close();
    await handle.close();
  }
}

interface Measure {
  name: string;
  sat: Load;
  cpuPerRequestMs: number;
  bounded: Load & { rate: number };
}

/** A call (or the mix) at a saturating load, then at `rate` (or, when it cannot carry that, half its own). */
async function measure(
  api: ChildProcess,
  base: string,
  practice: Practice,
  rate: number,
  seconds: number,
  call?: Call,
): Promise<Measure> {
  const auth = { Authorization: `Bearer ${practice.jwt}` };
  const paths = requestPaths(practice, PATHS, call);
  const before = cpuMs(api.pid!);
  const sat = await load(base, paths, auth, seconds);
  const cpuPerRequestMs = (cpuMs(api.pid!) - before) / Math.max(1, sat.total);
  const boundedRate = call ? Math.max(1, Math.min(rate, Math.round(sat.rps / 2))) : rate;
  const bounded = { rate: boundedRate, ...(await load(base, paths, auth, seconds, boundedRate)) };
  return { name: call?.name ?? 'the mix', sat, cpuPerRequestMs, bounded };
}

interface Result {
  backend: string;
  bare: Load;
  calls: Measure[];
  mix: Measure;
  /** The mix with the process's caches off (PATIENT_LIST_CACHE=off, SUMMARY_CACHE=off): every read reaches the database. */
  uncached: Measure;
  peakMb: number;
}

/** A seeded practice ready to measure: where its API listens, with what, and its bare query's ceiling. */
interface Target {
  backend: string;
  port: number;
  env: Record<string, string>;
  practice: Practice;
  bare: Load;
  /** The bounded (latency) load for a saturating throughput. */
  halfOf: (mixRps: number) => number;
}

/**
 * Every call, then the mix, on each target; then the mix again on fresh API processes with the caches off.
 * Several targets (the practice at one year and at five) are measured call by call in turn, each call on one right
 * after the other, so a machine that slows down during the run (another tenant, heat) weighs on both sides of a
 * comparison alike instead of on whichever ran last.
 */
async function run(targets: Target[]): Promise<Result[]> {
  const base = (t: Target) => `http://127.0.0.1:${t.port}`;
  const auth = (t: Target) => ({ Authorization: `Bearer ${t.practice.jwt}` });
  const calls: Measure[][] = targets.map(() => []);
  const mixes: Measure[] = [];
  const peaks: number[] = [];
  let apis: ChildProcess[] = [];
  try {
    for (const t of targets) apis.push(await startApi(t.port, t.env));
    // A short warm-up: the first requests of each kind prepare statements and fill the JIT.
    for (const t of targets) await load(base(t), requestPaths(t.practice, PATHS), auth(t), 2);
    // Every other call in the opposite order, so neither side is always the one measured second.
    for (const [k, call] of CALLS.entries()) {
      const order = [...targets.entries()];
      if (k % 2) order.reverse();
      for (const [i, t] of order)
        calls[i]![k] = await measure(apis[i]!, base(t), t.practice, t.halfOf(t.bare.rps), CALL_DURATION, call);
    }
    for (const [i, t] of targets.entries()) {
      const mixSat = await load(base(t), requestPaths(t.practice, PATHS), auth(t), 2);
      mixes.push(await measure(apis[i]!, base(t), t.practice, t.halfOf(mixSat.rps), DURATION));
      peaks.push(peakRssMb(apis[i]!.pid!));
    }
  } finally {
    for (const api of apis) await stop(api);
  }
  apis = [];
  const results: Result[] = [];
  try {
    for (const t of targets)
      apis.push(await startApi(t.port, { ...t.env, PATIENT_LIST_CACHE: 'off', SUMMARY_CACHE: 'off' }));
    for (const [i, t] of targets.entries()) {
      await load(base(t), requestPaths(t.practice, PATHS), auth(t), 2);
      const uncached = await measure(apis[i]!, base(t), t.practice, mixes[i]!.bounded.rate, DURATION);
      results.push({
        backend: t.backend,
        bare: t.bare,
        calls: calls[i]!,
        mix: mixes[i]!,
        uncached,
        peakMb: Math.max(peaks[i]!, peakRssMb(apis[i]!.pid!)),
      });
    }
    return results;
  } finally {
    for (const api of apis) await stop(api);
  }
}

async function seedOver(connectionString: string, jwt: string, years = 1): Promise<Practice> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const runner = pgRunner(client);
    const started = Date.now();
    await seedYear(runner.exec, undefined, years);
    console.log(
      `  seeded ${years === 1 ? 'a year' : `${years} years`} of the practice in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return await readPractice(runner.query, jwt);
  } finally {
    await client.end();
  }
}

/** What the seeded practice weighs on disk, table by table (indexes included): CAPACITY.md's storage figures. */
async function printSizes(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; rows: string; mb: string }>(
      `select c.relname as name, c.reltuples::bigint as rows,
              round(pg_total_relation_size(c.oid) / 1048576.0, 1) as mb
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname = 'public' order by pg_total_relation_size(c.oid) desc limit 8`,
    );
    const [db] = (
      await client.query<{ mb: string }>('select round(pg_database_size(current_database()) / 1048576.0) as mb')
    ).rows;
    console.log(`  database ${db?.mb} MB; largest tables (rows, MB with indexes):`);
    for (const r of rows)
      console.log(`    ${r.name.padEnd(24)} ${String(r.rows).padStart(9)} ${String(r.mb).padStart(8)}`);
  } finally {
    await client.end();
  }
}

/** The demo practice's patients imported through an API started for it (as she would); her session token. */
async function importThroughApi(port: number, env: Record<string, string>): Promise<string> {
  const api = await startApi(port, env);
  try {
    const jwt = await demoJwt(`http://127.0.0.1:${port}`);
    await importPatients(`http://127.0.0.1:${port}`, jwt);
    return jwt;
  } finally {
    await stop(api);
  }
}

/** The practice at each of `years` in a throw-away PostgreSQL database of its own, measured side by side. */
async function benchPostgres(years: number[]): Promise<Result[]> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const made: { name: string; dataDir: string }[] = [];
  try {
    const targets: Target[] = [];
    for (const y of years) {
      const name = `acompanha_bench_${process.pid}_${y}`;
      await admin.query(`create database ${name}`);
      const dataDir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
      made.push({ name, dataDir });
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      // As it runs for many practices (README, "Running as a cluster"): API processes with JOBS=off, the background
      // work in a worker of its own; the benchmark measures the API's requests.
      const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JOBS: 'off' };
      console.log(`PostgreSQL (${y === 1 ? 'a year' : `${y} years`}): seeding…`);
      const port = await freePort();
      const jwt = await importThroughApi(port, env);
      const practice = await seedOver(url.toString(), jwt, y);
      await printSizes(url.toString());
      const bare = await ceiling(url.toString(), 10, await freePort());
      const backend = y === 1 ? 'PostgreSQL' : `PostgreSQL, ${y} years`;
      // The latency goal's load: half the bare query's throughput.
      targets.push({ backend, port, env, practice, bare, halfOf: () => Math.max(1, Math.round(bare.rps / 2)) });
    }
    return await run(targets);
  } finally {
    for (const { name, dataDir } of made) {
      if (process.env.BENCH_KEEP === '1') console.log(`  kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
    await admin.end();
  }
}

async function benchPglite(): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    console.log('PGlite: seeding…');
    const port = await freePort();
    const jwt = await importThroughApi(port, env);
    // The same folder, opened in this process the way the API opens it (pglite-socket + pg, one connection).
    const embedded = await startEmbeddedDatabase(join(dataDir, 'pglite'));
    let practice: Practice;
    let bare: Load;
    try {
      practice = await seedOver(embedded.connectionString, jwt);
      bare = await ceiling(embedded.connectionString, embedded.maxConnections, await freePort());
    } finally {
      await embedded.stop();
    }
    // One connection: the latency is measured at half of what the mix itself carries.
    const [result] = await run([
      { backend: 'PGlite', port, env, practice, bare, halfOf: (mixRps) => Math.max(1, Math.round(mixRps / 2)) },
    ]);
    return result!;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The API runs as `pnpm start` runs it: the production bundle with its V8 flags.
await buildApi();

const only = process.env.BENCH_ONLY?.toLowerCase();
const results: Result[] = [];
if (only !== 'pglite') {
  try {
    results.push(...(await benchPostgres(YEARS > 1 ? [1, YEARS] : [1])));
  } catch (error) {
    console.error(`PostgreSQL part skipped: ${(error as Error).message}`);
  }
}
if (only !== 'postgres') results.push(await benchPglite());

const ms = (n: number) => `${n} ms`;
const row = (cells: [string | number, number][]) =>
  cells.map(([v, w], i) => (i === 0 ? String(v).padEnd(w) : String(v).padStart(w))).join(' ');

console.log(
  `\n${PATIENTS.toLocaleString('en')} patients (${FOLLOWED.toLocaleString('en')} with a year of weekly answers), ` +
    `${CONNECTIONS} connections, loopback; each call ${CALL_DURATION} s, the mix ${DURATION} s per load.`,
);
console.log(
  'req/s at a saturating load; p99 at a bounded load (the mix: half the bare query on PostgreSQL, half the mix on PGlite; a call: that, or half its own req/s if lower).',
);
for (const r of results) {
  console.log(
    `\n${r.backend} — bare 20-row query (ceiling): ${r.bare.rps} req/s, p99 ${r.bare.p99} ms · API peak RSS ${r.peakMb} MB`,
  );
  console.log(
    row([
      ['call', 32],
      ['share', 6],
      ['req/s', 7],
      ['% bare', 7],
      ['bounded', 9],
      ['p99', 7],
      ['CPU/req', 8],
      ['errors', 7],
    ]),
  );
  const line = (m: Measure, share: string) =>
    console.log(
      row([
        [m.name, 32],
        [share, 6],
        [m.sat.rps, 7],
        [`${Math.round((m.sat.rps / Math.max(1, r.bare.rps)) * 100)}%`, 7],
        [m.bounded.rate, 9],
        [ms(m.bounded.p99), 7],
        [`${m.cpuPerRequestMs.toFixed(2)} ms`, 8],
        [m.sat.errors + m.bounded.errors, 7],
      ]),
    );
  for (const [i, m] of r.calls.entries()) line(m, `${CALLS[i]!.weight}%`);
  line(r.mix, '100%');
  line({ ...r.uncached, name: 'the mix, caches off' }, '100%');
}

const pct = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 100);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const [oneYear, olderPractice] = results.filter((r) => r.backend.startsWith('PostgreSQL'));
if (oneYear && olderPractice) {
  console.log(`\nPostgreSQL: the same practice at one year and at ${YEARS} years (req/s at a saturating load)`);
  console.log(
    row([
      ['call', 32],
      ['1 year', 8],
      [`${YEARS} years`, 9],
      ['ratio', 7],
      ['goal', 7],
    ]),
  );
  const side = (name: string, a: Measure, b: Measure) =>
    console.log(
      row([
        [name, 32],
        [a.sat.rps, 8],
        [b.sat.rps, 9],
        [`${pct(b.sat.rps, a.sat.rps)}%`, 7],
        [verdict(b.sat.rps >= 0.8 * a.sat.rps), 7],
      ]),
    );
  for (const [i, call] of CALLS.entries()) side(call.name, oneYear.calls[i]!, olderPractice.calls[i]!);
  side('the mix', oneYear.mix, olderPractice.mix);
}

console.log(
  '\nGoals (issue 30): PostgreSQL — every call ≥ 20 % of the bare query, the mix ≥ 30 %' +
    (YEARS > 1 ? `, each call at ${YEARS} years ≥ 80 % of one year` : '') +
    '; PGlite — the mix ≥ 25 % of its own bare query, peak RSS < 256 MB; no errors.',
);
for (const r of results) {
  const errors =
    r.mix.sat.errors + r.mix.bounded.errors + r.calls.reduce((n, c) => n + c.sat.errors + c.bounded.errors, 0);
  const slowest = r.calls.reduce((a, b) => (b.sat.rps < a.sat.rps ? b : a));
  const checks: [string, boolean][] = r.backend.startsWith('PostgreSQL')
    ? [
        [
          `slowest call (${slowest.name}) ${pct(slowest.sat.rps, r.bare.rps)} % of bare (≥ 20 %)`,
          slowest.sat.rps >= 0.2 * r.bare.rps,
        ],
        [`mix ${pct(r.mix.sat.rps, r.bare.rps)} % of bare (≥ 30 %)`, r.mix.sat.rps >= 0.3 * r.bare.rps],
      ]
    : [
        [`mix ${pct(r.mix.sat.rps, r.bare.rps)} % of its bare query (≥ 25 %)`, r.mix.sat.rps >= 0.25 * r.bare.rps],
        [`peak RSS ${r.peakMb} MB (< 256)`, r.peakMb < 256],
      ];
  checks.push([`${errors} errors`, errors === 0]);
  console.log(`${r.backend.padEnd(22)} ${checks.map(([label, ok]) => `${label}: ${verdict(ok)}`).join(' · ')}`);
}
