// `pnpm bench:bulk`: schedules one quiz for 10,000 patients with POST /api/quiz/schedule/bulk-insert/{quizId}, on
// PostgreSQL and on the embedded PGlite, while status polling and other API calls run against the same API.
// Prints the total time until the process is done, patients per second, and the slowest HTTP request meanwhile.
// Goal: under 30 s, no request over 200 ms. Uses DATABASE_URL (or the local PostgreSQL) to create a throw-away
// database; the API runs as a child process exactly as `pnpm start` runs it (delivery worker included).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../apps/api/src/db/client';
import { spDate } from '../apps/api/src/lib/dates';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';

const root = new URL('..', import.meta.url).pathname;
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_SECONDS = 30;
const GOAL_SLOWEST_MS = 200;
/** Concurrent loops of "other" API calls beside the status polling. */
const OTHER_LOOPS = Number(process.env.BENCH_LOOPS ?? 2);
const DEMO = { email: 'demo@acompanha.app', password: 'acompanha123' };

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

/**
 * The demo professional's bulk-test data, straight into the database: a quiz, a service, PATIENTS patients
 * (every 50th without a paid sale, every 200th inactive: they come back in `details`). Returns quiz and patient ids.
 */
async function seed(client: pg.Client): Promise<{ quizId: string; patientIds: string[] }> {
  const today = spDate(new Date());
  const { rows: pros } = await client.query<{ id: string }>('select id from professionals where email = $1', [
    DEMO.email,
  ]);
  const pro = pros[0]?.id;
  if (!pro) throw new Error('demo professional not seeded');
  await client.query('begin');
  const { rows: q } = await client.query<{ id: string }>(
    `insert into quizzes (professional_id, title, description) values ($1, 'Recordatório semanal (bench)', 'Agendado em massa') returning id`,
    [pro],
  );
  const { rows: s } = await client.query<{ id: string }>(
    `insert into services (professional_id, name, price_cents, validity_days) values ($1, 'Plano bench', 30000, 90) returning id`,
    [pro],
  );
  const { rows: ps } = await client.query<{ id: string }>(
    `insert into patients (professional_id, name, search_name, email, phone, status, preferences)
     select $1, 'Paciente Bench ' || lpad(i::text, 5, '0'), 'paciente bench ' || lpad(i::text, 5, '0'),
            'bench' || i || '@example.com', '+55119' || lpad((10000000 + i)::text, 8, '0'),
            case when i % 200 = 0 then 'inactive' else 'active' end,
            jsonb_build_object('channel', case when i % 3 = 0 then 'whatsapp' else 'email' end, 'reminders', true, 'reminderHour', null)
     from generate_series(1, $2::int) i
     returning id`,
    [pro, PATIENTS],
  );
  await client.query(
    `insert into sales (professional_id, patient_id, service_id, amount_cents, payment_method, sold_at, starts_at, ends_at)
     select $1, p.id, $2, 30000, 'pix', now(), $3::date - 1, $3::date + 89
     from patients p where p.professional_id = $1 and p.search_name like 'paciente bench %'
       and right(p.search_name, 5)::int % 50 <> 0`,
    [pro, s[0]!.id, today],
  );
  await client.query('commit');
  return { quizId: q[0]!.id, patientIds: ps.map((r) => r.id) };
}

interface Sample {
  label: string;
  /** Start, ms after the POST was sent (negative: warm-up). */
  at: number;
  ms: number;
  status: number;
}

interface Result {
  backend: string;
  seconds: number;
  perSecond: number;
  post: Sample;
  /** Slowest request while the process ran (the starting POST apart). */
  slowest: Sample;
  p99: number;
  requests: number;
  errors: number;
  /** The same traffic for a few seconds before the process: the machine's own latency. */
  atRest: { slowest: number; p99: number };
  details: number;
  scheduled: number;
  /** GET /api/quiz/schedule?quizId&take=20 afterwards, with every schedule in place (the schedule area's list). */
  listAfter: number;
  /** Slowest request of each kind. */
  byCall: { label: string; ms: number; count: number }[];
}

let origin = performance.now();

/** One request, timed until its whole body has arrived. */
async function timed(
  samples: Sample[],
  label: string,
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: string }> {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  samples.push({ label, at: t0 - origin, ms: performance.now() - t0, status: res.status });
  return { status: res.status, body };
}

