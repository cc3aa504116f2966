// The README's test command: every check CI runs, in order, with one closing summary line.
//   1. the API contract is not stale (gen:api:check) and passes the OWASP API ruleset (lint:api, Spectral)
//   2. the tree is formatted (Prettier), lints clean (ESLint, with import circles as errors), and typechecks
//   3. the apps build
//   Steps 1–3 read the tree and write only to a temporary folder or to dist/ (which the others ignore): they run
//   side by side, each printing its output when it ends, with its own time.
//   4. Vitest, one project after the other: api (PGlite, and PostgreSQL when DATABASE_URL is set), unit,
//      storybook (Chromium + axe), visual
//   5. Playwright journeys against the real product, then the restore drill on their database (back up, restore
//      into the other kind of database, compare every table, sign in, open an answer, download a file)
//   6. with DATABASE_URL: the cluster's journeys (`pnpm start:cluster`: nginx, two API processes, a worker)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

/** Where the journeys' server keeps its data folder for the restore drill. */
const drillSource = join(tmpdir(), `acompanha-e2e-drill-${process.pid}`);

/** Checks that only read the tree (and the builds, which write to dist/ alone): run side by side. */
const checks = [
  ['API contract', 'pnpm', ['gen:api:check']],
  ['API lint (Spectral OWASP)', 'pnpm', ['lint:api']],
  ['Format (Prettier)', 'pnpm', ['format:check']],
  ['Lint (ESLint, import cycles)', 'pnpm', ['lint']],
  ['Typecheck', 'pnpm', ['typecheck']],
  [
    'Build apps',
    'pnpm',
    ['--filter', '@acompanha/portal', '--filter', '@acompanha/survey', '--filter', '@acompanha/api', 'build'],
  ],
];
/** The tests, one step after the other. */
const steps = [
  // One Vitest project at a time: the API suites (two databases, job workers) and the browser stories
  // each get the 2 cores to themselves, instead of slowing each other into timeouts.
  // (Browser projects are named after their instance, e.g. "storybook (chromium)": hence the wildcards.)
  ...[
    ['api', 'api'],
    ['unit', 'unit'],
    ['storybook', 'storybook*'],
    ['visual', 'visual*'],
  ].map(([name, pattern]) => [
    `Vitest ${name}`,
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--project',
      pattern,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=test-results/vitest-${name}.json`,
      '--reporter=./scripts/vitest-flaky-reporter.mjs',
    ],
    { VITEST_FLAKY_OUTPUT: `test-results/vitest-${name}-flaky.json` },
  ]),
  [
    'Playwright',
    'pnpm',
    ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { E2E_KEEP_DATA_DIR: drillSource },
  ],
  // The journeys' database, backed up and restored into the other kind of database (scripts/restore-drill.ts).
  ['Restore drill', 'pnpm', ['exec', 'tsx', 'scripts/restore-drill.ts'], { E2E_KEEP_DATA_DIR: drillSource }],
  // The cluster runs on PostgreSQL only (its own fresh database beside DATABASE_URL's) behind Debian's nginx.
  ...(process.env.DATABASE_URL
    ? [
        [
          'Playwright (cluster)',
          'pnpm',
          ['exec', 'playwright', 'test', '-c', 'e2e/cluster/playwright.config.ts', '--reporter=list,json'],
          { CLUSTER_SKIP_BUILD: '1' },
        ],
      ]
    : []),
];
/** Each Playwright step's JSON report (absolute: Playwright resolves a relative name against its config folder). */
const playwrightReports = { Playwright: 'e2e.json', 'Playwright (cluster)': 'e2e-cluster.json' };

const results = [];
const runStarted = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

// The checks together: each one's output is held and printed in one piece when it ends (no interleaving).
const checksStarted = Date.now();
console.log(`\n=== ${checks.map(([name]) => name).join(', ')}: side by side ===`);
await Promise.all(
  checks.map(
    ([name, cmd, args]) =>
      new Promise((done) => {
        const started = Date.now();
        const output = [];
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        const finish = (ok) => {
          results.push({ name, ok, seconds: seconds(started), together: true });
          process.stdout.write(`\n=== ${name} ===\n`);
          process.stdout.write(Buffer.concat(output));
          console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${results.at(-1).seconds}s) ===`);
          done();
        };
        child.on('error', (error) => {
          output.push(Buffer.from(`${error.message}\n`));
          finish(false);
        });
        child.on('close', (code) => finish(code === 0));
      }),
  ),
);
// The summary lists them in their usual order.
results.sort((a, b) => checks.findIndex(([n]) => n === a.name) - checks.findIndex(([n]) => n === b.name));
const checksSeconds = seconds(checksStarted);

