import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  json,
  libraryQuestion,
  patientPhone,
  pick,
  readInvitation,
  scheduleOnceTomorrow,
  signInAsDemo,
  spDay,
} from './support.js';

/*
 * The heart of the product, on the real portal, survey and API, in two browser contexts:
 * the professional schedules a quiz from the patient's profile and asks for it now; the patient reads
 * the link and the PIN from the mailbox, answers every question type on a phone-sized screen, closes
 * the page halfway, comes back, finishes; the professional sees the quiz answered on the patient's
 * profile and on /quizzes/links/:quizId; then she reviews it: opens the pending revision from
 * /answers/received, reads the answers and the weight chart, writes a note and edits it, approves, sets
 * it back to pending, approves again, exports the quiz's answers as CSV and opens the print page.
 */

// Unique per run: a retry (or another journey on the same database) must not find two of them.
const RUN = Date.now().toString(36);
const PATIENT = { name: 'Rebeca Andrade Teixeira', email: `rebeca.teixeira.${RUN}@example.com` };
const QUIZ_TITLE = `Check-in semanal (jornada ${RUN})`;
// The quiz carries its own appearance, so the journey does not depend on which one is the default
// (the questionnaire journey makes another one the default).
const FORWARD_TEXT = 'Próxima';

/** The quiz: one question of every type, the first one with a sub-question (starter library titles). */
const QUESTIONS = {
  craving: 'Você teve vontade intensa de comer algum alimento específico?',
  cravingFood: 'Qual alimento?',
  weight: 'Qual é o seu peso hoje?',
  sleep: 'Como você avalia a qualidade do seu sono?',
  likert: 'O quanto você concorda com as frases sobre o seu plano alimentar?',
  week: 'Como foi sua semana?',
  photos: 'Envie fotos das suas refeições',
};

