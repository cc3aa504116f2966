import { createHmac } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { E2E_WHATSAPP_APP_SECRET, operatorHeaders } from './secret.mjs';
import { json, signInAsDemo } from './support.js';

/*
 * Messaging on the real API: the demo professional picks three new clients on the clients list (one who agreed
 * to WhatsApp, one with e-mail, one with no contact) and writes to them from /clients/messaging. The preview
 * counts them by channel and says WhatsApp needs an approved template (she has never written: no 24-hour
 * window), she chooses one and sends; the progress view shows two sent by the sender and one failed with its
 * sentence. Then WhatsApp's signed webhook reports the message delivered and read, and her reply arrives: the
 * client's profile thread shows "Lida" and the reply.
 */

const RUN = Date.now().toString(36);
const PHONE = `+55119${String(Date.now()).slice(-8)}`;
const ZAP = { name: `Renata Albuquerque ${RUN}`, phone: PHONE, preferences: { channel: 'whatsapp', reminders: true } };
const MAIL = { name: `Otávio Guimarães ${RUN}`, email: `otavio.${RUN}@exemplo.com.br` };
const NONE = { name: `Priscila Fontes ${RUN}` };

/** React-aria keeps its checkbox and radio inputs visually hidden inside the label: the person clicks the label. */
async function press(control: Locator) {
  await control.locator('xpath=ancestor::label[1]').click();
}

test('writes to three clients: preview, WhatsApp template, progress, then delivered, read and her reply', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  const [zap] = await Promise.all(
    [ZAP, MAIL, NONE].map(async (data) =>
      json<{ id: string }>(await page.request.post('/api/patient', { headers: auth, data })),
    ),
  );

  // ── The clients list: the three, selected, to "Enviar mensagem aos selecionados" ──
  await page.goto('/clients');
  await page.getByRole('searchbox', { name: 'Buscar por nome' }).fill(RUN);
  const grid = page.getByRole('grid', { name: 'Clientes' });
  for (const p of [ZAP, MAIL, NONE]) {
    await press(grid.getByRole('row', { name: new RegExp(p.name) }).getByRole('checkbox'));
  }
  await page.getByRole('button', { name: 'Enviar mensagem aos selecionados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /3 clientes selecionados/ })).toBeChecked();

  // ── Compose: the preview counts them by channel; WhatsApp asks for a template ──
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Olá, {{paciente}}! Na sexta a clínica estará fechada.');
  await expect(page.getByTestId('preview-counts')).toHaveText(
    '3 clientes: 1 por WhatsApp, 1 por e-mail, 1 sem contato',
  );
  await expect(page.getByText('O WhatsApp pede um modelo aprovado')).toBeVisible();
  await expect(page.getByText(/1 cliente não escreveu para você pelo WhatsApp nas últimas 24 horas/)).toBeVisible();
  await press(page.getByRole('radio', { name: /Mensagem do profissional/ }));
  await expect(page.getByTestId('preview-sample')).toContainText('enviou uma mensagem para você: Olá,');
  await page.getByRole('button', { name: 'Enviar agora' }).click();

  // ── Progress: the sender (every 2 s here) sends two; the one without contact failed at once ──
  await expect(page.getByRole('progressbar', { name: 'Progresso do envio' })).toBeVisible();
  const recipients = page.getByRole('list', { name: 'Destinatários do envio' });
  const row = (name: string) => recipients.getByRole('listitem', { name });
  await expect(row(NONE.name).getByText('Falhou')).toBeVisible();
  await expect(row(NONE.name).getByText('O cliente não tem e-mail nem WhatsApp autorizado cadastrados.')).toBeVisible();
  await expect(row(NONE.name).getByRole('button', { name: `Tentar de novo para ${NONE.name}` })).toBeVisible();
  await expect(row(ZAP.name).getByText('Enviada')).toBeVisible({ timeout: 15_000 });
  await expect(row(MAIL.name).getByText('Enviada')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Progresso do envio' })).toHaveAttribute(
    'aria-valuetext',
    '3 de 3 processadas',
  );

  // ── WhatsApp's webhook, signed with the app secret: delivered, read, and her reply ──
  const outbox = await json<{ id: string; body: string }[]>(
    await page.request.get('/api/dev/whatsapp-outbox', { params: { to: PHONE }, headers: operatorHeaders }),
  );
  const wamid = outbox[0]!.id;
  expect(outbox[0]!.body).toContain('Na sexta a clínica estará fechada.');
  const now = Math.floor(Date.now() / 1000);
  const webhook = async (value: object) => {
    const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ value }] }] });
    const signature = `sha256=${createHmac('sha256', E2E_WHATSAPP_APP_SECRET).update(raw).digest('hex')}`;
    return json<{ statuses: number; replies: number }>(
      await page.request.post('/api/whatsapp/webhook', {
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        data: raw,
      }),
    );
  };
  expect(await webhook({ statuses: [{ id: wamid, status: 'delivered', timestamp: String(now) }] })).toEqual({
    statuses: 1,
    replies: 0,
  });
  expect((await webhook({ statuses: [{ id: wamid, status: 'read', timestamp: String(now + 5) }] })).statuses).toBe(1);
  const reply = 'Obrigada pelo aviso! Remarco para segunda.';
  expect(
    (
      await webhook({
        messages: [
          {
            from: PHONE.slice(1),
            id: `wamid.reply-${RUN}`,
            timestamp: String(now + 10),
            type: 'text',
            text: { body: reply },
          },
        ],
      })
    ).replies,
  ).toBe(1);

  // ── Her profile: the thread shows the message read and her reply ──
  await page.goto(`/clients/profile/${zap!.id}`);
  await page.getByRole('tab', { name: 'Mensagens' }).click();
  const thread = page.getByRole('list', { name: `Conversa com ${ZAP.name}` });
  const sent = thread.getByRole('listitem', { name: 'Mensagem enviada' });
  await expect(sent.getByText('Lida')).toBeVisible();
  const answer = thread.getByRole('listitem', { name: 'Resposta do cliente' });
  await expect(answer.getByText(reply)).toBeVisible();
  await expect(answer.getByText(/Resposta pelo WhatsApp/)).toBeVisible();
});
