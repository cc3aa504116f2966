import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsDemo, spDay } from './support.js';

/*
 * The practice journey of the issue, on the real portal and API (demo professional: 200 seeded
 * clients, 5 services): import a CSV with one bad row, find a client by a name typed without
 * accents, register a sale, see it in the invoice, refund it, delete the client with a reason.
 */

const CLIENT = 'Conceição Aparecida Gonçalves';
const SERVICE = 'Acompanhamento mensal'; // R$ 390,00, 30 days (apps/api/src/demo-practice.ts)
const PRICE_CENTS = 39_000;
const REASON = 'Pediu para sair do acompanhamento';
/** Part of her name typed without accents, skipping the middle name: every word must match. */
const TYPED = 'conceicao goncalves';

const br = (iso: string) => iso.split('-').reverse().join('/');

const brl = (c: number) => `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(c / 100)}`;

/** Opens a react-aria Select by its label and picks an option (the listbox renders in a popover). */
async function choose(page: Page, scope: Page | Locator, label: RegExp, option: string | RegExp) {
  await scope.getByRole('button', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
  await expect(listbox).toBeHidden();
}

const row = (grid: Locator, header: string) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('rowheader', { name: header, exact: true }) });

test('a professional imports clients, finds one without accents, sells, invoices, refunds and deletes her', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  const today = spDay();
  const monthStart = `${today.slice(0, 8)}01`;
  const nextMonth = new Date(`${monthStart}T12:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 0);
  const monthEnd = nextMonth.toISOString().slice(0, 10);

  // The month's invoice before the sale (the demo data already has sales this month).
  const before = await (
    await page.request.get(`/api/services/invoice?periodStart=${monthStart}&periodEnd=${monthEnd}`, { headers: auth })
  ).json();
  expect(typeof before.grossCents).toBe('number');

  // 1. Import: three good rows and one with an invalid CPF.
  const tail = String(Date.now()).slice(-7);
  const csv = [
    'nome;telefone;email;cpf',
    `${CLIENT};(11) 98${tail};conceicao.${tail}@exemplo.com.br;`,
    `Otávio Brandão Peçanha;(21) 97${tail};;`,
    `Íris Magalhães;(31) 96${tail};iris.${tail}@exemplo.com.br;`,
    `Joana Falcão;(41) 95${tail};;111.111.111-11`,
  ].join('\r\n');

  await page.goto('/clients/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Importar clientes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`, 'utf-8') });

  const mapping = page.getByRole('region', { name: '2. Confira as colunas' });
  await expect(mapping.getByText(/clientes\.csv · 4 linhas de clientes/)).toBeVisible();
  await expect(mapping.getByRole('button', { name: /^nome Nome \(obrigatório\)/ })).toBeVisible();
  await expect(mapping.getByRole('button', { name: /^telefone Telefone/ })).toBeVisible();
  await expect(mapping.getByRole('button', { name: /^cpf CPF/ })).toBeVisible();
  const preview = mapping.getByRole('grid', { name: /Prévia das primeiras 4 linhas/ });
  await expect(preview.getByText(CLIENT)).toBeVisible();
  await page.getByRole('button', { name: 'Importar clientes' }).click();

  await expect(page.getByText('Importação concluída')).toBeVisible();
  const result = page.getByRole('region', { name: 'Resultado' });
  const count = (label: string) =>
    result
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(count('Novos')).toHaveText('3');
  await expect(count('Com erro')).toHaveText('1');
  await expect(count('Linhas lidas')).toHaveText('4');
  const errors = page.getByRole('grid', { name: 'Linhas com erro' });
  await expect(errors.getByRole('row')).toHaveCount(2); // header + the bad row
  // Spreadsheet row 5 (the header is row 1): the CPF column, in Portuguese.
  await expect(errors.getByRole('row').nth(1)).toHaveText(
    '5CPFO CPF informado é inválido. Confira os números e tente novamente.',
  );

  // 2. Find her by her name typed without accents.
  await page.getByRole('button', { name: 'Ver clientes' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  const clients = page.getByRole('grid', { name: 'Clientes' });
  await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill(TYPED);
  await expect(page.getByText('Mostrando 1–1 de 1')).toBeVisible();
  await expect(clients.getByRole('rowheader', { name: new RegExp(CLIENT) })).toBeVisible();
  await clients.getByRole('link', { name: CLIENT }).click();
  await expect(page).toHaveURL(/\/clients\/profile\/[0-9a-f-]{36}$/);
  const profileUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
  await expect(page.getByText('Sem serviço ativo')).toBeVisible();

  // 3. Register a sale of the monthly plan, paid by Pix.
  await page.getByRole('tab', { name: 'Serviços e vendas' }).click();
  const sales = page.getByRole('grid', { name: `Vendas de ${CLIENT}` });
  await expect(sales.getByRole('heading', { name: 'Nenhuma venda para este cliente' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar venda' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar venda' });
  await expect(dialog.getByText(`Cliente: ${CLIENT}`)).toBeVisible();
  await choose(page, dialog, /Serviço/, new RegExp(`^${SERVICE}`));
  await expect(dialog.getByRole('textbox', { name: /^Valor/ })).toHaveValue('390,00');
  await choose(page, dialog, /Forma de pagamento/, 'Pix');
  await dialog.getByRole('button', { name: 'Registrar venda' }).click();
  await expect(page.getByText(`Venda registrada: ${SERVICE} para ${CLIENT}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const sale = row(sales, SERVICE);
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText(`${br(today)} a ${br(spDay(29))}`);
  await expect(sale).toContainText('R$ 390,00');
  await expect(sale).toContainText('Pix');
  await expect(sale).toContainText('Paga');
  await expect(page.getByText(`${SERVICE} · até ${br(spDay(29))}`)).toBeVisible();

  // 4. The month's invoice lists the sale and its totals include it.
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Serviços e vendas' })).toBeVisible();
  await page.getByRole('tab', { name: 'Faturamento' }).click();
  await expect(page.getByText(`Faturamento de ${br(monthStart)} a ${br(monthEnd)}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bruto' })).toContainText(brl(before.grossCents + PRICE_CENTS));
  await expect(page.getByRole('region', { name: 'Reembolsos' })).toContainText(brl(before.refundsCents));
  await expect(page.getByRole('region', { name: 'Líquido' })).toContainText(brl(before.netCents + PRICE_CENTS));
  const periodSales = page.getByRole('grid', { name: 'Vendas do período' });
  const invoiced = row(periodSales, CLIENT);
  await expect(invoiced).toHaveCount(1);
  await expect(invoiced).toContainText(SERVICE);
  await expect(invoiced).toContainText('Pix');
  await expect(invoiced).toContainText('Paga');
  await expect(invoiced).toContainText('R$ 390,00');
  const monthly = row(page.getByRole('grid', { name: 'Faturamento por serviço' }), SERVICE);
  const monthlyBefore = before.services.find((s: { name: string }) => s.name === SERVICE) ?? {
    count: 0,
    grossCents: 0,
  };
  await expect(monthly).toContainText(brl(monthlyBefore.grossCents + PRICE_CENTS));

  // 5. Refund it from the 'Vendas' tab; the invoice counts it as a refund.
  await page.getByRole('tab', { name: 'Vendas' }).click();
  await page.getByRole('button', { name: `Ações da venda de ${SERVICE} para ${CLIENT} em ${br(today)}` }).click();
  await page.getByRole('menuitem', { name: 'Reembolsar' }).click();
  const refund = page.getByRole('alertdialog', { name: 'Reembolsar venda?' });
  await expect(refund).toContainText('R$ 390,00');
  await refund.getByRole('button', { name: 'Reembolsar' }).click();
  await expect(page.getByText('Venda reembolsada.')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(
    row(page.getByRole('grid', { name: 'Vendas' }), SERVICE)
      .filter({ hasText: CLIENT })
      .first(),
  ).toContainText('Reembolsada');

  await page.getByRole('tab', { name: 'Faturamento' }).click();
  await expect(page.getByRole('region', { name: 'Reembolsos' })).toContainText(brl(before.refundsCents + PRICE_CENTS));
  await expect(page.getByRole('region', { name: 'Bruto' })).toContainText(brl(before.grossCents + PRICE_CENTS));
  await expect(page.getByRole('region', { name: 'Líquido' })).toContainText(brl(before.netCents));
  await expect(row(periodSales, CLIENT)).toContainText('Reembolsada');

  // 6. Back on her profile: the sale shows as refunded, then she is deleted with a reason.
  await page.goto(profileUrl);
  await expect(page.getByRole('heading', { level: 1, name: CLIENT })).toBeVisible();
  await expect(page.getByText('Sem serviço ativo')).toBeVisible();
  await page.getByRole('tab', { name: 'Serviços e vendas' }).click();
  await expect(row(sales, SERVICE)).toContainText('Reembolsada');

  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  const remove = page.getByRole('alertdialog', { name: 'Excluir cliente?' });
  await expect(remove.getByText(/Seguindo a LGPD/)).toBeVisible();
  await remove.getByRole('textbox', { name: /^Motivo da exclusão/ }).fill(REASON);
  await remove.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('Cliente excluído. Os dados pessoais foram anonimizados.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill(TYPED);
  await expect(clients.getByRole('heading', { name: 'Nenhum cliente encontrado' })).toBeVisible();
  await expect(clients.getByText(CLIENT)).toHaveCount(0);
});
