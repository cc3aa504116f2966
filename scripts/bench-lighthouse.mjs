// `pnpm bench:lighthouse`: Lighthouse (mobile preset: Moto G power-class CPU and slow 4G, simulated)
// on the built survey served by the real API on a fresh embedded database with a scheduled quiz
// (scripts/survey-stack.mjs), in the system Chromium. The visits:
//   - a first visit: the PIN screen;
//   - a patient coming back (token kept in the browser, answered up to the weight question): the
//     survey loads the quiz from the API and opens that question;
//   - the professional's public page at /p/<link> (the client area's first screen);
//   - the portal's sign-in page (/login), a first visit;
//   - the portal's dashboard, signed in as the demo professional (her session kept in the browser, as the portal
//     keeps it), with an empty HTTP cache.
// Prints performance and accessibility per visit beside its goal, the key metrics, and every audit that lost points.
// Goals: the survey's visits performance ≥ 95, the portal's ≥ 90; accessibility 100 everywhere.
// Build both apps first: pnpm --filter @acompanha/survey --filter @acompanha/portal build
import { spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { chromium } from 'playwright';
import { startSurveyStack } from './survey-stack.mjs';

const chromePath = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (p) => p && existsSync(p),
);
if (!chromePath) throw new Error('Chromium not found: set CHROME_PATH');

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'acompanha-lh-'));
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 200) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** LIGHTHOUSE_ONLY=<part of a visit's name> (e.g. `portal`) measures those visits alone, beside the baseline. */
const ONLY = process.env.LIGHTHOUSE_ONLY;
/** Performance goals: the patient's survey on a cheap phone, and the professional's portal. */
const SURVEY_GOAL = 95;
const PORTAL_GOAL = 90;

/** Lighthouse varies from run to run (more so on a busy machine): each visit runs this many times. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/**
 * When the API sends the survey's scripts uncompressed, a front like a production CDN or reverse
 * proxy: the build's precompressed files (.br/.gz written by the survey's Vite config) for
 * /quiz-survey/assets/*, everything else proxied to the API as is.
 */
async function compressingFront(apiBase, { compressSurvey, bareDir }) {
  const dist = new URL('../apps/survey/dist', import.meta.url).pathname;
  const types = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.woff2': 'font/woff2',
    '.woff': 'font/woff',
  };
  const api = new URL(apiBase);
  const server = createHttpServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const asset =
      compressSurvey && path.startsWith('/quiz-survey/assets/')
        ? join(dist, path.slice('/quiz-survey'.length))
        : path.startsWith('/bare/')
          ? join(bareDir, path === '/bare/' ? 'index.html' : path.slice('/bare/'.length))
          : null;
    if (req.method === 'GET' && asset && !asset.includes('..') && existsSync(asset)) {
      const accept = String(req.headers['accept-encoding'] ?? '');
      const encoding =
        accept.includes('br') && existsSync(`${asset}.br`)
          ? 'br'
          : accept.includes('gzip') && existsSync(`${asset}.gz`)
            ? 'gzip'
            : null;
      const body = readFileSync(encoding ? `${asset}.${encoding === 'br' ? 'br' : 'gz'}` : asset);
      res.writeHead(200, {
        'Content-Type': types[extname(asset)] ?? 'application/octet-stream',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Length': body.length,
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      });
      res.end(body);
      return;
    }
    const upstream = httpRequest(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: api.host },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/** The baseline: a bare React 19 page built the same way (Vite production build), precompressed. */
async function buildBarePage() {
  const dir = join(root, 'node_modules/.bench-lighthouse');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
      '<meta name="description" content="Página React vazia (referência)." /><title>React</title></head>' +
      '<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<main><h1>Olá</h1></main>);\n",
  );
  await build({
    root: dir,
    base: '/bare/',
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(dir, 'dist') },
  });
  for (const file of readdirSync(join(dir, 'dist/assets'))) {
    const path = join(dir, 'dist/assets', file);
    writeFileSync(`${path}.br`, brotliCompressSync(readFileSync(path)));
    writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
  }
  return join(dir, 'dist');
}

