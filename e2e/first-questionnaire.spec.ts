import { expect, test, type Locator, type Page } from '@playwright/test';
import { readInvitation, verificationCode } from './support.js';

/*
 * A nutritionist who has just signed up, on her phone (390×844, touch), from the sign-up to the first
 * questionnaire that reaches a patient: verify, the tutorial, her first client, her first questionnaire, and
 * "Agendar" — where the dialog says at once that the client needs an active service and registers the sale
 * there (creating her first service on the way), then sends it now. No error is shown on the way; the taps
 * are counted (every tap on the screen; typing is not a tap).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const QUIZ = 'Meu primeiro acompanhamento';
const QUESTION = 'Qual é o seu peso hoje?'; // from the starter library
const SERVICE = 'Acompanhamento mensal';

/** Nothing on the screen says something went wrong: no error toast, alert or field message. */
async function expectNoError(page: Page, step: string) {
  await expect(
    page.locator('[data-tone="error"], [data-tone="danger"], .field-error, [slot="errorMessage"]'),
    `${step}: an error is shown`,
  ).toHaveCount(0);
}

test('a new professional reaches her first sent questionnaire on a phone without a wall', async ({ page, request }) => {
  test.setTimeout(120_000);
  let taps = 0;
  const tap = async (target: Locator) => {
    taps++;
    await target.tap();
  };
  const tail = String(Date.now()).slice(-7);
  const email = `nova.${tail}@exemplo.com.br`;
  const patientEmail = `primeira.${tail}@exemplo.com.br`;
  const password = 'senha-forte-123';

  // Sign up.
  await page.goto('/');
  await tap(page.getByRole('link', { name: 'Criar conta' }));
  await page.getByLabel('Nome completo').fill('Carla Nogueira');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a senha').fill(password);
  await tap(page.getByRole('button', { name: 'Criar conta' }));

  // Verify: the code's first box is ready; the sixth digit sends it.
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Dígito 1/ })).toBeFocused();
  await page.keyboard.type(await verificationCode(request, email));
  await expect(page).toHaveURL(/\/account-success/);
  await expectNoError(page, 'verified');

  // Sign in: the tutorial names every step, the sale included.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await tap(page.getByRole('button', { name: 'Entrar' }));
  await expect(page.getByRole('dialog', { name: 'Bem-vinda, Carla!' })).toBeVisible();
  for (let step = 0; step < 5; step++) await tap(page.getByRole('button', { name: 'Próximo' }));
  await expect(page.getByRole('dialog', { name: 'Acompanhe as respostas' })).toBeVisible();
  await tap(page.getByRole('button', { name: 'Ir para o painel' }));

  // "Primeiros passos": her first client.
  const steps = page
    .getByRole('region', { name: 'Primeiros passos' })
    .or(page.locator('section', { hasText: 'Primeiros passos' }));
  await expect(steps.getByText('0 de 4 concluídos.')).toBeVisible();
  await expect(steps.getByText('Registre a venda de um serviço')).toBeVisible();
  await tap(steps.getByRole('link', { name: 'Cadastrar cliente' }));
  await tap(page.getByRole('button', { name: 'Novo cliente' }).first());
  const newClient = page.getByRole('dialog', { name: 'Novo cliente' });
  await newClient.getByRole('textbox', { name: 'Nome' }).fill('Paula Primeira');
  await newClient.getByRole('textbox', { name: 'E-mail' }).fill(patientEmail);
  await tap(newClient.getByRole('button', { name: 'Cadastrar cliente' }));
  await expect(newClient).toBeHidden();
  await expectNoError(page, 'client added');

  // Her first questionnaire, from the next step.
  await tap(page.getByRole('button', { name: 'Abrir menu' }));
  await tap(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Painel/ }));
  await tap(steps.getByRole('link', { name: 'Montar questionário' }));
  await page.getByRole('textbox', { name: /Título do questionário/ }).fill(QUIZ);
  await tap(page.getByRole('tab', { name: 'Perguntas' }));
  await page.getByRole('searchbox', { name: 'Buscar no banco' }).fill(QUESTION);
  await tap(page.getByRole('button', { name: `Adicionar: ${QUESTION}`, exact: true }));
  await tap(
    page.getByRole('region', { name: 'Salvar questionário' }).getByRole('button', { name: 'Salvar', exact: true }),
  );
  await expect(page.getByText('Tudo salvo.')).toBeVisible();
  await expectNoError(page, 'questionnaire saved');

  // Scheduling it: the dialog says at once that this client needs an active service, and sells it right there.
  await tap(page.getByRole('button', { name: 'Abrir menu' }));
  await tap(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /^Painel/ }));
  await tap(steps.getByRole('link', { name: 'Agendar envio' }));
  await tap(page.getByRole('button', { name: `Ações de ${QUIZ}` }));
  await tap(page.getByRole('menuitem', { name: 'Agendar para um cliente' }));
  const dialog = page.getByRole('dialog', { name: 'Agendar questionário' });
  await dialog.getByRole('combobox', { name: /Cliente/ }).fill('Paula');
  await tap(page.getByRole('option', { name: 'Paula Primeira' }));
  await expect(dialog.getByRole('combobox', { name: /Cliente/ })).toHaveValue('Paula Primeira');
  await expect(dialog.getByRole('alert')).toContainText('Este cliente ainda não tem um serviço ativo');
  await tap(dialog.getByRole('radio', { name: 'Enviar agora' }).locator('xpath=ancestor::label[1]'));
  await tap(dialog.getByRole('button', { name: 'Registrar venda' }));

  // Her first service, on the way.
  const sale = page.getByRole('dialog', { name: 'Registrar venda' });
  await expect(sale.getByRole('heading', { name: 'Seu primeiro serviço' })).toBeVisible();
  await sale.getByRole('textbox', { name: 'Nome do serviço' }).fill(SERVICE);
  await sale.getByRole('textbox', { name: 'Preço' }).fill('390');
  await expect(sale.getByRole('textbox', { name: 'Valor' })).toHaveValue('390,00');
  await tap(sale.getByRole('button', { name: 'Registrar venda' }));
  await expect(sale).toBeHidden();
  await expectNoError(page, 'sale registered');

  // Back in the schedule with what she chose; "Enviar agora".
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('radio', { name: 'Enviar agora' })).toBeChecked();
  await tap(dialog.getByRole('button', { name: 'Enviar agora' }));
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`“${QUIZ}” enviado para Paula Primeira.`, { exact: false })).toBeVisible();
  await expectNoError(page, 'sent');

  // The patient's e-mail arrives with the link and the PIN.
  const invitation = await readInvitation(request, patientEmail);
  expect(invitation.link).toMatch(/\/quiz-survey\//);
  expect(invitation.pin).toMatch(/^\d{6}$/);

  console.log(`first questionnaire reached a patient in ${taps} taps`);
  test.info().annotations.push({ type: 'taps', description: String(taps) });
});
