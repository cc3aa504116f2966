// `pnpm soak:cluster`: minutes of the benchmark's mix plus survey answer saves through the cluster's nginx
// (`pnpm start:cluster`), then the figures: errors (must be 0), requests per second, latency, requests and
// errors per kind of call, and the memory of every process (RSS now and its peak, VmHWM, from /proc) at the
// start and at the end.
//
// The practice is the benchmark's (scripts/bench/mix.ts): 10,000 patients imported through the API (through
// nginx), a year of sales and weekly answers written straight into the cluster's database, and the reads of
// the most used screens (`requestPaths`: Zipf-distributed name searches over 1,000 terms, filters and later
// pages, the dashboard, pending reviews, received answers, a review, a profile, sales, a schedule's latest
// answer, a questionnaire's links), as the demo professional. A database that already holds the practice (its
// patients and their schedules) is not seeded again. Between every four reads, one survey save: PUT
// /api/quiz-answer/{id} on quizzes scheduled to SOAK_PATIENTS new clients, each opened as the survey does (PIN
// from the dev mailbox, then POST /api/quiz-answer), round robin over them. Each save replaces the answer to the
// first question with a new weight, so a quiz answer never runs out of questions however long the soak lasts
// (the survey token lives 2 hours); every response is checked (200, the same quiz answer, still in progress,
// the weight just sent). At the end every one of those answers is finished and must show up among the
// received answers.
//
// It uses the cluster whose state file it finds (CLUSTER_STATE_DIR, default .cluster/) when that answers, else
// starts one (a fresh `acompanha_cluster_soak` database on CLUSTER_PORT, default 4440, seeded each time) and
// stops it afterwards. The database is reached as the cluster reaches it: CLUSTER_ADMIN_URL, else DATABASE_URL,
// else the local postgres, with the state file's database name.
//
// Environment: SOAK_SECONDS (600), SOAK_CONNECTIONS (8), SOAK_PATIENTS (10), SOAK_PATHS (distinct read paths each
// connection walks, 20,000), BENCH_FOLLOWED (patients with a year of weekly answers, 2,000), CLUSTER_STATE_DIR,
// CLUSTER_PORT, CLUSTER_ADMIN_URL, CLUSTER_SKIP_BUILD (when it starts the cluster).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
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
  type Practice,
} from './bench/mix';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const SURVEYS = Number(process.env.SOAK_PATIENTS ?? 10);
const PATHS = Number(process.env.SOAK_PATHS ?? 20_000);
/** One survey save after every READS_PER_SAVE reads: 20 % of the requests. */
const READS_PER_SAVE = 4;
const RUN = Date.now().toString(36);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[soak] ${line}`);

// ── The cluster: a running one, else our own ───────────────────────────────────────────────────────────────
interface ClusterState {
  url: string;
  database: string;
  operatorToken?: string;
  processes: Record<string, { pid: number | null; port: number; restarts: number }>;
}
const readState = (dir: string): ClusterState => JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
async function answers(url: string): Promise<boolean> {
  return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok ?? false;
}

let stateDir = resolve(process.env.CLUSTER_STATE_DIR ?? join(root, '.cluster'));
let cluster: ChildProcess | undefined; // the child, when this script started the cluster
if (!(existsSync(join(stateDir, 'state.json')) && (await answers(readState(stateDir).url)))) {
  stateDir = join(tmpdir(), `acompanha-cluster-soak-${process.pid}`);
  const port = process.env.CLUSTER_PORT ?? '4440';
  log(`no running cluster: starting one on port ${port} (fresh database acompanha_cluster_soak)…`);
  const child = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      CLUSTER_PORT: port,
      CLUSTER_STATE_DIR: stateDir,
      CLUSTER_DATABASE: 'acompanha_cluster_soak',
      CLUSTER_FRESH_DB: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cluster = child;
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  child.on('exit', (code) => {
    if (cluster) {
      console.error(output);
      console.error(`[soak] the cluster exited (code ${code})`);
      process.exit(1);
    }
  });
  // Should this script end any other way (an error, Ctrl-C), the cluster it started ends with it.
  const stopCluster = () => {
    const c = cluster;
    cluster = undefined;
    c?.kill('SIGTERM');
  };
  process.on('exit', stopCluster);
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  for (let i = 0; !(existsSync(join(stateDir, 'state.json')) && (await answers(readState(stateDir).url))); i++) {
    if (i > 900) throw new Error('the cluster did not start within 3 minutes');
    await sleep(200);
  }
}
const state = readState(stateDir);
const BASE = state.url;
log(
  `cluster at ${BASE} (database ${state.database}): ${Object.entries(state.processes)
    .map(([n, p]) => `${n} ${p.pid}`)
    .join(', ')}`,
);

async function call<T = unknown>(
  method: string,
  path: string,
  { jwt, body, headers = {} }: { jwt?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

// ── The benchmark's practice, seeded once per database ─────────────────────────────────────────────────────
const jwt = await demoJwt(BASE);
const databaseUrl = (() => {
  const u = new URL(
    process.env.CLUSTER_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
  );
  u.pathname = `/${state.database}`;
  return u.toString();
})();
const practice: Practice = await (async () => {
  // One connection: seedYear's temporary tables live in its session.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const runner = pgRunner(client);
    const count = async (sql: string) => Number((await runner.query<{ n: string }>(sql))[0]!.n);
    const benchPatients = () => count("select count(*) as n from patients where email like 'bench%@example.com'");
    const started = Date.now();
    if ((await benchPatients()) === 0) {
      log(`importing ${PATIENTS.toLocaleString('en')} patients through ${BASE}…`);
      try {
        await importPatients(BASE, jwt);
      } catch (error) {
        // nginx gives up on a response after 60 s while the API goes on importing: wait for the rows.
        log(`the import's response failed (${(error as Error).message.slice(0, 120)}); waiting for its rows…`);
      }
    }
    for (let i = 0; (await benchPatients()) < PATIENTS; i++) {
      if (i > 600) throw new Error(`the database holds fewer than ${PATIENTS} bench patients after 5 minutes`);
      await sleep(500);
    }
    const followed = await count(
      `select count(*) as n from quiz_schedules s join patients p on p.id = s.patient_id
       where p.email like 'bench%@example.com'`,
    );
    if (followed === 0) {
      log(`seeding a year of sales and weekly answers (${FOLLOWED.toLocaleString('en')} followed patients)…`);
      await seedYear(runner.exec);
      log(`seeded the practice in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      log(`the practice is already there (${followed} bench schedules): not seeding again`);
    }
    return await readPractice(runner.query, jwt);
  } finally {
    await client.end();
  }
})();

// ── Surveys: quizzes opened by patients as the survey opens them ───────────────────────────────────────────
interface Page<T> {
  items: T[];
  total: number;
}
async function libraryQuestion(title: string): Promise<string> {
  const search = encodeURIComponent(title.slice(0, 40));
  const page = await call<Page<{ id: string; title: string }>>(
    'GET',
    `/question?search=${search}&origin=default&take=20`,
    { jwt },
  );
  const found = page.items.find((q) => q.title === title);
  if (!found) throw new Error(`library question not found: ${title}`);
  return found.id;
}
const weightId = await libraryQuestion('Qual é o seu peso hoje?');
const weekId = await libraryQuestion('Como foi sua semana?');
const quiz = await call<{ id: string }>('POST', '/quiz', {
  jwt,
  body: {
    title: `Soak ${RUN}`,
    folder: { title: 'Olá!', buttonTitle: 'Começar' },
    chosenQuestions: [{ id: weightId }, { id: weekId }],
  },
});
const services = await call<{ id: string; name: string }[]>('GET', '/services', { jwt });
const service = services.find((s) => s.name === 'Acompanhamento mensal') ?? services[0]!;
const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

interface Survey {
  email: string;
  scheduleId: string;
  pin?: string;
  token?: string;
  quizAnswerId?: string;
}
const surveys: Survey[] = [];
for (let i = 0; i < SURVEYS; i++) {
  const email = `soak.${RUN}.${i}@example.com`;
  const patient = await call<{ id: string }>('POST', '/patient', {
    jwt,
    body: { name: `Paciente Soak ${i + 1}`, email },
  });
  await call('POST', '/sales', { jwt, body: { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' } });
  const schedule = await call<{ id: string }>('POST', '/quiz/schedule', {
    jwt,
    body: { quizId: quiz.id, patientId: patient.id, startDate: tomorrow, hour: 9, periodicity: 'once' },
  });
  await call('POST', '/quiz/schedule/request-now', { jwt, body: { quizScheduleId: schedule.id } });
  surveys.push({ email, scheduleId: schedule.id });
}
// The worker delivers each request; the PIN comes from the dev mailbox (any API process reads it).
const operator = { 'x-operator-token': state.operatorToken ?? process.env.OPERATOR_TOKEN ?? '' };
for (const s of surveys) {
  for (let i = 0; !s.pin; i++) {
    const mails = await call<{ text: string }[]>('GET', `/dev/mailbox?to=${encodeURIComponent(s.email)}`, {
      headers: operator,
    });
    s.pin = mails.map((m) => /\bPIN\D{0,20}(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (!s.pin && i > 300) throw new Error(`no invitation reached soak patient ${surveys.indexOf(s) + 1} in 60 s`);
    if (!s.pin) await sleep(200);
  }
  const { token } = await call<{ token: string }>('POST', '/quiz-answer/validate-pin', {
    body: { quizScheduleId: s.scheduleId, pin: s.pin },
  });
  s.token = token;
  const survey = await call<{ answerRequestId: string }>('GET', `/quiz-answer/${s.scheduleId}`, { jwt: token });
  const started = await call<{ quizAnswerId: string }>('POST', '/quiz-answer', {
    jwt: token,
    body: { quizScheduleId: s.scheduleId, answerRequestId: survey.answerRequestId },
  });
  s.quizAnswerId = started.quizAnswerId;
  await call('PUT', `/quiz-answer/${s.quizAnswerId}`, {
    jwt: token,
    body: { idempotencyKey: randomUUID(), answer: { questionId: weightId, value: { type: 'metrics', value: 70 } } },
  });
}
log(`setup: ${SURVEYS} clients with a quiz opened by the patient`);

// ── The requests: the benchmark's reads, and a save after every four ───────────────────────────────────────
const SAVE = 'survey save (PUT /quiz-answer/{id})';
/** Which of the mix's calls a path is (requestPaths gives paths only). */
const KINDS: [string, RegExp][] = [
  ['clients: name search', /^\/api\/patient\?take=20&nameTerm=/],
  ['clients: filters, later pages', /^\/api\/patient\?take=20&skip=/],
  ['clients: first page', /^\/api\/patient\?take=20$/],
  ['dashboard', /^\/api\/dashboard\/summary$/],
  ['pending reviews', /^\/api\/answer-revision\/pending\?/],
  ['received answers', /^\/api\/answer-revision\?/],
  ['profile: latest answer of a schedule', /^\/api\/answer-revision\/patient\//],
  ['review an answer', /^\/api\/answer-revision\/[0-9a-f-]{36}$/],
  ['client profile', /^\/api\/patient\/[0-9a-f-]{36}$/],
  ['profile: sales', /^\/api\/sales\?/],
  ['quiz links', /^\/api\/quiz\/schedule\?/],
];
const kindOf = (path: string) => KINDS.find(([, re]) => re.test(path))?.[0] ?? 'other';
// The table above follows mix.ts's CALLS: say so when they part.
for (const c of CALLS) {
  const wrong = requestPaths(practice, 50, c).filter((p) => kindOf(p) !== c.name);
  if (wrong.length) log(`warning: "${c.name}" paths are counted as ${kindOf(wrong[0]!)}: update KINDS`);
}

interface Tally {
  issued: number;
  ok: number;
  failed: number;
  statuses: Map<number, number>;
}
const tallies = new Map<string, Tally>();
const tally = (kind: string) => {
  let t = tallies.get(kind);
  if (!t) tallies.set(kind, (t = { issued: 0, ok: 0, failed: 0, statuses: new Map() }));
  return t;
};
const saveFailures: string[] = [];
let badSaveBodies = 0; // saves answered 200 whose body is not what was sent

type Ctx = { sent?: { survey: Survey; value: number } };
/** An entry of autocannon's `requests`: each connection walks them in order, with its own context. */
interface Req {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Req, context: Ctx) => Req;
  onResponse?: (status: number, body: string, context: Ctx) => void;
}
const readHeaders = { Authorization: `Bearer ${jwt}` };
function read(path: string): Req {
  const t = tally(kindOf(path));
  return {
    method: 'GET',
    path,
    headers: readHeaders,
    setupRequest: (req) => {
      t.issued++;
      return req;
    },
    onResponse: (status) => {
      if (status >= 200 && status < 300) t.ok++;
      else {
        t.failed++;
        t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
      }
    },
  };
}
let saveTurn = 0;
function save(): Req {
  const t = tally(SAVE);
  return {
    method: 'PUT',
    path: '/api/quiz-answer/',
    setupRequest: (req, context) => {
      // Round robin over the surveys, so concurrent saves mostly hold different quiz answers' locks.
      const survey = surveys[saveTurn++ % surveys.length]!;
      const value = Math.round((55 + Math.random() * 40) * 10) / 10;
      (context as Ctx).sent = { survey, value };
      t.issued++;
      return {
        ...req,
        path: `/api/quiz-answer/${survey.quizAnswerId}`,
        headers: { Authorization: `Bearer ${survey.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: randomUUID(),
          answer: { questionId: weightId, value: { type: 'metrics', value }, replace: true },
        }),
      };
    },
    onResponse: (status, body, context) => {
      const sent = context.sent;
      let problem: string | undefined;
      if (status !== 200) problem = `status ${status}: ${body.slice(0, 200)}`;
      else if (!sent) problem = 'a response to a save this script did not record';
      else {
        try {
          const progress = JSON.parse(body) as {
            quizAnswerId: string;
            status: string;
            answers: { questionId: string; value: { value?: number } }[];
          };
          const weight = progress.answers.find((a) => a.questionId === weightId)?.value.value;
          if (progress.quizAnswerId !== sent.survey.quizAnswerId) problem = 'another quiz answer came back';
          else if (progress.status !== 'in_progress') problem = `status ${progress.status}`;
          else if (weight !== sent.value) problem = `weight ${weight} stored, ${sent.value} sent`;
        } catch {
          problem = `not JSON: ${body.slice(0, 200)}`;
        }
      }
      if (problem) {
        if (status === 200) badSaveBodies++;
        t.failed++;
        t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
        if (saveFailures.length < 10) saveFailures.push(problem);
      } else t.ok++;
    },
  };
}
const requests: Req[] = [];
for (const [i, path] of requestPaths(practice, PATHS).entries()) {
  requests.push(read(path));
  if (i % READS_PER_SAVE === READS_PER_SAVE - 1) requests.push(save());
}