const root = new URL('..', import.meta.url).pathname;
const bareDir = await buildBarePage();
const stack = await startSurveyStack();
const browser = await launchChromium();
// Does the API compress the survey's scripts itself?
const html = await (await fetch(stack.link)).text();
const script = html.match(/src="(\/quiz-survey\/assets\/[^"]+\.js)"/)?.[1];
const probe = script ? await fetch(`${stack.base}${script}`, { headers: { 'Accept-Encoding': 'br, gzip' } }) : null;
const apiCompresses = !!probe?.headers.get('content-encoding');
// LIGHTHOUSE_DIRECT=1 measures the API's own (uncompressed) serving anyway.
const direct = apiCompresses || process.env.LIGHTHOUSE_DIRECT === '1';
const front = await compressingFront(stack.base, { compressSurvey: !direct, bareDir });
const origin = direct ? stack.base : front.base;
const link = stack.link.replace(stack.base, origin);
const results = [];
try {
  const api = async (method, path, body, token) => {
    const res = await fetch(`${stack.base}/api${path}`, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return res.json();
  };

  /**
   * Every run starts with an empty HTTP cache and no storage (Lighthouse's own reset is off so that
   * the returning patient's token can be put in place): the first load of a phone that never saw it.
   */
  async function coldCache() {
    const pw = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const page = await pw.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
    await pw.close();
  }

  /**
   * Lighthouse `RUNS` times on `url`; the run with the median performance score is reported beside `goal` (the
   * performance score to reach; `null` for the baseline). A run Lighthouse itself could not complete (a
   * `runtimeError` such as NO_NAVSTART: its trace lacked the navigation) scores 0 without saying anything of the
   * page: it is run again (twice at most), and the summary says how many were.
   */
  async function audit(name, url, prepare = async () => {}, goal = SURVEY_GOAL) {
    if (goal !== null && ONLY && !name.includes(ONLY)) return;
    const runs = [];
    const repeated = [];
    for (let i = 0; i < RUNS; i++) {
      let run;
      for (let attempt = 0; attempt < 3; attempt++) {
        await prepare();
        run = await auditOnce(url);
        if (!run.error) break;
        repeated.push(run.error);
      }
      runs.push(run);
    }
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    const all = runs.map((r) => r.performance).join(', ');
    const note = repeated.length
      ? `; ${repeated.length} repeated after a Lighthouse error: ${repeated.join(', ')}`
      : '';
    results.push({ name, goal, ...median, all: `${all}${note}` });
  }

  async function auditOnce(url) {
    const runner = await lighthouse(url, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The second visit relies on what the first left in localStorage.
      disableStorageReset: true,
    });
    const lhr = runner.lhr;
    // LIGHTHOUSE_REPORTS=<dir> keeps the full JSON reports.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const stamp = `${results.length + 1}-${Date.now()}`;
      writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${stamp}.json`), runner.report);
      if (process.env.LIGHTHOUSE_TRACES)
        writeFileSync(
          join(process.env.LIGHTHOUSE_REPORTS, `${stamp}.trace.json`),
          JSON.stringify(runner.artifacts.Trace),
        );
    }
    const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '–';
    const lost = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      );
    const metrics = Object.entries(METRICS).map(([id, label]) => `${label} ${metric(id)}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics,
      lost,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      error: lhr.runtimeError?.code ?? null,
    };
  }

  await audit('bare React 19 page (baseline)', `${front.base}/bare/`, coldCache, null);

  // 1. First visit: the PIN screen.
  await audit('PIN screen (first visit)', link, coldCache);

  // 2. Coming back: a token in localStorage (as the survey keeps it) and answers up to the weight question.
  const token = await api('POST', '/quiz-answer/validate-pin', {
    quizScheduleId: stack.quizScheduleId,
    pin: stack.pin,
  });
  const survey = await api('GET', `/quiz-answer/${stack.quizScheduleId}`, undefined, token.token);
  const started = await api(
    'POST',
    '/quiz-answer',
    { quizScheduleId: stack.quizScheduleId, answerRequestId: survey.answerRequestId },
    token.token,
  );
  const craving = survey.questions[0];
  const yes = craving.config.alternatives.find((a) => a.label === 'Sim');
  const save = (answer) =>
    api('PUT', `/quiz-answer/${started.quizAnswerId}`, { idempotencyKey: randomUUID(), answer }, token.token);
  await save({ questionId: craving.questionId, value: { type: 'multiple-choice', alternativeIds: [yes.id] } });
  await save({
    questionId: stack.questionIds.whichFood,
    parentQuestionId: craving.questionId,
    value: { type: 'free-field', text: 'Chocolate' },
  });
  const keep = async () => {
    await coldCache();
    const pw = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const page = await pw.contexts()[0].newPage();
    await page.goto(`${origin}/quiz-survey/`);
    await page.evaluate(
      ([id, kept]) => localStorage.setItem(`acompanha.survey.${id}`, kept),
      [stack.quizScheduleId, JSON.stringify({ token, queue: [] })],
    );
    await page.close();
    await pw.close();
  };
  await audit('question screen (returning patient)', link, keep);

  // 3. The professional's public page (/p/<link>): the survey app with its data inlined in the HTML.
  await api(
    'PUT',
    '/professional/me/area-config',
    { link: 'bench-nutri', folder: { title: 'Nutrição sem terrorismo', subtitle: 'Acompanhamento entre consultas' } },
    stack.jwt,
  );
  await audit('public page (client area)', `${origin}/p/bench-nutri`, coldCache);

  // 4. The portal's sign-in page: a professional's first visit.
  if (!existsSync(join(root, 'apps/portal/dist/index.html')))
    throw new Error('apps/portal/dist is missing: run `pnpm --filter @acompanha/portal build` first');
  await audit('portal sign-in page', `${origin}/login`, coldCache, PORTAL_GOAL);

  // 5. The dashboard, signed in as the demo professional: her session where the portal keeps it
  // (packages/api-client/src/store.ts), the tutorial and the news seen (as scripts/screenshots-portal.mjs does),
  // nothing in the HTTP cache.
  const demo = await api('POST', '/auth/login', { email: 'demo@acompanha.app', password: 'acompanha123' });
  const professional = await api('POST', '/professional/me/tutorial', { outcome: 'skipped' }, demo.jwt);
  const persisted = JSON.stringify({
    version: 1,
    state: {
      session: { jwt: demo.jwt, professional, signature: demo.signature ?? null },
      drawerOpen: true,
      newsSeen: true,
      activationDismissedAt: null,
    },
  });
  const signedIn = async () => {
    await coldCache();
    const pw = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
    const page = await pw.contexts()[0].newPage();
    // A page of the origin that loads none of the portal's files.
    await page.goto(`${origin}/api/health`);
    await page.evaluate((kept) => localStorage.setItem('acompanha:persisted-state', kept), persisted);
    await page.close();
    await pw.close();
  };
  await audit('portal dashboard (signed in)', `${origin}/dashboard`, signedIn, PORTAL_GOAL);
} catch (error) {
  // The API's last lines say why a visit failed when the API did (exited, or answered 5xx).
  console.error(stack.output().slice(-4000));
  throw error;
} finally {
  await front.close();
  rmSync(join(root, 'node_modules/.bench-lighthouse'), { recursive: true, force: true });
  await browser.close();
  await stack.stop();
}

