import { expect, test, type Page } from '@playwright/test';
import { json, signInAsDemo } from './support.js';

/*
 * The professional's portal on a phone (390×844, touch): she finds a client from the menu, sells her a
 * service, schedules her a quiz and reviews a received answer — and no screen on the way scrolls sideways.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SERVICE = 'Acompanhamento mensal'; // apps/api/src/demo-practice.ts
const QUIZ = 'Acompanhamento semanal'; // apps/api/src/demo-follow-up.ts

/** The page fits the screen's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, step: string) {
  // Layout settles after the data arrives (tables reflow into cards): measure once nothing animates.
  await page.waitForTimeout(100);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${step}: the page is ${scrollWidth}px wide on a ${clientWidth}px screen`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** The top bar's menu button opens the labelled links; a link navigates and closes the menu. */
async function goThroughMenu(page: Page, link: string) {
  const button = page.getByRole('button', { name: 'Abrir menu' });
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expectNoSidewaysScroll(page, 'menu open');
  await menu.getByRole('link', { name: new RegExp(`^${link}`) }).click();
  await expect(menu).toBeHidden();
}

/** Opens a react-aria Select by its label and picks an option (the listbox renders in a popover). */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: RegExp) {
  await scope.getByRole('button', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option }).first().click();
  await expect(listbox).toBeHidden();
}

test('on a phone she finds a client from the menu, sells, schedules a quiz and reviews an answer', async ({ page }) => {
  test.setTimeout(90_000);
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  const tail = String(Date.now()).slice(-7);
  const CLIENT = `Lívia Telefone ${tail}`;
  await json(
    await page.request.post('/api/patient', {
      headers: auth,
      data: {
        name: CLIENT,
        email: `livia.${tail}@exemplo.com.br`,
        preferences: { channel: 'email', reminders: false },
      },
    }),
  );

  // ── The menu: no rail beside the page, a button in the top bar ──
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'dashboard');
  const menuButton = page.getByRole('button', { name: 'Abrir menu' });
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Painel' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // ── 1. Find the client: the list through the menu, a search, her card ──
  await goThroughMenu(page, 'Clientes');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'clients');
  await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill(`telefone ${tail}`);
  await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible();
  const card = page
    .getByRole('grid', { name: 'Clientes' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(CLIENT) }) });
  await expect(card).toContainText('Ativo');
  await expect(card).toContainText('Sem serviço ativo');
  await expect(card.getByRole('link', { name: 'Vender um serviço' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'clients, searched');
  await card.getByRole('link', { name: CLIENT }).click();
  await expect(page.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile');

  // ── 2. Register a sale ──
  await page.getByRole('tab', { name: 'Serviços e vendas' }).click();
  await expectNoSidewaysScroll(page, 'profile, sales tab');
  await page.getByRole('button', { name: 'Registrar venda' }).click();
  const sale = page.getByRole('dialog', { name: 'Registrar venda' });
  await expect(sale).toBeVisible();
  await choose(page, sale, /Serviço/, new RegExp(`^${SERVICE}`));
  await expectNoSidewaysScroll(page, 'sale dialog');
  // The dialog's buttons stay on the screen.
  await expect(sale.getByRole('button', { name: 'Registrar venda' })).toBeInViewport();
  await sale.getByRole('button', { name: 'Registrar venda' }).click();
  await expect(sale).toBeHidden();
  await expect(page.getByText(`Venda registrada: ${SERVICE} para ${CLIENT}.`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile, after the sale');

  // ── 3. Schedule a quiz in the single schedule dialog ──
  await page.getByRole('tab', { name: 'Questionários' }).click();
  await page.getByRole('button', { name: 'Agendar questionário' }).click();
  const schedule = page.getByRole('dialog', { name: 'Agendar questionário' });
  await expect(schedule).toBeVisible();
  await expectNoSidewaysScroll(page, 'schedule dialog');
  await choose(page, schedule, /Questionário$/, new RegExp(`^${QUIZ}`));
  await expect(schedule.getByRole('button', { name: 'Agendar', exact: true })).toBeInViewport();
  await schedule.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(schedule).toBeHidden();
  await expect(page.getByText(`“${QUIZ}” agendado para ${CLIENT}.`)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: QUIZ })).toBeVisible();
  await expectNoSidewaysScroll(page, 'profile, quizzes tab');

  // ── 4. Review a received answer ──
  await goThroughMenu(page, 'Respostas recebidas');
  await expect(page).toHaveURL(/\/answers\/received$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Respostas recebidas' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'answers received');
  const pending = page
    .getByRole('grid', { name: 'Respostas recebidas' })
    .getByRole('row')
    .filter({ hasText: 'Pendente' })
    .filter({ hasText: QUIZ })
    .first();
  await pending.getByRole('link', { name: /^Revisar resposta de/ }).click();
  await expect(page).toHaveURL(/\/clients\/profile\/[0-9a-f-]{36}\/quiz\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();
  await expectNoSidewaysScroll(page, 'answer review');
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByRole('button', { name: 'Voltar para pendente' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'answer reviewed');
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the drawer rests as a rail beside the page and floats over it when opened', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav).toHaveAttribute('data-open', 'false');
    expect((await nav.boundingBox())!.width).toBeLessThan(80);
    await expectNoSidewaysScroll(page, 'tablet clients');
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await expect(nav).toHaveAttribute('data-open', 'true');
    await expect(nav.getByText('Respostas recebidas')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toHaveAttribute('data-open', 'false');
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await nav.getByRole('link', { name: 'Serviços e vendas' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Serviços e vendas' })).toBeVisible();
    await expect(nav).toHaveAttribute('data-open', 'false');
    await expectNoSidewaysScroll(page, 'tablet services');
  });
});
