import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIResponse, type BrowserContext } from '@playwright/test';
import { operatorHeaders } from '../secret.mjs';
import { json, libraryQuestion, patientPhone, readInvitation, scheduleOnceTomorrow, signInAsDemo } from '../support.js';

/*
 * The product as it runs for many practices (`pnpm start:cluster`): nginx in front of API A and API B
 * (JOBS=off), a worker with the jobs, one PostgreSQL. The professional creates a client, sells, schedules a
 * quiz and asks for it now; the patient answers it on a phone. API A is killed (SIGKILL) once the client is
 * created, API B halfway through the answers: the supervisor brings each back in about a second, and the
 * proxy sends the requests in between to the process still up. At the end everything she saw confirmed is in
 * the database, her open page's bell heard the answer live (the worker's notification, through the stream on
 * whichever API process she is on), both API processes answered, and the answer request reached the patient
 * exactly once.
 */

const RUN = Date.now().toString(36);
const PATIENT = { name: 'Lívia Campos Moreira', email: `livia.moreira.${RUN}@example.com` };
const QUIZ_TITLE = `Check-in do cluster (${RUN})`;
const FORWARD_TEXT = 'Próxima';
const QUESTIONS = { weight: 'Qual é o seu peso hoje?', week: 'Como foi sua semana?' };
const WEEK_TEXT = 'Semana tranquila, segui o plano.';

type ClusterState = {
  url: string;
  processes: Record<'api-a' | 'api-b' | 'worker' | 'nginx', { pid: number; port: number; restarts: number }>;
  upstreams: string[];
};
const stateFile = join(process.env.CLUSTER_STATE_DIR ?? '', 'state.json');
const readState = (): ClusterState => JSON.parse(readFileSync(stateFile, 'utf8')) as ClusterState;

/** Every upstream nginx named in X-Upstream ("a" or, after a retry on the other, "a, b"). */
const upstreams = new Map<string, number>();
function record(header: string | undefined) {
  for (const addr of (header ?? '').split(/,\s*/).filter(Boolean)) upstreams.set(addr, (upstreams.get(addr) ?? 0) + 1);
}
const tracked = <T extends APIResponse>(res: T): T => {
  record(res.headers()['x-upstream']);
  return res;
};
const track = (context: BrowserContext) =>
  context.on('response', (res) => void res.headerValue('x-upstream').then((v) => record(v ?? undefined)));

/**
 * SIGKILLs an API process (no shutdown of any kind); while it is down, `meanwhile` is answered by the other one
 * through the proxy; then waits until the supervisor has it answering again.
 */
async function killAndAwaitRestart(name: 'api-a' | 'api-b', meanwhile: () => Promise<APIResponse>) {
  const before = readState().processes[name];
  const survivor = `127.0.0.1:${readState().processes[name === 'api-a' ? 'api-b' : 'api-a'].port}`;
  process.kill(before.pid, 'SIGKILL');
  for (let i = 0; i < 4; i++) {
    const res = tracked(await meanwhile());
    expect(res.ok()).toBe(true);
    expect(res.headers()['x-upstream']?.split(/,\s*/).at(-1)).toBe(survivor);
  }
  await expect
    .poll(
      async () => {
        const now = readState().processes[name];
        if (now.pid === before.pid) return false;
        return (await fetch(`http://127.0.0.1:${now.port}/api/health`).catch(() => undefined))?.ok ?? false;
      },
      { timeout: 30_000, intervals: [200, 500] },
    )
    .toBe(true);
  expect(readState().processes[name].restarts).toBe(before.restarts + 1);
}

