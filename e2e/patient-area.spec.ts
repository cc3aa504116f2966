import { expect, test } from '@playwright/test';
import { operatorHeaders } from './secret.mjs';
import { json, libraryQuestion, patientPhone, signInAsDemo } from './support.js';

/*
 * The client area from the outside, on the real survey app and API: the demo professional's public page at
 * /p/<link> on a phone, with its preview tags, in light and in dark; the patient goes into her corner with her
 * phone and the one-time code WhatsApp brought (the dev outbox), finds the questionnaire waiting for her, opens
 * it without a second PIN, answers it, and finds it among what she answered.
 */

const RUN = Date.now().toString(36);
const LINK = `demo-${RUN}`;
const PATIENT = { name: `Luana Prado ${RUN}`, phone: `+55119${String(Date.now()).slice(-8)}` };
const QUIZ_TITLE = `Como foi a semana (área ${RUN})`;
const QUESTION = 'Como foi sua semana?';

test('her public page in light and dark; the patient signs in with a code and answers what waits for her', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  // The page's look through the API (the client-area journey drives the editor screens).
  await json(
    await page.request.put('/api/professional/me/area-config', {
      headers: auth,
      data: {
        link: LINK,
        hasDefinedLink: true,
        folder: { title: 'Sua nutrição, semana a semana', subtitle: 'Responda aqui aos seus questionários.' },
        colorScheme: { mode: 'light' },
      },
    }),
  );
  const me = await json<{ name: string }>(await page.request.get('/api/professional/me', { headers: auth }));

  // A patient who agreed to WhatsApp, with a service, and a questionnaire sent to her now.
  const patient = await json<{ id: string }>(
    await page.request.post('/api/patient', {
      headers: auth,
      data: { name: PATIENT.name, phone: PATIENT.phone, preferences: { channel: 'whatsapp', reminders: true } },
    }),
  );
  const services = await json<{ id: string; name: string }[]>(
    await page.request.get('/api/services', { headers: auth }),
  );
  await json(
    await page.request.post('/api/sales', {
      headers: auth,
      data: { patientId: patient.id, serviceId: services[0]!.id, paymentMethod: 'pix' },
    }),
  );
  const question = await libraryQuestion(page.request, auth, QUESTION);
  // Its own appearance: the account's default may carry another forward text (another journey may set one).
  const appearance = await json<{ id: string }>(
    await page.request.post('/api/quiz/my/appearance', {
      headers: auth,
      data: { name: `Cantinho ${QUIZ_TITLE}`, forwardText: 'Prosseguir' },
    }),
  );
  const quiz = await json<{ id: string }>(
    await page.request.post('/api/quiz', {
      headers: auth,
      data: {
        title: QUIZ_TITLE,
        appearanceId: appearance.id,
        folder: { title: 'Olá!', quizTitle: QUIZ_TITLE, buttonTitle: 'Começar' },
        chosenQuestions: [{ id: question }],
      },
    }),
  );
  const schedule = await json<{ id: string }>(
    await page.request.post('/api/quiz/schedule', {
      headers: auth,
      data: { quizId: quiz.id, patientId: patient.id, startDate: '2030-12-01', hour: 9, periodicity: 'once' },
    }),
  );
  await json(
    await page.request.post('/api/quiz/schedule/request-now', { headers: auth, data: { quizScheduleId: schedule.id } }),
  );

  // ── A visitor on a phone: the public page, with what a link preview reads ──
  const phone = await patientPhone(browser);
  const visitor = await phone.newPage();
  await visitor.goto(`/p/${LINK}`);
  await expect(visitor.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  await expect(visitor.getByText('Sua nutrição, semana a semana')).toBeVisible();
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(me.name));
  await expect(visitor.locator('meta[name="robots"]')).toHaveCount(0);
  const noSideways = () => visitor.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSideways()).toBe(true);
  const background = () => visitor.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await visitor.getByRole('button', { name: 'Modo escuro' }).click();
  await expect(visitor.getByRole('button', { name: 'Modo claro' })).toHaveAttribute('aria-pressed', 'true');
  expect(await background()).not.toBe(light);
  expect(await noSideways()).toBe(true);
  // The choice is kept on this phone.
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: 'Modo claro' })).toBeVisible();

  // ── The patient: her phone, the code from WhatsApp, her corner ──
  await visitor.getByRole('link', { name: 'Ir para a área do cliente' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/p/${LINK}/entrar$`));
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await visitor.getByLabel('Celular ou e-mail').fill(`(${PATIENT.phone.slice(3, 5)}) ${PATIENT.phone.slice(5)}`);
  await visitor.getByRole('button', { name: 'Receber código' }).click();
  await expect(visitor.getByRole('heading', { name: 'Digite o código' })).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/whatsapp-outbox', {
        params: { to: PATIENT.phone },
        headers: operatorHeaders,
      });
      const messages = (await res.json()) as { body: string }[];
      code = messages.map((m) => /^(\d{6}) é o seu código/.exec(m.body)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  await visitor.getByRole('textbox', { name: 'Dígito 1 de 6' }).click();
  await visitor.keyboard.type(code!);
  await expect(visitor.getByRole('heading', { name: /^Olá, Luana!$/ })).toBeVisible();
  expect(await noSideways()).toBe(true);

  await visitor
    .getByRole('button', { name: new RegExp(`^Responder\\s+${QUIZ_TITLE.replace(/[()]/g, '\\$&')}$`) })
    .click();
  // No second PIN: the survey opens on the questionnaire's cover.
  await expect(visitor).toHaveURL(new RegExp(`/quiz-survey/${schedule.id}$`));
  await visitor.getByRole('button', { name: 'Começar' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: QUESTION })).toBeVisible();
  await visitor.getByRole('textbox', { name: QUESTION }).fill('Semana tranquila, segui o plano.');
  await visitor.getByRole('button', { name: 'Prosseguir', exact: true }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(visitor.getByRole('heading', { name: 'Respostas enviadas. Obrigado!' })).toBeVisible();

  // Back in her corner: nothing waiting, the questionnaire among what she answered.
  await visitor.goto(`/p/${LINK}/area`);
  await expect(visitor.getByText('Nenhum questionário esperando por você agora.')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Já respondidos' }).getByText(QUIZ_TITLE)).toBeVisible();
  await visitor.getByRole('button', { name: 'Sair' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/p/${LINK}$`));
  await phone.close();
});