/**
 * nginx closes a kept-alive connection after 1,000 requests (`keepalive_requests`). autocannon (8.0) has by then
 * written its next request to the closing socket; on reconnecting it sends another while the unanswered one stays
 * first in its queue, so from then on every response is matched to the request before it: its body (and so the
 * saves' checks) and its latency (measured from that earlier request's start) are off by one. Forgetting what was
 * pending whenever the client connects again keeps each response with its own request; the request lost with the
 * old socket is counted as sent, never as answered, and the walk goes on with the next one.
 */
function forgetUnansweredOnReconnect(client: { _connect: () => void; pipelinedRequests: { clear: () => void } }) {
  const connect = client._connect;
  client._connect = function (this: typeof client) {
    this.pipelinedRequests.clear();
    return connect.call(this);
  };
}

// ── Memory of every process, from /proc ────────────────────────────────────────────────────────────────────
type Memory = Record<string, { rss: number; hwm: number }>;
function memory(): Memory {
  const readMb = (pid: number | string) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const mb = (key: string) =>
        Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 102.4) / 10;
      return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
    } catch {
      return { rss: NaN, hwm: NaN };
    }
  };
  const out: Memory = {};
  for (const [name, p] of Object.entries(readState(stateDir).processes)) {
    if (!p.pid) continue;
    out[`${name} (${p.pid})`] = readMb(p.pid);
    if (name === 'nginx') {
      // nginx's worker processes, children of the master.
      let children: string[] = [];
      try {
        children = readFileSync(`/proc/${p.pid}/task/${p.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      } catch {
        /* gone */
      }
      for (const pid of children) out[`nginx worker (${pid})`] = readMb(pid);
    }
  }
  return out;
}

/** Each process's own Prometheus metrics (`GET /api/metrics`, operator token): a few figures the soak moves. */
async function scrape(): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [name, p] of Object.entries(readState(stateDir).processes)) {
    if (name === 'nginx') continue;
    const text = await fetch(`http://127.0.0.1:${p.port}/api/metrics`, { headers: operator })
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    const sum = (re: RegExp) =>
      text
        .split('\n')
        .filter((l) => re.test(l))
        .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    out[name] = {
      requests: sum(/^http_request_duration_seconds_count\{/),
      'rss MB': Math.round(sum(/^process_resident_memory_bytes /) / 1048576),
      'pool total': sum(/^db_pool_connections\{state="total"\}/),
      'pool waiting': sum(/^db_pool_connections\{state="waiting"\}/),
      'jobs queued': sum(/^job_queue_depth\{/),
    };
  }
  return out;
}

// ── Run ────────────────────────────────────────────────────────────────────────────────────────────────────
const before = memory();
const metricsBefore = await scrape();
log(
  `${SECONDS} s of load, ${CONNECTIONS} connections, through ${BASE}: ${PATHS.toLocaleString('en')} read paths ` +
    `of the benchmark's mix, a survey save after every ${READS_PER_SAVE} reads…`,
);
const result = await autocannon({
  url: BASE,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests,
  setupClient: forgetUnansweredOnReconnect,
});
const after = memory();
const metricsAfter = await scrape();

// Every opened quiz is finished by its patient and reaches the professional's received answers.
for (const s of surveys) {
  const done = await call<{ status: string }>('PUT', `/quiz-answer/${s.quizAnswerId}`, {
    jwt: s.token,
    body: {
      idempotencyKey: randomUUID(),
      answer: { questionId: weekId, value: { type: 'free-field', text: 'Semana de teste de carga.' } },
      finish: true,
    },
  });
  if (done.status !== 'finished') throw new Error(`quiz answer ${s.quizAnswerId} did not finish`);
}
const received = await call<Page<unknown>>('GET', `/answer-revision?quizId=${quiz.id}&take=1`, { jwt });

// ── Report ─────────────────────────────────────────────────────────────────────────────────────────────────
const checkFailures = [...tallies.values()].reduce((n, t) => n + t.failed, 0);
// non-2xx responses are counted by autocannon and again in the tallies; a 200 save with a wrong body only here.
const errors = result.errors + result.timeouts + result.non2xx + badSaveBodies;
const saves = tally(SAVE);
const statusList = (t: Tally) => [...t.statuses].map(([s, n]) => `${s} × ${n}`).join(', ');
console.log(`
  Soak through ${BASE}: ${SECONDS} s, ${CONNECTIONS} connections; the benchmark's practice (${PATIENTS.toLocaleString('en')} patients, ${FOLLOWED.toLocaleString('en')} with a year of answers)
  requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
  errors: ${errors} (socket errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, saves answered 200 with a wrong body ${badSaveBodies})
  answer saves: ${saves.issued} sent, ${saves.ok} answered and checked OK, ${saves.failed} failed${saveFailures.length ? ` (first: ${saveFailures.join(' | ')})` : ''}
  answers: ${surveys.length} quizzes finished after the load, ${received.total} among the received answers
  per kind of call (requests sent, answered; failures) — sent but not answered: in flight at the end, or written
  to a kept-alive connection nginx was closing:
${[...tallies]
  .sort(([, a], [, b]) => b.issued - a.issued)
  .map(
    ([kind, t]) =>
      `    ${kind.padEnd(38)} ${String(t.issued).padStart(8)} ${String(t.ok + t.failed).padStart(8)}${t.failed ? `  failed ${t.failed} (${statusList(t)})` : ''}`,
  )
  .join('\n')}
  memory (MB)            RSS start   RSS end   peak (VmHWM) start   peak end
${Object.keys(after)
  .map((name) => {
    const b = before[name] ?? { rss: NaN, hwm: NaN };
    const a = after[name]!;
    return `    ${name.padEnd(22)} ${String(b.rss).padStart(8)} ${String(a.rss).padStart(9)} ${String(b.hwm).padStart(20)} ${String(a.hwm).padStart(10)}`;
  })
  .join('\n')}
  metrics (GET /api/metrics of each process, start → end):
${Object.keys(metricsAfter)
  .map(
    (name) =>
      `    ${name.padEnd(8)} ${Object.entries(metricsAfter[name]!)
        .map(([k, v]) => `${k} ${metricsBefore[name]?.[k] ?? '–'} → ${v}`)
        .join(', ')}`,
  )
  .join('\n')}
`);
const restarted = Object.entries(readState(stateDir).processes).filter(([, p]) => p.restarts > 0);
if (restarted.length)
  console.log(`  restarted during the soak: ${restarted.map(([n, p]) => `${n} × ${p.restarts}`).join(', ')}`);

if (cluster) {
  const child = cluster;
  cluster = undefined;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
const passed = errors === 0 && checkFailures === 0 && received.total === surveys.length && !restarted.length;
process.exit(passed ? 0 : 1);
