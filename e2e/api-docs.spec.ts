import { expect, test } from '@playwright/test';

/*
 * An integrator opens the API reference on our own origin: the page renders the document (operations and the
 * webhooks with their event catalogue) within the product's Content-Security-Policy — no script, style or font is
 * refused by the browser, and nothing is fetched from another origin.
 */
test('the API reference renders the document and its webhooks within our CSP', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const foreign: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith('blob:') && !req.url().startsWith('data:'))
      foreign.push(req.url());
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: /Acompanha API/ })).toBeVisible({ timeout: 20_000 });
  // An operation and the webhooks section with an event of the catalogue.
  await expect(page.getByText('Sign in with e-mail and password').first()).toBeAttached();
  await expect(page.getByText('quiz_answer.finished').first()).toBeAttached();
  expect(problems.filter((p) => /Content.Security.Policy|Refused to/i.test(p))).toEqual([]);
  expect(foreign).toEqual([]);
});
