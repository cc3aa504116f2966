import { expect, test } from '@playwright/test';
import { signInAsDemo } from './support.js';

/*
 * The professional sets up her public page on /client-area: she chooses her link, tries a reserved one and is
 * told under the field that it is taken, saves; on the cover she writes a title and picks the button's colour;
 * on the colours she chooses dark mode. After a reload everything is as she left it, and "Copiar link" copies
 * the page's address.
 */

const RUN = Date.now().toString(36);
const LINK = `ana-demo-${RUN}`;
const TAKEN = 'O Link já está em uso. Escolha outro.';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the professional sets her link, cover and colours, and they are kept', async ({ page, baseURL }) => {
  await signInAsDemo(page);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Área do cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Área do cliente' })).toBeVisible();

  const link = page.getByRole('textbox', { name: 'Link da página' });
  const save = page.getByRole('button', { name: 'Salvar', exact: true });

  // A reserved word is refused by the API: its sentence under the field, the field marked invalid.
  await link.fill('admin');
  await save.click();
  await expect(page.getByText(TAKEN)).toBeVisible();
  await expect(link).toHaveAttribute('aria-invalid', 'true');

  // A format the API would refuse is said while typing, before any call.
  await link.fill('Ana Demo');
  await expect(page.getByText('Use só letras minúsculas, números e hífens, sem espaços nem acentos.')).toBeVisible();

  await link.fill(LINK);
  await expect(page.getByText(TAKEN)).toBeHidden();
  await save.click();
  await expect(page.getByText('Área do cliente salva.')).toBeVisible();
  await expect(page.getByText(`Endereço salvo: ${baseURL}/p/${LINK}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir página' })).toHaveAttribute('href', `${baseURL}/p/${LINK}`);

  // The cover: a title and the button's colour, seen in the preview before saving.
  await page.getByRole('link', { name: 'Capa', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Capa da área do cliente' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Nutrição sem neura');
  const buttonBackground = page.getByRole('textbox', { name: 'Hexadecimal (Cor de fundo do botão)' });
  await buttonBackground.fill('#0F766E');
  await buttonBackground.press('Tab');
  await expect(page.getByTestId('client-area-preview-light').getByText('Nutrição sem neura')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar capa' }).click();
  await expect(page.getByText('Capa salva.')).toBeVisible();

  // The colours: dark mode.
  await page.getByRole('link', { name: 'Cores', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cores da área do cliente' })).toBeVisible();
  await page.getByText('Escuro', { exact: true }).click();
  await expect(page.getByText('Modo escuro (escolhido)')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar cores' }).click();
  await expect(page.getByText('Cores salvas.')).toBeVisible();

  // Everything is kept.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Escuro' })).toBeChecked();
  await expect(page.getByText('Modo escuro (escolhido)')).toBeVisible();
  await page.goto('/client-area/folder');
  await expect(page.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue('Nutrição sem neura');
  await expect(page.getByRole('textbox', { name: 'Hexadecimal (Cor de fundo do botão)' })).toHaveValue('#0F766E');
  await page.goto('/client-area');
  await expect(link).toHaveValue(LINK);

  // "Copiar link" puts the address on the clipboard and says so.
  await page.getByRole('button', { name: 'Copiar link' }).click();
  await expect(page.getByText('Link copiado.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/p/${LINK}`);
});
