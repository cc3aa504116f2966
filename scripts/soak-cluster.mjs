// `pnpm soak:cluster`: minutes of mixed load through the cluster's nginx (`pnpm start:cluster`), then the
// figures: errors (must be 0), requests per second, p99 latency, and the memory of every process (RSS now and
// its peak, VmHWM, from /proc) at the start and at the end.
//
// The mix is what the portal's main screens call, as the demo professional, plus patients saving answers:
//   GET /api/patient?nameTerm=… (varied), GET /api/patient/{id}, /api/patient/{id}/quizzes, /api/patient/totals,
//   /api/dashboard/summary, /api/answer-revision/pending, /api/answer-revision (received), the bell's count;
//   and PUT /api/quiz-answer/{id} (the survey's save) on quizzes scheduled to SOAK_PATIENTS new clients, each
//   opened as the survey does (PIN from the dev mailbox, then POST /api/quiz-answer). At the end every one of
//   those answers is finished and must show up among the received answers.
//
// It uses the cluster whose state file it finds (CLUSTER_STATE_DIR, default .cluster/) when that answers, else
// starts one (a fresh `acompanha_cluster_soak` database on CLUSTER_PORT, default 4440) and stops it afterwards.
//
// Environment: SOAK_SECONDS (600), SOAK_CONNECTIONS (8), SOAK_PATIENTS (10), CLUSTER_STATE_DIR, CLUSTER_PORT,
// CLUSTER_SKIP_BUILD (when it starts the cluster).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const PATIENTS = Number(process.env.SOAK_PATIENTS ?? 10);
const RUN = Date.now().toString(36);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (line) => console.log(`[soak] ${line}`);

// ── The cluster: a running one, else our own ───────────────────────────────────────────────────────────────
const readState = (dir) => JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'));
async function answers(url) {
  return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok ?? false;
}