console.log(
  `Lighthouse 12 · mobile preset (simulated slow 4G, 4× CPU slowdown) · ${chromePath} · median of ${RUNS} run(s) per visit`,
);
console.log(
  apiCompresses
    ? '  survey and portal served by the API (their precompressed .br/.gz)'
    : direct
      ? '  survey served by the API as it is today: scripts uncompressed (LIGHTHOUSE_DIRECT=1)'
      : '  the API serves the scripts uncompressed: measured behind a front that sends the build’s precompressed .br/.gz (as a CDN or @fastify/static preCompressed would); LIGHTHOUSE_DIRECT=1 measures the API alone',
);
const meets = (r) => r.performance >= r.goal && r.accessibility === 100;
for (const r of results) {
  if (r.goal === null) {
    console.log(
      `  ${r.name.padEnd(38)} performance ${String(r.performance).padStart(3)}   accessibility ${String(r.accessibility).padStart(3)}   (runs: ${r.all})`,
    );
    console.log(`    ${r.metrics.join(' · ')} · host benchmarkIndex ${Math.round(r.benchmarkIndex)}`);
    continue;
  }
  console.log(
    `  ${r.name.padEnd(38)} performance ${String(r.performance).padStart(3)} (goal ≥ ${r.goal})   accessibility ${String(r.accessibility).padStart(3)} (goal 100)   ${meets(r) ? 'ok' : 'BELOW GOAL'}   (runs: ${r.all})`,
  );
  console.log(`    ${r.metrics.join(' · ')} · host benchmarkIndex ${Math.round(r.benchmarkIndex)}`);
  for (const a of r.lost) console.log(`    - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}
console.log(
  `  goals: performance ≥ ${SURVEY_GOAL} for the survey's visits, ≥ ${PORTAL_GOAL} for the portal's; accessibility 100`,
);
if (results.some((r) => r.goal !== null && !meets(r))) process.exitCode = 1;
