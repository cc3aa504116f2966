import { expect, test } from '@playwright/test';
import { json, signIn, skipTutorial, verificationCode } from './support.js';

/*
 * A new professional's subscription, on the real portal and API with the API's own gateway stand-in (the real
 * Asaas adapter talks to it): her trial shows on the profile; a card refused on charge shows its message; a
 * card left in the issuer's analysis is followed until the charge is confirmed; the subscription is active with
 * its charge in the history; she cancels with a reason, then asks for the refund within 7 days; the account is
 * expired at once: the forced activation modal appears, and leaving it she can still read her clients while a
 * new client asks her to subscribe.
 */

const RUN = Date.now().toString(36);
const PRO = { name: 'Joana Ribeiro', email: `joana.ribeiro.${RUN}@example.com`, password: 'segredo-forte-123' };
// The stand-in's test cards (apps/api/src/payment/standin/cards.ts).
const CARDS = { refusedOnCharge: '4000000000004004', riskAnalysis: '4000000000003006' };

test('a professional subscribes (a refused card, then a charge followed to its end), cancels, is refunded, and keeps reading her records', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Signed up and verified (the accounts journey drives those screens), with her CPF on the profile.
  await json(await page.request.post('/api/auth/registration', { data: PRO }));
  const code = await verificationCode(page.request, PRO.email);
  await json(await page.request.post('/api/auth/verify-email', { data: { email: PRO.email, code } }));
  const jwt = await signIn(page, PRO);
  const auth = { Authorization: `Bearer ${jwt}` };
  await json(await page.request.put('/api/professional/me', { headers: auth, data: { document: '24971563792' } }));
  await json(
    await page.request.post('/api/patient', {
      headers: auth,
      data: { name: 'Lívia Campos', email: `livia.${RUN}@example.com` },
    }),
  );

  await page.goto('/profile');
  await skipTutorial(page);
  const panel = page.getByRole('region', { name: 'Assinatura' });
  await expect(panel.getByText(/^Período de teste: 14 dias restantes$/)).toBeVisible();

  // ── Subscribing: a card refused on charge, then one the issuer holds for analysis ──
  await panel.getByRole('button', { name: 'Assinar plano mensal' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome impresso no cartão').fill('JOANA RIBEIRO');
  await dialog.getByLabel('Número do cartão').pressSequentially(CARDS.refusedOnCharge);
  await dialog.getByLabel('Validade (MM/AA)').pressSequentially('0830');
  await dialog.getByLabel('Código de segurança (CVV)').fill('123');
  await dialog.getByLabel('CPF do titular').pressSequentially('24971563792');
  await dialog.getByLabel('Telefone do titular').pressSequentially('11912345678');
  await dialog.getByLabel('CEP').pressSequentially('01310100');
  await dialog.getByLabel('Número do endereço').fill('1000');
  await dialog.getByRole('button', { name: 'Assinar' }).click();
  await expect(dialog.getByText('O pagamento foi recusado. Confira os dados ou use outro cartão.')).toBeVisible();

  await dialog.getByLabel('Número do cartão').clear();
  await dialog.getByLabel('Número do cartão').pressSequentially(CARDS.riskAnalysis);
  await dialog.getByRole('button', { name: 'Assinar' }).click();
  await expect(page.getByText(/Estamos aguardando a confirmação do seu banco…/)).toBeVisible();
  // The stand-in confirms the charge after its analysis and calls our webhook; the screen follows it.
  await expect(page.getByRole('heading', { name: 'Assinatura ativa!' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(panel.getByText(/^Ativa — próxima cobrança em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(panel.getByText('Mensal — R$ 89,90/mês')).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Histórico de cobranças' }).getByRole('row')).toHaveCount(2);

  // ── Cancel (access until the period's end), then the refund within 7 days ──
  await panel.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancelar assinatura' });
  await cancel.getByLabel('Por que você está cancelando?').fill('Vou pausar os atendimentos por uns meses.');
  await cancel.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(panel.getByText(/^Cancelada — acesso até/)).toBeVisible();
  await panel.getByRole('button', { name: 'Pedir reembolso' }).click();
  const refund = page.getByRole('dialog', { name: 'Pedir reembolso' });
  await expect(refund.getByText(/Código de Defesa do Consumidor, art\. 49/)).toBeVisible();
  await refund.getByRole('button', { name: 'Reembolsar R$ 89,90' }).click();
  await expect(panel.getByText('Expirada', { exact: true })).toBeVisible();

  // ── Expired: the forced modal; leaving it, her records stay readable, a new client asks to subscribe ──
  await page.goto('/clients');
  const forced = page.getByRole('dialog', { name: 'Sua conta está expirada' });
  await expect(forced).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(forced).toBeVisible();
  await forced.getByRole('button', { name: 'Só consultar meus registros' }).click();
  await expect(page.getByText(/Sua conta está expirada: você pode consultar, imprimir e exportar/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lívia Campos' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Assinar agora' })).toBeVisible();
});