test('through nginx, with each API process killed once mid-journey, nothing confirmed is lost and the request is delivered once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const state = readState();
  expect(state.upstreams).toHaveLength(2);
  track(page.context());
  const jwt = await signInAsDemo(page);
  const auth = { Authorization: `Bearer ${jwt}` };
  const request = page.request;

  // ── The client, her sale and the quiz (the API's answers are what the portal would confirm) ──
  const patient = await json<{ id: string }>(
    tracked(await request.post('/api/patient', { headers: auth, data: PATIENT })),
  );
  const services = await json<{ id: string; name: string }[]>(
    tracked(await request.get('/api/services', { headers: auth })),
  );
  const service = services.find((s) => s.name === 'Acompanhamento mensal');
  if (!service) throw new Error('demo service missing');
  const sale = await json<{ id: string }>(
    tracked(
      await request.post('/api/sales', {
        headers: auth,
        data: { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' },
      }),
    ),
  );
  const weightId = await libraryQuestion(request, auth, QUESTIONS.weight);
  const weekId = await libraryQuestion(request, auth, QUESTIONS.week);
  const appearance = await json<{ id: string }>(
    tracked(
      await request.post('/api/quiz/my/appearance', {
        headers: auth,
        data: { name: `Cluster ${RUN}`, forwardText: FORWARD_TEXT },
      }),
    ),
  );
  await json(
    tracked(
      await request.post('/api/quiz', {
        headers: auth,
        data: {
          title: QUIZ_TITLE,
          appearanceId: appearance.id,
          folder: { title: 'Olá!', quizTitle: QUIZ_TITLE, buttonTitle: 'Começar' },
          chosenQuestions: [{ id: weightId }, { id: weekId }],
        },
      }),
    ),
  );

  // She sees the client's profile.
  await page.goto(`/clients/profile/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: PATIENT.name })).toBeVisible();

  // ── API A dies without warning; the supervisor restarts it; the proxy keeps her on API B meanwhile ──
  await killAndAwaitRestart('api-a', () => request.get(`/api/patient/${patient.id}`, { headers: auth }));

  // ── She schedules the quiz from the profile (once, tomorrow) and asks for it now ──
  await scheduleOnceTomorrow(page, QUIZ_TITLE);
  const scheduleRow = page
    .getByRole('grid', { name: `Questionários de ${PATIENT.name}` })
    .getByRole('row')
    .filter({ hasText: QUIZ_TITLE });
  await expect(scheduleRow).toBeVisible();
  await scheduleRow.getByRole('button', { name: /Ações de/ }).click();
  await page.getByRole('menuitem', { name: 'Solicitar agora' }).click();
  await expect(page.getByText(/Envio solicitado/)).toBeVisible();

  // The bell in the top bar counts unread notifications, live: its stream goes through nginx to API A or B.
  const bell = page.getByRole('button', { name: /^Notificações/ });
  const unreadOf = (label: string | null) => Number(/(\d+) não lidas?$/.exec(label ?? '')?.[1] ?? 0);
  const unreadBefore = unreadOf(await bell.getAttribute('aria-label'));

  // ── The patient, on her phone, through the same proxy ──
  const { link, pin } = await readInvitation(request, PATIENT.email);
  expect(new URL(link).origin).toBe(state.url);
  const phone = await patientPhone(browser);
  track(phone);
  const survey = await phone.newPage();
  await survey.goto(link);
  await survey.getByLabel('Dígito 1 de 6').click();
  await survey.keyboard.type(pin);
  await survey.getByRole('button', { name: 'Começar' }).click();
  await expect(survey.getByRole('heading', { level: 1, name: QUESTIONS.weight })).toBeVisible();
  await survey.getByRole('textbox', { name: /peso/i }).fill('68,4');
  const saved = survey.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/quiz-answer/'));
  await survey.getByRole('button', { name: FORWARD_TEXT, exact: true }).click();
  expect((await saved).ok()).toBe(true);

  // ── Halfway through her answers, API B dies ──
  await killAndAwaitRestart('api-b', () => request.get(`/api/patient/${patient.id}`, { headers: auth }));

  await expect(survey.getByRole('heading', { level: 1, name: QUESTIONS.week })).toBeVisible();
  await survey.getByRole('textbox', { name: QUESTIONS.week }).fill(WEEK_TEXT);
  await survey.getByRole('button', { name: FORWARD_TEXT, exact: true }).click();
  await expect(survey.getByRole('heading', { level: 1, name: 'Confira suas respostas' })).toBeVisible();
  await survey.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(survey.getByRole('heading', { name: 'Respostas enviadas. Obrigado!' })).toBeVisible();
  await phone.close();

  // ── Her open page heard it without a reload: the worker raised the notification, and the stream (reconnected
  // after API B died, if it was on B) brought it to the bell ──
  await expect
    .poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 20_000 })
    .toBeGreaterThan(unreadBefore);

  // ── Everything she (and the patient) saw confirmed is there ──
  const stored = await json<{ name: string }>(
    tracked(await request.get(`/api/patient/${patient.id}`, { headers: auth })),
  );
  expect(stored.name).toBe(PATIENT.name);
  const sales = await json<{ items: { id: string }[] }>(
    tracked(await request.get('/api/sales', { headers: auth, params: { patientId: patient.id } })),
  );
  expect(sales.items.map((s) => s.id)).toContain(sale.id);
  const quizzes = await json<{ items: { id: string; quizTitle: string }[] }>(
    tracked(await request.get(`/api/patient/${patient.id}/quizzes`, { headers: auth })),
  );
  const schedules = quizzes.items.filter((q) => q.quizTitle === QUIZ_TITLE);
  expect(schedules).toHaveLength(1);
  const answers = await tracked(
    await request.get(`/api/answer-revision/patient/${patient.id}/quizSchedule/${schedules[0].id}?take=1`, {
      headers: auth,
    }),
  ).text();
  expect(answers).toMatch(/"value":68\.4\b/);
  expect(answers).toContain(WEEK_TEXT);

  // ── The answer request reached her exactly once (the worker had time to send any duplicate) ──
  await page.waitForTimeout(3000);
  const mails = await json<{ to: string; text: string }[]>(
    tracked(await request.get('/api/dev/mailbox', { params: { to: PATIENT.email }, headers: operatorHeaders })),
  );
  expect(mails.filter((mail) => mail.text.includes('/quiz-survey/'))).toHaveLength(1);

  // ── Both API processes answered her; nothing was served by the worker, which is not behind the proxy ──
  const seen = [...upstreams.keys()].sort();
  console.log(`upstreams seen: ${[...upstreams].map(([addr, n]) => `${addr} × ${n}`).join(', ')}`);
  expect(seen).toEqual([...state.upstreams].sort());
});