for (const [name, cmd, args, extraEnv = {}] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const env = { ...process.env, ...extraEnv };
  if (playwrightReports[name]) env.PLAYWRIGHT_JSON_OUTPUT_NAME = `${root}test-results/${playwrightReports[name]}`;
  const run = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: seconds(started) });
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${results.at(-1).seconds}s) ===`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// Tests that failed and then passed on their retry (browser projects and journeys retry once in CI).
const flaky = [];
for (const p of ['api', 'unit', 'storybook', 'visual']) {
  const file = `test-results/vitest-${p}-flaky.json`;
  if (!existsSync(file)) continue;
  for (const t of JSON.parse(readFileSync(file, 'utf8')))
    flaky.push(`${t.file} > ${t.name} (${t.retries} retr${t.retries === 1 ? 'y' : 'ies'})`);
}
// The names of failing tests, repeated at the very end: a CI log is often read from its tail only.
const failures = [];
/** The gist of an error: its first telling lines, without colours or Storybook's debug link. */
const gist = (message = '') =>
  message
    // eslint-disable-next-line no-control-regex -- terminal colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== 'Error:' && !line.startsWith('Click to debug'))
    .slice(0, 3)
    .join(' ')
    .slice(0, 400);
for (const file of ['api', 'unit', 'storybook', 'visual'].map((p) => `test-results/vitest-${p}.json`)) {
  if (!existsSync(file)) continue;
  const v = JSON.parse(readFileSync(file, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const suite of v.testResults ?? []) {
    const where = suite.name.replace(root, '');
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failures.push(`${where} > ${test.fullName}\n    ${gist(test.failureMessages?.[0])}`);
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${where}\n    ${gist(suite.message)}`);
    }
  }
}
for (const [step, report] of Object.entries(playwrightReports)) {
  const file = `test-results/${report}`;
  if (!existsSync(file)) continue;
  const label = step === 'Playwright' ? '' : ` (${step.replace(/^Playwright \((.*)\)$/, '$1')})`;
  const p = JSON.parse(readFileSync(file, 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') flaky.push(`e2e/${spec.file}${label} > ${spec.title}`);
        if (test.status !== 'unexpected') continue;
        failures.push(`e2e/${spec.file}${label} > ${spec.title}\n    ${gist(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of p.suites ?? []) walk(suite);
}
const failedSteps = results.filter((r) => !r.ok);
// A step that failed without a failing test (a typecheck, a build, a stale contract) still fails the run.
const isTestStep = (r) => r.name.startsWith('Vitest') || r.name.startsWith('Playwright');
failed += failedSteps.filter((r) => !isTestStep(r)).length;
if (failedSteps.some(isTestStep) && failed === 0) failed = 1;

console.log(
  '\n' +
    results
      .map((r) => `${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds}s${r.together ? ', side by side' : ''})`)
      .join('\n'),
);
console.log(`The checks side by side took ${checksSeconds}s; the whole run ${seconds(runStarted)}s.`);
if (failures.length) console.log(`\nFailing tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(
  flaky.length
    ? `\nFlaky (passed only on a retry):\n${flaky.map((f) => `  ${f}`).join('\n')}`
    : '\nFlaky (passed only on a retry): none',
);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