/** The patient (with an e-mail and an active service) and the quiz, through the real API. */
async function prepare(request: APIRequestContext, jwt: string) {
  const auth = { Authorization: `Bearer ${jwt}` };
  const patient = await json<{ id: string }>(
    await request.post('/api/patient', { headers: auth, data: { name: PATIENT.name, email: PATIENT.email } }),
  );
  const services = await json<{ id: string; name: string }[]>(await request.get('/api/services', { headers: auth }));
  const service = services.find((s) => s.name === 'Acompanhamento mensal');
  if (!service) throw new Error('demo service missing');
  await json(
    await request.post('/api/sales', {
      headers: auth,
      data: { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' },
    }),
  );

  const ids = Object.fromEntries(
    await Promise.all(
      Object.entries(QUESTIONS).map(async ([k, title]) => [k, await libraryQuestion(request, auth, title)] as const),
    ),
  ) as Record<keyof typeof QUESTIONS, string>;
  const appearance = await json<{ id: string }>(
    await request.post('/api/quiz/my/appearance', {
      headers: auth,
      data: { name: `Jornada ${RUN}`, forwardText: FORWARD_TEXT },
    }),
  );
  const quiz = await json<{ id: string }>(
    await request.post('/api/quiz', {
      headers: auth,
      data: {
        title: QUIZ_TITLE,
        appearanceId: appearance.id,
        folder: { title: 'Olá! Vamos ao seu check-in?', quizTitle: QUIZ_TITLE, buttonTitle: 'Começar' },
        chosenQuestions: [
          { id: ids.craving, subquestions: [{ id: ids.cravingFood }] },
          { id: ids.weight },
          { id: ids.sleep },
          { id: ids.likert },
          { id: ids.week },
          { id: ids.photos },
        ],
      },
    }),
  );
  return { patientId: patient.id, quizId: quiz.id };
}

const forward = (page: Page) => page.getByRole('button', { name: FORWARD_TEXT, exact: true });

async function answerHeading(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a professional schedules a quiz now; the patient answers it on a phone in two sittings; the professional reviews, approves, exports and prints it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const jwt = await signInAsDemo(page);
  const { patientId, quizId } = await prepare(page.request, jwt);

  // ── The professional schedules the quiz from the patient's profile, then asks for it now ──
  await page.goto(`/clients/profile/${patientId}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT.name })).toBeVisible();
  await scheduleOnceTomorrow(page, QUIZ_TITLE);

  const schedules = page.getByRole('grid', { name: `Questionários de ${PATIENT.name}` });
  const scheduleRow = schedules.getByRole('row').filter({ hasText: QUIZ_TITLE });
  await expect(scheduleRow).toBeVisible();
  await scheduleRow.getByRole('button', { name: /Ações de/ }).click();
  await page.getByRole('menuitem', { name: 'Solicitar agora' }).click();
  await expect(page.getByText(/Envio solicitado/)).toBeVisible();

  // The bell in the top bar counts unread notifications, live.
  const bell = page.getByRole('button', { name: /^Notificações/ });
  const unreadOf = (label: string | null) => Number(/(\d+) não lidas?$/.exec(label ?? '')?.[1] ?? 0);
  const unreadBefore = unreadOf(await bell.getAttribute('aria-label'));

  // ── The patient, on a phone: link and PIN from the mailbox ──
  const { link, pin } = await readInvitation(page.request, PATIENT.email);
  const phone = await patientPhone(browser);
  let survey = await phone.newPage();
  await survey.goto(link);
  await expect(survey.getByRole('heading', { name: 'Digite seu PIN' })).toBeVisible();
  // Before the PIN she sees who sent it (the professional's name in her look), nothing of the patient.
  await expect(survey.getByText(/enviou um questionário para você/)).toBeVisible();
  await expect(survey.getByText(PATIENT.name)).toHaveCount(0);
  await survey.getByLabel('Dígito 1 de 6').click();
  // The sixth digit sends the PIN by itself (the "Entrar" button is there for who prefers it).
  await survey.keyboard.type(pin);

  // Folder (cover), then the questions one at a time.
  await survey.getByRole('button', { name: 'Começar' }).click();
  await answerHeading(survey, QUESTIONS.craving);
  await pick(survey, 'Sim');
  await forward(survey).click();
  // The sub-question opened by "Sim".
  await answerHeading(survey, QUESTIONS.cravingFood);
  await survey.getByRole('textbox', { name: QUESTIONS.cravingFood }).fill('Chocolate');
  await forward(survey).click();
  await answerHeading(survey, QUESTIONS.weight);
  await survey.getByRole('textbox', { name: /peso/i }).fill('72,5');
  await forward(survey).click();
  await answerHeading(survey, QUESTIONS.sleep);

  // ── Halfway: the patient closes the page and comes back later ──
  await survey.close();
  survey = await phone.newPage();
  await survey.goto(link);
  // Resumes at the first unanswered question (the PIN again only if the session had expired).
  await answerHeading(survey, QUESTIONS.sleep);
  await pick(survey, /^4\b/);
  await forward(survey).click();

  await answerHeading(survey, QUESTIONS.likert);
  const statements = survey.getByRole('radiogroup');
  const count = await statements.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await pick(statements.nth(i), 'Concordo');
  await forward(survey).click();

  await answerHeading(survey, QUESTIONS.week);
  await survey.getByRole('textbox', { name: QUESTIONS.week }).fill('Semana boa, consegui seguir o plano');
  // The page reloads before she sends it (a cheap phone drops the tab): what she typed is still there.
  await survey.reload();
  await answerHeading(survey, QUESTIONS.week);
  const week = survey.getByRole('textbox', { name: QUESTIONS.week });
  await expect(week).toHaveValue('Semana boa, consegui seguir o plano');
  await week.press('End');
  await week.pressSequentially(' quase todos os dias.');
  await expect(week).toHaveValue('Semana boa, consegui seguir o plano quase todos os dias.');
  await forward(survey).click();

  await answerHeading(survey, QUESTIONS.photos);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await survey.locator('input[type=file]').setInputFiles({ name: 'almoco.png', mimeType: 'image/png', buffer: png });
  await expect(survey.getByText('almoco.png')).toBeVisible();
  await expect(survey.getByRole('button', { name: /Remover almoco\.png/ })).toBeVisible();
  // Forward only once the upload has finished: before that the screen asks to wait (and stays).
  await expect(survey.getByText(/· Enviado$/)).toBeVisible();
  await forward(survey).click();
  // The review: every answer, the sub-answer under its question; nothing is final before "Enviar respostas".
  await expect(survey.getByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
  await expect(survey.getByText('Chocolate')).toBeVisible();
  await survey.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(survey.getByRole('heading', { name: 'Respostas enviadas. Obrigado!' })).toBeVisible();

  // Coming back after finishing says so, and asks nothing again.
  await survey.reload();
  await expect(survey.getByText(/já respondeu este questionário/)).toBeVisible();
  await phone.close();

  // ── The professional's open page heard it: the bell counts one more, without a reload ──
  await expect
    .poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 15_000 })
    .toBeGreaterThan(unreadBefore);
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await page
    .getByRole('list', { name: 'Notificações' })
    .getByRole('link')
    .filter({ hasText: `${PATIENT.name} respondeu “${QUIZ_TITLE}”` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/clients/profile/${patientId}/quiz/`));
  await page.goto(`/clients/profile/${patientId}`);

  // ── The professional sees it answered ──
  await page.reload();
  await page.getByRole('tab', { name: /Questionários/ }).click();
  await expect(
    page
      .getByRole('grid', { name: `Questionários de ${PATIENT.name}` })
      .getByRole('row')
      .filter({ hasText: QUIZ_TITLE }),
  ).toContainText('Respondido');
  await page.goto(`/quizzes/links/${quizId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Links e envios' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: PATIENT.name })).toContainText('Respondido');

  // ── She opens the pending revision from /answers/received ──
  await page.goto('/answers/received');
  await expect(page.getByRole('heading', { level: 1, name: 'Respostas recebidas' })).toBeVisible();
  // The drawer entry carries the count of answers waiting for review.
  await expect(page.getByRole('link', { name: /^Respostas recebidas \d+ pendentes?$/ })).toBeVisible();
  const revisionRow = page
    .getByRole('grid', { name: 'Respostas recebidas' })
    .getByRole('row')
    .filter({ hasText: PATIENT.name });
  await expect(revisionRow).toContainText(QUIZ_TITLE);
  await expect(revisionRow).toContainText('Pendente');
  await revisionRow.getByRole('link', { name: /^Revisar resposta de/ }).click();

  // ── The answers, question by question, and the weight chart ──
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  await expect(page.getByText(`Respondido por ${PATIENT.name} em`)).toBeVisible();
  await expect(page.getByRole('article', { name: QUESTIONS.weight })).toContainText('72,5 kg');
  await expect(page.getByRole('article', { name: QUESTIONS.cravingFood })).toContainText('Chocolate');
  await expect(page.getByRole('article', { name: QUESTIONS.week })).toContainText('Semana boa');
  await expect(
    page.getByRole('article', { name: QUESTIONS.photos }).getByRole('img', { name: 'Foto enviada: almoco.png' }),
  ).toBeVisible();
  const weightChart = page.getByRole('figure', { name: `${QUESTIONS.weight} (kg)` });
  await expect(weightChart.locator('svg.recharts-surface')).toBeVisible();
  await weightChart.getByRole('button', { name: /^Ver dados em tabela/ }).click();
  await expect(weightChart.getByRole('table')).toContainText('72,5 kg');

  // ── A note, written and then edited ──
  await page.getByRole('textbox', { name: 'Nova anotação' }).fill('Reduzir o chocolate para duas vezes por semana.');
  await page.getByRole('button', { name: 'Adicionar anotação' }).click();
  const notes = page.getByRole('list', { name: 'Anotações' });
  await expect(notes).toContainText('Reduzir o chocolate para duas vezes por semana.');
  await notes.getByRole('button', { name: /^Editar anotação de/ }).click();
  await page.getByRole('textbox', { name: 'Editar anotação' }).fill('Reduzir o chocolate para uma vez por semana.');
  await page.getByRole('button', { name: 'Salvar anotação' }).click();
  await expect(notes).toContainText('Reduzir o chocolate para uma vez por semana.');
  await expect(notes).toContainText('(editada)');

  // ── Approve, back to pending, approve again ──
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText(/^Aprovada em /)).toBeVisible();
  await page.getByRole('button', { name: 'Voltar para pendente' }).click();
  await expect(page.getByText('Aguardando a sua revisão.')).toBeVisible();
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText(/^Aprovada em /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voltar para pendente' })).toBeVisible();
  const printHref = await page.getByRole('link', { name: 'Imprimir' }).getAttribute('href');
  expect(printHref).toMatch(/^\/print\?revisionId=[0-9a-f-]{36}$/);

  // ── The quiz's answers as CSV, from the report (export needs a quiz) ──
  await page.goto('/answers/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório de respostas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  await page.getByRole('button', { name: /Questionário$/ }).click();
  await page.getByRole('option', { name: QUIZ_TITLE }).click();
  await expect(page.getByText(`Respostas de “${QUIZ_TITLE}”`)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain(`"${PATIENT.name}"`);
  // A measurement is a number a spreadsheet sums and charts, its unit in the column's header.
  expect(csv).toContain(`"${QUESTIONS.weight} (kg)"`);
  expect(csv).toMatch(/;72,5;/);
  expect(csv).not.toContain('72,5 kg');
  expect(csv).toContain('"Aprovada"');

  // ── The print page: the professional's name and the patient's, every answer ──
  await page.goto(printHref!);
  await expect(page.getByRole('heading', { level: 1, name: QUIZ_TITLE })).toBeVisible();
  const facts = page.getByRole('article', { name: QUIZ_TITLE }).locator('dl').first();
  await expect(facts).toContainText(PATIENT.name);
  await expect(facts).toContainText('Profissional');
  await expect(page.getByRole('article', { name: QUESTIONS.weight })).toContainText('72,5 kg');
  await expect(page.getByText('Reduzir o chocolate para uma vez por semana.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
});

test('on a 390×844 phone the patient goes back with Voltar, changes an answer, reviews, uses Alterar and sends', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  const email = `voltar.${RUN}@example.com`;
  const patient = await json<{ id: string }>(
    await page.request.post('/api/patient', { headers: auth, data: { name: 'Lia Voltar Ramos', email } }),
  );
  const services = await json<{ id: string; name: string }[]>(
    await page.request.get('/api/services', { headers: auth }),
  );
  const service = services.find((s) => s.name === 'Acompanhamento mensal');
  if (!service) throw new Error('demo service missing');
  await json(
    await page.request.post('/api/sales', {
      headers: auth,
      data: { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' },
    }),
  );
  const ids = {
    craving: await libraryQuestion(page.request, auth, QUESTIONS.craving),
    cravingFood: await libraryQuestion(page.request, auth, QUESTIONS.cravingFood),
    weight: await libraryQuestion(page.request, auth, QUESTIONS.weight),
    week: await libraryQuestion(page.request, auth, QUESTIONS.week),
  };
  // Its own appearance: the account's default may carry another forward text (the questionnaire journey sets one).
  const appearance = await json<{ id: string }>(
    await page.request.post('/api/quiz/my/appearance', {
      headers: auth,
      data: { name: `Voltar ${RUN}`, forwardText: 'Prosseguir' },
    }),
  );
  const quiz = await json<{ id: string }>(
    await page.request.post('/api/quiz', {
      headers: auth,
      data: {
        title: `Voltar e revisar (${RUN})`,
        appearanceId: appearance.id,
        folder: { title: 'Olá!', buttonTitle: 'Começar' },
        chosenQuestions: [
          { id: ids.craving, subquestions: [{ id: ids.cravingFood }] },
          { id: ids.weight },
          { id: ids.week },
        ],
      },
    }),
  );
  const schedule = await json<{ id: string }>(
    await page.request.post('/api/quiz/schedule', {
      headers: auth,
      data: { quizId: quiz.id, patientId: patient.id, startDate: spDay(1), hour: 9, periodicity: 'once' },
    }),
  );
  await json(
    await page.request.post('/api/quiz/schedule/request-now', { headers: auth, data: { quizScheduleId: schedule.id } }),
  );
  const { link, pin } = await readInvitation(page.request, email);

  const phone = await patientPhone(browser);
  const survey = await phone.newPage();
  const noSideways = () =>
    survey.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await survey.goto(link);
  await expect(survey.getByRole('heading', { name: 'Digite seu PIN' })).toBeVisible();
  expect(await noSideways()).toBe(true);
  await survey.getByLabel('Dígito 1 de 6').click();
  await survey.keyboard.type(pin);
  await survey.getByRole('button', { name: 'Começar' }).click();
  const next = () => survey.getByRole('button', { name: 'Prosseguir', exact: true }).click();

  await answerHeading(survey, QUESTIONS.craving);
  await expect(survey.getByRole('progressbar', { name: 'Pergunta 1 de 3' })).toBeAttached();
  await pick(survey, 'Sim');
  await next();
  // The sub-question belongs to question 1: the count does not jump.
  await answerHeading(survey, QUESTIONS.cravingFood);
  await expect(survey.getByRole('progressbar', { name: 'Pergunta 1 de 3 · complemento' })).toBeAttached();
  await survey.getByRole('textbox', { name: QUESTIONS.cravingFood }).fill('Chocolate');
  await next();
  await answerHeading(survey, QUESTIONS.weight);
  await expect(survey.getByRole('progressbar', { name: 'Pergunta 2 de 3' })).toBeAttached();
  await survey.getByRole('textbox', { name: /peso/i }).fill('72,5');
  await next();
  await answerHeading(survey, QUESTIONS.week);
  expect(await noSideways()).toBe(true);

  // Voltar: the weight comes back with her answer; she changes it.
  await survey.getByRole('button', { name: 'Voltar' }).click();
  await answerHeading(survey, QUESTIONS.weight);
  const weight = survey.getByRole('textbox', { name: /peso/i });
  await expect(weight).toHaveValue('72,5');
  await weight.fill('73');
  await next();
  await answerHeading(survey, QUESTIONS.week);
  await survey.getByRole('textbox', { name: QUESTIONS.week }).fill('Semana boa.');
  await next();

  // The review, then Alterar on the first question: "Não" drops the sub-question and its answer.
  await expect(survey.getByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
  expect(await noSideways()).toBe(true);
  await expect(survey.getByText('73 kg')).toBeVisible();
  await expect(survey.getByText('Chocolate')).toBeVisible();
  await survey.getByRole('button', { name: `Alterar: ${QUESTIONS.craving}` }).click();
  await answerHeading(survey, QUESTIONS.craving);
  await expect(survey.getByRole('radio', { name: 'Sim', exact: true })).toBeChecked();
  await pick(survey, 'Não');
  await next();
  await expect(survey.getByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
  await expect(survey.getByText('Chocolate')).toHaveCount(0);
  await survey.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(survey.getByRole('heading', { name: 'Respostas enviadas. Obrigado!' })).toBeVisible();
  await phone.close();

  // What the professional receives: the changed weight, no sub-answer.
  const received = await page.request.get(
    `/api/answer-revision/patient/${patient.id}/quizSchedule/${schedule.id}?take=1`,
    { headers: auth },
  );
  expect(received.status()).toBe(200);
  const body = await received.text();
  expect(body).toMatch(/"value":73\b/);
  expect(body).not.toContain('Chocolate');
});
