import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { json, libraryQuestion, patientPhone, readInvitation, signInAsDemo, spDay } from './support.js';

/*
 * The professional connects her own system: on /webhook she creates an endpoint (a receiver started by this
 * test, which checks every signature with the standardwebhooks package), keeps the secret shown once and sends
 * a test event; a patient finishes a quiz in a second browser context; the bell counts it live and the
 * notification opens the review; the receiver got `quiz_answer.finished`, signed; a second endpoint that
 * fails shows its attempts in the delivery log and is redelivered with "Reenviar", under the same webhook-id.
 */

const RUN = Date.now().toString(36);
const PATIENT = { name: `Helena Duarte Prado ${RUN}`, email: `helena.prado.${RUN}@example.com` };
const QUIZ_TITLE = `Check-in do webhook (${RUN})`;
const WEEK = 'Como foi sua semana?';
const FORWARD_TEXT = 'Próxima';

interface Received {
  path: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  verified: boolean;
}

/** A receiver on a loopback port: verifies each message with the secret of its path, answers 200 (or 500 on /falha while failing). */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const state = { failing: true };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      const secret = secrets.get(path);
      let verified = false;
      if (secret) {
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const message = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({ path, id: String(req.headers['webhook-id']), type: message.type, data: message.data, verified });
      if (path === '/falha' && state.failing) res.writeHead(500).end('indisponível');
      else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    secrets,
    state,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** react-aria keeps a checkbox's input visually hidden inside its label: the person clicks the label. */
async function check(box: Locator) {
  await box.locator('xpath=ancestor::label[1]').click();
  await expect(box).toBeChecked();
}

/** Creates an endpoint on the screen and returns the secret the dialog shows once. */
async function createEndpoint(page: Page, url: string, description: string): Promise<string> {
  await page.getByRole('button', { name: 'Novo webhook' }).first().click();
  const form = page.getByRole('dialog', { name: 'Novo webhook' });
  await form.getByRole('textbox', { name: 'Endereço (URL)' }).fill(url);
  await form.getByRole('textbox', { name: 'Descrição (opcional)' }).fill(description);
  await check(form.getByRole('checkbox', { name: 'Questionário respondido' }));
  await form.getByRole('button', { name: 'Criar webhook' }).click();
  const shown = page.getByRole('dialog', { name: 'Webhook criado: guarde o segredo' });
  const secret = (await shown
    .locator('code')
    .filter({ hasText: /^whsec_/ })
    .textContent())!.trim();
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await expect(shown.getByRole('button', { name: 'Copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Já guardei o segredo' }).click();
  await expect(shown).toBeHidden();
  return secret;
}

test('a professional connects her system by webhook: signed events, a test event, an answer heard live, a failing endpoint redelivered', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const rx = await startReceiver();
  try {
    const jwt = await signInAsDemo(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const auth = { Authorization: `Bearer ${jwt}` };

    // A client with an active service and a one-question quiz (the practice part is other journeys' subject).
    const patient = await json<{ id: string }>(
      await page.request.post('/api/patient', { headers: auth, data: PATIENT }),
    );
    const services = await json<{ id: string; name: string }[]>(
      await page.request.get('/api/services', { headers: auth }),
    );
    await json(
      await page.request.post('/api/sales', {
        headers: auth,
        data: {
          patientId: patient.id,
          serviceId: services.find((s) => s.name === 'Acompanhamento mensal')!.id,
          paymentMethod: 'pix',
        },
      }),
    );
    // The quiz carries its own appearance: the questionnaire journey may have made another one the default.
    const appearance = await json<{ id: string }>(
      await page.request.post('/api/quiz/my/appearance', {
        headers: auth,
        data: { name: `Webhook ${RUN}`, forwardText: FORWARD_TEXT },
      }),
    );
    const quiz = await json<{ id: string }>(
      await page.request.post('/api/quiz', {
        headers: auth,
        data: {
          title: QUIZ_TITLE,
          appearanceId: appearance.id,
          folder: { title: 'Olá!', quizTitle: QUIZ_TITLE, buttonTitle: 'Começar' },
          chosenQuestions: [{ id: await libraryQuestion(page.request, auth, WEEK) }],
        },
      }),
    );

    // ── /webhook: an endpoint for her CRM, its secret kept, a test event ──
    await page.goto('/webhook');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const crmUrl = rx.url('/crm');
    rx.secrets.set('/crm', await createEndpoint(page, crmUrl, 'Meu CRM'));
    const crm = page.getByRole('region', { name: crmUrl });
    await expect(crm.getByText('Ativo', { exact: true })).toBeVisible();
    await crm.getByRole('button', { name: 'Enviar evento de teste' }).click();
    await expect(page.getByText('Evento de teste enviado.', { exact: false })).toBeVisible();
    // The log opens by itself and the result arrives without a reload.
    const crmLog = page.getByRole('grid', { name: `Registro de envios de ${crmUrl}` });
    await expect(crmLog.getByRole('row').filter({ hasText: 'Evento de teste' })).toContainText('Entregue (200)', {
      timeout: 15_000,
    });
    expect(rx.received.filter((r) => r.path === '/crm')).toEqual([
      expect.objectContaining({ type: 'webhook.test', verified: true }),
    ]);

    // A second endpoint, whose system is down for now.
    const downUrl = rx.url('/falha');
    rx.secrets.set('/falha', await createEndpoint(page, downUrl, 'Automação em manutenção'));

    // The bell's count before the patient answers.
    const bell = page.getByRole('button', { name: /^Notificações/ });
    const unreadOf = (label: string | null) => Number(/(\d+) não lidas?$/.exec(label ?? '')?.[1] ?? 0);
    const unreadBefore = unreadOf(await bell.getAttribute('aria-label'));

    // ── The patient answers on her phone ──
    const schedule = await json<{ id: string }>(
      await page.request.post('/api/quiz/schedule', {
        headers: auth,
        data: { quizId: quiz.id, patientId: patient.id, startDate: spDay(1), hour: 9, periodicity: 'once' },
      }),
    );
    await json(
      await page.request.post('/api/quiz/schedule/request-now', {
        headers: auth,
        data: { quizScheduleId: schedule.id },
      }),
    );
    const { link, pin } = await readInvitation(page.request, PATIENT.email);
    const phone = await patientPhone(browser);
    const survey = await phone.newPage();
    await survey.goto(link);
    await survey.getByLabel('Dígito 1 de 6').click();
    await survey.keyboard.type(pin);
    await survey.getByRole('button', { name: 'Começar' }).click();
    await survey.getByRole('textbox', { name: WEEK }).fill('Semana tranquila, treinei três vezes.');
    // One question, then the review: "Enviar respostas" sends the answers.
    await survey.getByRole('button', { name: FORWARD_TEXT, exact: true }).click();
    await survey.getByRole('button', { name: 'Enviar respostas' }).click();
    await expect(survey.getByRole('heading', { name: 'Respostas enviadas. Obrigado!' })).toBeVisible();
    await phone.close();

    // ── Her CRM got the answer, signed, thin (no answers: she did not opt in) ──
    await expect
      .poll(() => rx.received.filter((r) => r.path === '/crm' && r.type === 'quiz_answer.finished').length, {
        timeout: 15_000,
      })
      .toBe(1);
    const finished = rx.received.find((r) => r.path === '/crm' && r.type === 'quiz_answer.finished')!;
    expect(finished.verified).toBe(true);
    expect(finished.data).toMatchObject({ patientId: patient.id, patientName: PATIENT.name, quizTitle: QUIZ_TITLE });
    expect(finished.data.answers).toBeUndefined();

    // ── The open portal heard it: the bell, then the notification opens the review ──
    await expect
      .poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 15_000 })
      .toBeGreaterThan(unreadBefore);
    await bell.click();
    await page
      .getByRole('list', { name: 'Notificações' })
      .getByRole('link')
      .filter({ hasText: `${PATIENT.name} respondeu “${QUIZ_TITLE}”` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/clients/profile/${patient.id}/quiz/${schedule.id}`));
    await expect(page.getByText('Semana tranquila, treinei três vezes.')).toBeVisible();

    // ── The failing endpoint: its attempts in the log (the first, and the retry 5 s later), then Reenviar ──
    await expect.poll(() => rx.received.filter((r) => r.path === '/falha').length, { timeout: 20_000 }).toBe(2);
    await page.goto('/webhook');
    const down = page.getByRole('region', { name: downUrl });
    await expect(down.getByText(/Falhando desde/)).toBeVisible();
    await down.getByRole('link', { name: 'Registro de envios' }).click();
    const downLog = page.getByRole('grid', { name: `Registro de envios de ${downUrl}` });
    const failedRows = downLog.getByRole('row').filter({ hasText: 'Seu endpoint respondeu 500' });
    await expect(failedRows).toHaveCount(2);
    await expect(downLog).toContainText('indisponível');
    rx.state.failing = false;
    await downLog
      .getByRole('button', { name: `Reenviar Questionário respondido (${PATIENT.name} · ${QUIZ_TITLE})` })
      .click();
    await expect(downLog.getByRole('row').filter({ hasText: 'Entregue (200)' })).toHaveCount(1, { timeout: 15_000 });
    const toDown = rx.received.filter((r) => r.path === '/falha');
    expect(toDown).toHaveLength(3);
    expect(new Set(toDown.map((r) => r.id)).size).toBe(1);
    expect(toDown.every((r) => r.verified && r.type === 'quiz_answer.finished')).toBe(true);
    // Nothing went anywhere twice but the failing one's retries.
    expect(rx.received.filter((r) => r.path === '/crm')).toHaveLength(2);
  } finally {
    await rx.close();
  }
});