let stateDir = resolve(process.env.CLUSTER_STATE_DIR ?? join(root, '.cluster'));
let cluster; // the child, when this script started the cluster
if (!(existsSync(join(stateDir, 'state.json')) && (await answers(readState(stateDir).url)))) {
  stateDir = join(tmpdir(), `acompanha-cluster-soak-${process.pid}`);
  const port = process.env.CLUSTER_PORT ?? '4440';
  log(`no running cluster: starting one on port ${port} (fresh database acompanha_cluster_soak)…`);
  cluster = spawn(process.execPath, [join(root, 'scripts/cluster.mjs')], {
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
  let output = '';
  cluster.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  cluster.on('exit', (code) => {
    if (cluster) {
      console.error(output);
      console.error(`[soak] the cluster exited (code ${code})`);
      process.exit(1);
    }
  });
  for (let i = 0; !(existsSync(join(stateDir, 'state.json')) && (await answers(readState(stateDir).url))); i++) {
    if (i > 600) throw new Error('the cluster did not start within 2 minutes');
    await sleep(200);
  }
}
const state = readState(stateDir);
const BASE = state.url;
log(
  `cluster at ${BASE}: ${Object.entries(state.processes)
    .map(([n, p]) => `${n} ${p.pid}`)
    .join(', ')}`,
);

async function call(method, path, { jwt, body, headers = {} } = {}) {
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
  return text ? JSON.parse(text) : undefined;
}

// ── Setup: the professional's data, and quizzes opened by patients as the survey opens them ─────────────────
const { jwt } = await call('POST', '/auth/login', { body: { email: 'demo@acompanha.app', password: 'acompanha123' } });
const seeded = (await call('GET', '/patient?take=100', { jwt })).items;
const patientIds = seeded.map((p) => p.id);
// Search terms as typed: first names, surnames, lower case without accents, partial words.
const terms = [
  ...new Set(
    seeded.flatMap((p) => {
      const words = p.name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .split(/\s+/);
      return [words[0], words.at(-1), words[0].slice(0, 3)];
    }),
  ),
];

async function libraryQuestion(title) {
  const page = await call('GET', `/question?search=${encodeURIComponent(title.slice(0, 40))}&origin=default&take=20`, {
    jwt,
  });
  const found = page.items.find((q) => q.title === title);
  if (!found) throw new Error(`library question not found: ${title}`);
  return found.id;
}
const weightId = await libraryQuestion('Qual é o seu peso hoje?');
const weekId = await libraryQuestion('Como foi sua semana?');
const quiz = await call('POST', '/quiz', {
  jwt,
  body: {
    title: `Soak ${RUN}`,
    folder: { title: 'Olá!', buttonTitle: 'Começar' },
    chosenQuestions: [{ id: weightId }, { id: weekId }],
  },
});
const services = await call('GET', '/services', { jwt });
const service = services.find((s) => s.name === 'Acompanhamento mensal') ?? services[0];
const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

const surveys = [];
for (let i = 0; i < PATIENTS; i++) {
  const email = `soak.${RUN}.${i}@example.com`;
  const patient = await call('POST', '/patient', { jwt, body: { name: `Paciente Soak ${i + 1}`, email } });
  await call('POST', '/sales', { jwt, body: { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' } });
  const schedule = await call('POST', '/quiz/schedule', {
    jwt,
    body: { quizId: quiz.id, patientId: patient.id, startDate: tomorrow, hour: 9, periodicity: 'once' },
  });
  await call('POST', '/quiz/schedule/request-now', { jwt, body: { quizScheduleId: schedule.id } });
  surveys.push({ email, scheduleId: schedule.id, patientId: patient.id });
}
// The worker delivers each request; the PIN comes from the dev mailbox (any API process reads it).
const operator = { 'x-operator-token': state.operatorToken ?? process.env.OPERATOR_TOKEN };
for (const s of surveys) {
  for (let i = 0; !s.pin; i++) {
    const mails = await call('GET', `/dev/mailbox?to=${encodeURIComponent(s.email)}`, { headers: operator });
    s.pin = mails.map((m) => /\bPIN\D{0,20}(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (!s.pin && i > 300) throw new Error(`no invitation reached ${s.email} in 60 s`);
    if (!s.pin) await sleep(200);
  }
  const { token } = await call('POST', '/quiz-answer/validate-pin', {
    body: { quizScheduleId: s.scheduleId, pin: s.pin },
  });
  s.token = token;
  const survey = await call('GET', `/quiz-answer/${s.scheduleId}`, { jwt: token });
  const started = await call('POST', '/quiz-answer', {
    jwt: token,
    body: { quizScheduleId: s.scheduleId, answerRequestId: survey.answerRequestId },
  });
  s.quizAnswerId = started.quizAnswerId;
  await call('PUT', `/quiz-answer/${s.quizAnswerId}`, {
    jwt: token,
    body: { idempotencyKey: randomUUID(), answer: { questionId: weightId, value: { type: 'metrics', value: 70 } } },
  });
}
log(`setup: ${PATIENTS} clients with a quiz opened by the patient, ${terms.length} search terms`);

// ── The mix ────────────────────────────────────────────────────────────────────────────────────────────────
const any = (list) => list[Math.floor(Math.random() * list.length)];
const auth = { authorization: `Bearer ${jwt}` };
/** [weight, name, the request] */
const MIX = [
  [25, 'GET /patient?nameTerm', () => ({ path: `/api/patient?take=20&nameTerm=${encodeURIComponent(any(terms))}` })],
  [5, 'GET /patient (first page)', () => ({ path: '/api/patient?take=20' })],
  [10, 'GET /patient/{id}', () => ({ path: `/api/patient/${any(patientIds)}` })],
  [5, 'GET /patient/{id}/quizzes', () => ({ path: `/api/patient/${any(patientIds)}/quizzes?take=10` })],
  [5, 'GET /patient/totals', () => ({ path: '/api/patient/totals' })],
  [10, 'GET /dashboard/summary', () => ({ path: '/api/dashboard/summary' })],
  [8, 'GET /answer-revision/pending', () => ({ path: '/api/answer-revision/pending?take=20' })],
  [7, 'GET /answer-revision (received)', () => ({ path: '/api/answer-revision?take=20' })],
  [5, 'GET /notifications/unread-count', () => ({ path: '/api/notifications/unread-count' })],
  [
    20,
    'PUT /quiz-answer/{id} (survey save)',
    () => {
      const s = any(surveys);
      const value = Math.round((55 + Math.random() * 40) * 10) / 10;
      return {
        method: 'PUT',
        path: `/api/quiz-answer/${s.quizAnswerId}`,
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: randomUUID(),
          answer: { questionId: weightId, value: { type: 'metrics', value }, replace: true },
        }),
      };
    },
  ],
];
const totalWeight = MIX.reduce((sum, [w]) => sum + w, 0);
const counts = new Map(MIX.map(([, name]) => [name, 0]));
function nextRequest() {
  let r = Math.random() * totalWeight;
  for (const [w, name, make] of MIX) {
    r -= w;
    if (r < 0) {
      counts.set(name, counts.get(name) + 1);
      return { method: 'GET', headers: auth, body: undefined, ...make() };
    }
  }
  return nextRequest();
}

// ── Memory of every process, from /proc ────────────────────────────────────────────────────────────────────
function memory() {
  const read = (pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const mb = (key) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 102.4) / 10;
      return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
    } catch {
      return { rss: NaN, hwm: NaN };
    }
  };
  const out = {};
  for (const [name, p] of Object.entries(readState(stateDir).processes)) {
    out[`${name} (${p.pid})`] = read(p.pid);
    if (name === 'nginx') {
      // nginx's worker processes, children of the master.
      const children = readFileSync(`/proc/${p.pid}/task/${p.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      for (const pid of children) out[`nginx worker (${pid})`] = read(pid);
    }
  }
  return out;
}

// ── Run ────────────────────────────────────────────────────────────────────────────────────────────────────
const before = memory();
const statuses = new Map();
log(`${SECONDS} s of load, ${CONNECTIONS} connections, through ${BASE}…`);
const instance = autocannon({
  url: BASE,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest() }) }],
});
instance.on('response', (_client, statusCode) => {
  if (statusCode >= 300) statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
});
const result = await instance;
const after = memory();

// Every opened quiz is finished by its patient and reaches the professional's received answers.
for (const s of surveys) {
  const done = await call('PUT', `/quiz-answer/${s.quizAnswerId}`, {
    jwt: s.token,
    body: {
      idempotencyKey: randomUUID(),
      answer: { questionId: weekId, value: { type: 'free-field', text: 'Semana de teste de carga.' } },
      finish: true,
    },
  });
  if (done.status !== 'finished') throw new Error(`quiz answer ${s.quizAnswerId} did not finish`);
}
const received = await call('GET', `/answer-revision?quizId=${quiz.id}&take=1`, { jwt });

// ── Report ─────────────────────────────────────────────────────────────────────────────────────────────────
const errors = result.errors + result.timeouts + result.non2xx;
console.log(`
  Soak through ${BASE}: ${SECONDS} s, ${CONNECTIONS} connections
  requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
  errors: ${errors} (socket errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}${
    statuses.size ? `: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}` : ''
  })
  mix (requests issued): ${[...counts].map(([name, n]) => `${name} ${n}`).join(', ')}
  answers: ${surveys.length} quizzes finished after the load, ${received.total} among the received answers
  memory (MB)            RSS start   RSS end   peak (VmHWM) end
${Object.keys(after)
  .map((name) => {
    const b = before[name] ?? { rss: NaN };
    const a = after[name];
    return `    ${name.padEnd(22)} ${String(b.rss).padStart(8)} ${String(a.rss).padStart(9)} ${String(a.hwm).padStart(12)}`;
  })
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
process.exit(errors === 0 && received.total === surveys.length && !restarted.length ? 0 : 1);