const sortByMs = (samples: Sample[]) => [...samples].sort((a, b) => a.ms - b.ms);
const p99Of = (sorted: Sample[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!.ms;

/** Status polling every 100 ms and OTHER_LOOPS loops of other calls, until `stop()` resolves. */
async function traffic(
  base: string,
  auth: Record<string, string>,
  quizId: string,
  samples: Sample[],
  until: Promise<unknown>,
) {
  let running = true;
  void until.finally(() => (running = false));
  const others = [
    ['GET /api/patient?take=20&nameTerm=bench', '/api/patient?take=20&nameTerm=bench'],
    ['GET /api/quiz?take=20', '/api/quiz?take=20'],
    ['GET /api/professional/me', '/api/professional/me'],
  ] as const;
  const loops = Array.from({ length: OTHER_LOOPS }, async (_, k) => {
    for (let i = k; running; i++) {
      const [label, path] = others[i % others.length]!;
      await timed(samples, label, `${base}${path}`, { headers: auth });
      await new Promise((r) => setTimeout(r, 25));
    }
  });
  const polling = (async () => {
    while (running) {
      await timed(samples, 'GET status (polling)', `${base}/api/quiz/schedule/bulk-insert/status/${quizId}`, {
        headers: auth,
      });
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.all([...loops, polling]);
}

async function run(backend: string, base: string, quizId: string, patientIds: string[]): Promise<Result> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const auth = { Authorization: `Bearer ${jwt}` };

  // Warm-up, then the same traffic at rest for reference.
  await traffic(base, auth, quizId, [], new Promise((r) => setTimeout(r, 1000)));
  const rest: Sample[] = [];
  await traffic(base, auth, quizId, rest, new Promise((r) => setTimeout(r, 3000)));

  const samples: Sample[] = [];
  let finished!: (state: { state: string; processed: number; details: unknown[] }) => void;
  const done = new Promise<{ state: string; processed: number; details: unknown[] }>((r) => (finished = r));
  const load = traffic(base, auth, quizId, samples, done);
  const t0 = performance.now();
  origin = t0;
  const startDate = spDate(new Date(Date.now() + 86_400_000));
  const post = await timed(
    samples,
    `POST bulk-insert (${PATIENTS.toLocaleString('en')} ids)`,
    `${base}/api/quiz/schedule/bulk-insert/${quizId}`,
    {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ patientIds, startDate, hour: 9, periodicity: 'weekly', weekdays: [1, 3, 5] }),
    },
  );
  if (post.status !== 202) throw new Error(`bulk insert answered ${post.status}: ${post.body.slice(0, 300)}`);
  // The end is seen by a separate quick poll (not timed), so that the polling loop's cadence stays as it is.
  let state: Awaited<typeof done>;
  for (;;) {
    state = (await fetch(`${base}/api/quiz/schedule/bulk-insert/status/${quizId}`, { headers: auth }).then((r) =>
      r.json(),
    )) as typeof state;
    if (state.state !== 'processing') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  finished(state);
  await load;
  if (state.state !== 'done' || state.processed !== patientIds.length)
    throw new Error(`process ended ${JSON.stringify({ ...state, details: state.details.length })}`);

  const listSamples: Sample[] = [];
  const list = await timed(listSamples, 'list', `${base}/api/quiz/schedule?quizId=${quizId}&take=20`, {
    headers: auth,
  });
  const sorted = sortByMs(samples.filter((x) => !x.label.startsWith('POST')));
  const restSorted = sortByMs(rest);
  if (process.env.BENCH_VERBOSE) {
    for (const x of sorted.slice(-8).reverse())
      console.log(`  ${backend}: ${Math.round(x.ms)} ms at +${Math.round(x.at)} ms ${x.label}`);
  }
  return {
    backend,
    seconds,
    perSecond: patientIds.length / seconds,
    post: samples.find((x) => x.label.startsWith('POST'))!,
    slowest: sorted[sorted.length - 1]!,
    p99: p99Of(sorted),
    requests: sorted.length,
    errors: sorted.filter((x) => x.status >= 400).length,
    atRest: { slowest: restSorted[restSorted.length - 1]!.ms, p99: p99Of(restSorted) },
    details: state.details.length,
    scheduled: (JSON.parse(list.body) as { total: number }).total,
    listAfter: listSamples[0]!.ms,
    byCall: [...new Set(sorted.map((x) => x.label))].map((label) => {
      const of = sorted.filter((x) => x.label === label);
      return { label, ms: of[of.length - 1]!.ms, count: of.length };
    }),
  };
}

async function benchPostgres(): Promise<Result> {
  const name = `acompanha_bench_bulk_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-pg-'));
  try {
    const api = await startApi(4411, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    try {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { quizId, patientIds } = await seed(client).finally(() => client.end());
      return await run('PostgreSQL', 'http://127.0.0.1:4411', quizId, patientIds);
    } finally {
      await stop(api);
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-pglite-'));
  try {
    // First start: migrations and the demo professional. Then the bench data goes straight into the folder
    // (PGlite is single-process), and the API starts again on it.
    await stop(await startApi(4413, { DATA_DIR: dataDir, DATABASE_URL: '' }));
    const embedded = await startEmbeddedDatabase(join(dataDir, 'pglite'));
    let seeded: { quizId: string; patientIds: string[] };
    try {
      const client = new pg.Client({ connectionString: embedded.connectionString });
      await client.connect();
      seeded = await seed(client).finally(() => client.end());
    } finally {
      await embedded.stop();
    }
    const api = await startApi(4413, { DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      return await run('PGlite', 'http://127.0.0.1:4413', seeded.quizId, seeded.patientIds);
    } finally {
      await stop(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The API runs as `pnpm start` runs it: the production bundle with its V8 flags.
await buildApi();

const only = process.env.BENCH_BACKENDS?.toLowerCase().split(',');
const results: Result[] = [];
if (!only || only.includes('postgres')) {
  try {
    results.push(await benchPostgres());
  } catch (error) {
    console.error(`PostgreSQL part skipped: ${(error as Error).message}`);
  }
}
if (!only || only.includes('pglite')) results.push(await benchPglite());

const ms = (n: number) => `${Math.round(n)} ms`;
console.log(
  `\nPOST /api/quiz/schedule/bulk-insert/{quizId}: ${PATIENTS.toLocaleString('en')} patients (weekly; every 50th without an active ` +
    `service, every 200th inactive), while the status is polled every 100 ms and ${OTHER_LOOPS} loops call other routes ` +
    '(patient search, quiz list, profile), loopback. "slowest" = slowest of those requests while the process runs; "at rest" = ' +
    'the same traffic for 3 s before it.',
);
console.log(
  'backend      total   patients/s  POST      slowest  p99     requests  at rest (slowest / p99)  scheduled  details  goal',
);
for (const r of results) {
  const met = r.seconds < GOAL_SECONDS && r.slowest.ms <= GOAL_SLOWEST_MS;
  console.log(
    `${r.backend.padEnd(11)} ${`${r.seconds.toFixed(1)} s`.padStart(7)} ${String(Math.round(r.perSecond)).padStart(11)} ${ms(r.post.ms).padStart(8)} ` +
      `${ms(r.slowest.ms).padStart(8)} ${ms(r.p99).padStart(7)} ${String(r.requests).padStart(8)}  ${`${ms(r.atRest.slowest)} / ${ms(r.atRest.p99)}`.padStart(23)} ` +
      `${String(r.scheduled).padStart(10)} ${String(r.details).padStart(8)}  ${met ? 'met' : 'NOT met'}${r.errors ? ` (${r.errors} errors)` : ''}`,
  );
}
for (const r of results) {
  console.log(
    `${r.backend}: slowest of each call: ${r.byCall.map((c) => `${c.label} ${ms(c.ms)} (${c.count}×)`).join('; ')}`,
  );
  console.log(
    `${r.backend}: afterwards, GET /api/quiz/schedule?quizId&take=20 over ${r.scheduled.toLocaleString('en')} schedules: ${ms(r.listAfter)}`,
  );
}
console.log(
  `Goal: all ${PATIENTS.toLocaleString('en')} processed in under ${GOAL_SECONDS} s, no request over ${GOAL_SLOWEST_MS} ms while it runs.`,
);
