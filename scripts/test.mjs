// The README's test command: every check CI runs, in order, with one closing summary line.
//   1. the API contract is not stale (gen:api:check)
//   2. every package typechecks
//   3. the apps build
//   4. Vitest: api (PGlite, and PostgreSQL when DATABASE_URL is set), unit, storybook (Chromium + axe)
//   5. Playwright journeys against the real product
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const steps = [
  ['API contract', 'pnpm', ['gen:api:check']],
  ['Typecheck', 'pnpm', ['typecheck']],
  ['Build apps', 'pnpm', ['--filter', '@acompanha/portal', '--filter', '@acompanha/survey', 'build']],
  ['Vitest', 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']],
  ['Playwright', 'pnpm', ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const env = { ...process.env };
  // Absolute: Playwright resolves a relative name against its config folder (e2e/).
  if (name === 'Playwright') env.PLAYWRIGHT_JSON_OUTPUT_NAME = `${root}test-results/e2e.json`;
  const run = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${results.at(-1).seconds}s) ===`);
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (existsSync('test-results/e2e.json')) {
  const p = JSON.parse(readFileSync('test-results/e2e.json', 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
}
const failedSteps = results.filter((r) => !r.ok);
// A step that failed without a failing test (a typecheck, a build, a stale contract) still fails the run.
failed += failedSteps.filter((r) => r.name !== 'Vitest' && r.name !== 'Playwright').length;
if (failedSteps.some((r) => r.name === 'Vitest' || r.name === 'Playwright') && failed === 0) failed = 1;

console.log('\n' + results.map((r) => `${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds}s)`).join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
