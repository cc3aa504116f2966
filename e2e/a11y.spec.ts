import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { json, signInAsDemo } from './support.js';

/*
 * axe (WCAG 2.0, 2.1 and 2.2, A and AA: target size included) on the main signed-in pages of the demo
 * practice, on a phone (390×844, touch) and a desktop (1280×800). Any violation fails, named with its nodes.
 * One test visiting the pages in a loop: each page costs a load and one axe run per size.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** Waits for the screen's data: its heading, then no loading indicator left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
  // Tables reflow and charts size themselves once the data is in.
  await page.waitForTimeout(300);
}

/** The violations as lines a failure message can show: rule, impact, and the first nodes' selectors. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`,
  );
}

test('axe finds no WCAG 2.2 AA violation on the main signed-in pages at 390 and 1280 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  // A client with answers and schedules, so her profile shows its tables.
  const pending = await json<{ items: { patientId: string }[] }>(
    await page.request.get('/api/answer-revision/pending', { headers: auth, params: { take: 1, skip: 0 } }),
  );
  expect(pending.items.length, 'the demo practice has an answer waiting for review').toBe(1);
  const pages = [
    ['Painel', '/dashboard'],
    ['Clientes', '/clients'],
    ['Perfil da cliente', `/clients/profile/${pending.items[0]!.patientId}`],
    ['Questionários da cliente', `/clients/profile/${pending.items[0]!.patientId}?aba=questionarios`],
    ['Respostas recebidas', '/answers/received'],
    ['Serviços', '/services'],
    ['Questionários', '/quizzes'],
  ] as const;
  const session = await page.evaluate(() => localStorage.getItem('acompanha:persisted-state'));
  await context.close();

  const found: string[] = [];
  for (const size of SIZES) {
    const { name: sizeName, ...device } = size;
    const sized = await browser.newContext({ ...device, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    await sized.addInitScript((value) => localStorage.setItem('acompanha:persisted-state', value!), session);
    const tab = await sized.newPage();
    for (const [name, path] of pages) {
      await tab.goto(path);
      await settle(tab);
      for (const line of await violations(tab)) found.push(`${sizeName} ${size.viewport.width}px, ${name}: ${line}`);
    }
    await sized.close();
  }
  expect(found, found.join('\n')).toEqual([]);
});
