// `node scripts/screenshots-portal.mjs [outDir]`: signs in to a running production server as the demo
// professional and saves a full-page screenshot of every private screen of the portal on a phone (390×844,
// touch), a tablet (768×1024) and a desktop (1280×800), plus the phone's menu and, at each size, the sale,
// schedule and bulk schedule dialogs. Each screen is checked for sideways scrolling
// (`document.documentElement.scrollWidth > clientWidth`): the script lists those and exits with 1.
//
// Start the server first:
//   pnpm --filter @acompanha/api --filter @acompanha/portal --filter @acompanha/survey build
//   PORT=4466 DATA_DIR=$(mktemp -d) OPERATOR_TOKEN=x PUBLIC_URL=http://127.0.0.1:4466 node apps/api/dist/main.js
// Options (environment): BASE_URL (default http://127.0.0.1:4466), SCREENSHOTS_DIR (instead of outDir),
// ONLY (a substring of the screens' names to capture), SIZES (e.g. 'phone,desktop'), CHROMIUM_PATH.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';

const root = new URL('..', import.meta.url).pathname;
const base = (process.env.BASE_URL ?? 'http://127.0.0.1:4466').replace(/\/$/, '');
const outDir = resolve(process.argv[2] ?? process.env.SCREENSHOTS_DIR ?? join(root, 'test-results/portal-screenshots'));
mkdirSync(outDir, { recursive: true });
const only = process.env.ONLY;
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
const DEMO = { email: 'demo@acompanha.app', password: 'acompanha123' };

async function api(path, init = {}) {
  const res = await fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

// ── The session, as the portal keeps it; the tutorial marked seen, so it does not cover the screens ──
const session = await api('/auth/login', { method: 'POST', body: JSON.stringify(DEMO) });
const auth = { Authorization: `Bearer ${session.jwt}` };
await api('/professional/me/tutorial', { method: 'POST', headers: auth, body: JSON.stringify({ outcome: 'skipped' }) });
const me = await api('/professional/me', { headers: auth }).catch(() => session.professional);
const persisted = JSON.stringify({
  version: 1,
  state: {
    session: { jwt: session.jwt, professional: me ?? session.professional, signature: session.signature ?? null },
    drawerOpen: true,
    newsSeen: true,
  },
});

// ── Ids for the screens that show one thing ──
const first = async (path) => (await api(path, { headers: auth }).catch(() => null))?.items?.[0];
const client = await first('/patient?take=1&skip=0&status=active');
const quiz = await first('/quiz?take=1&skip=0');
const pending = await first('/answer-revision/pending?take=1&skip=0');
const question = await first('/question?take=1&skip=0');
const setting = await first('/notifications/settings');

const screens = [
  ['dashboard', '/dashboard'],
  ['clients', '/clients'],
  ['clients-import', '/clients/import'],
  ['clients-messaging', '/clients/messaging'],
  client && ['client-profile', `/clients/profile/${client.id}`],
  client && ['client-profile-sales', `/clients/profile/${client.id}?aba=vendas`],
  client && ['client-profile-quizzes', `/clients/profile/${client.id}?aba=questionarios`],
  client && ['client-profile-messages', `/clients/profile/${client.id}?aba=mensagens`],
  client && ['client-profile-access', `/clients/profile/${client.id}?aba=acessos`],
  pending && ['answer-review', `/clients/profile/${pending.patientId}/quiz/${pending.quizScheduleId}`],
  ['answers-received', '/answers/received'],
  ['answers-report', '/answers/report'],
  ['services', '/services'],
  ['quizzes', '/quizzes'],
  quiz && ['quiz-links', `/quizzes/links/${quiz.id}`],
  ['quiz-questions', '/quizzes/questions'],
  ['quiz-appearance', '/quizzes/appearance'],
  ['quiz-builder', '/quiz-builder'],
  quiz && ['quiz-builder-edit', `/quiz-builder/${quiz.id}`],
  ['question-builder', '/question-builder'],
  question && ['question-builder-edit', `/question-builder/${question.id}`],
  ['resend-received', '/resendReceived'],
  ['notifications', '/notifications/managing'],
  ['notification-settings', '/notifications/settings'],
  setting && ['notification-setting', `/notifications/settings/${setting.id ?? setting.notificationId ?? ''}`],
  ['webhook', '/webhook'],
  ['client-area', '/client-area'],
  ['client-area-folder', '/client-area/folder'],
  ['client-area-appearance', '/client-area/appearance'],
  ['profile', '/profile'],
].filter((s) => s && (!only || s[0].includes(only)));

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
].filter((s) => !process.env.SIZES || process.env.SIZES.split(',').includes(s.name));

const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
const sideways = [];
let count = 0;
try {
  for (const size of sizes) {
    const { name: sizeName, ...device } = size;
    const context = await browser.newContext({
      ...device,
      baseURL: base,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
    });
    await context.addInitScript((value) => {
      if (!localStorage.getItem('acompanha:persisted-state')) localStorage.setItem('acompanha:persisted-state', value);
    }, persisted);
    const page = await context.newPage();

    const shot = async (name) => {
      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (overflow.scrollWidth > overflow.clientWidth) {
        sideways.push(`${sizeName}/${name}: ${overflow.scrollWidth}px on ${overflow.clientWidth}px`);
      }
      const file = join(outDir, `${sizeName}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      count++;
      console.log(`  ${file}${overflow.scrollWidth > overflow.clientWidth ? '  ← scrolls sideways' : ''}`);
    };

    for (const [name, path] of screens) {
      await page.goto(path);
      await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => console.warn(`  ${sizeName}/${name}: no heading after 15 s`));
      // Not 'networkidle': the notification stream stays open. Data and charts settle in a moment.
      await page.waitForTimeout(800);
      await shot(name);
    }

    if (sizeName === 'phone' && (!only || 'menu'.includes(only))) {
      await page.goto('/clients');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await page.waitForTimeout(300);
      await shot('menu-open');
    }

    // The dialogs: their buttons stay on the screen (a viewport-sized shot shows what she sees).
    const dialogs = [
      client && ['dialog-sale', `/clients/profile/${client.id}?aba=vendas`, 'Registrar venda', 'Registrar venda'],
      client && [
        'dialog-schedule',
        `/clients/profile/${client.id}?aba=questionarios`,
        'Agendar questionário',
        'Agendar questionário',
      ],
      quiz && ['dialog-bulk-schedule', `/quizzes/links/${quiz.id}`, 'Agendar para vários', /Agendar/],
    ].filter((d) => d && (!only || d[0].includes(only)));
    for (const [name, path, button, title] of dialogs) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByRole('button', { name: button, exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: title }).first();
      await dialog.waitFor();
      await page.waitForTimeout(500);
      const file = join(outDir, `${sizeName}-${name}.png`);
      await page.screenshot({ path: file });
      count++;
      console.log(`  ${file}`);
      await page.keyboard.press('Escape');
    }
    await context.close();
  }
} finally {
  await browser.close();
}

console.log(`${count} screenshots in ${outDir}`);
if (sideways.length) {
  console.error(`Screens that scroll sideways:\n  ${sideways.join('\n  ')}`);
  process.exit(1);
}
