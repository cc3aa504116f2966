import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.js';
import { patients, professionals } from '../src/db/schema.js';
import { DEMO_QUIZ_TITLE } from '../src/demo-follow-up.js';
import { DEMO_SERVICES, seedDemoPractice } from '../src/demo-practice.js';
import { isValidCpf } from '../src/lib/br.js';
import { normalizePhone } from '../src/patient/fields.js';
import { DEMO_CREDENTIALS, seedIfEmpty } from '../src/seed.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';

describe.each(backends)('demo seed on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the demo professional with 200 patients, 5 services and 6 months of sales, once', async () => {
    const config = resolveConfig(testConfig(t.clock));
    expect(await seedIfEmpty(t.database.db, config)).toBe(true);
    expect(await seedIfEmpty(t.database.db, config)).toBe(false);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password },
    });
    const jwt = login.json().jwt as string;
    // The demo opens on the dashboard: the first-run tutorial is for new accounts.
    expect(login.json().professional.tutorialSeenAt).toEqual(expect.any(String));
    const get = async (url: string) =>
      (await t.call({ method: 'GET', url: `/api${url}`, headers: bearer(jwt) })).json();
    const totals = await get('/patient/totals');
    expect(totals.total).toBe(200);
    expect(totals.byStatus.active).toBeGreaterThan(150);
    expect(totals.byStatus.active).toBeLessThan(190);
    expect(Object.values(totals.byModality).every((n) => (n as number) > 10)).toBe(true);
    const [demo] = await t.database.db
      .select()
      .from(professionals)
      .where(eq(professionals.email, DEMO_CREDENTIALS.email));
    const rows = await t.database.db.select().from(patients).where(eq(patients.professionalId, demo!.id));
    expect(rows).toHaveLength(200);
    for (const p of rows) {
      if (p.document) expect(isValidCpf(p.document), p.document).toBe(true);
      expect(normalizePhone(p.phone!)).toBe(p.phone);
    }
    expect(rows.some((p) => /[áéíóúâêôãõç]/i.test(p.name))).toBe(true);
    expect(new Set(rows.map((p) => p.phone)).size).toBe(200);
    expect(new Set(rows.map((p) => p.name)).size).toBe(200);
    const services = await get('/services');
    expect(services.map((s: { name: string; priceCents: number }) => [s.name, s.priceCents]).sort()).toEqual(
      DEMO_SERVICES.map((s) => [s.name, s.priceCents]).sort(),
    );
    const sales = await get('/sales?take=1');
    expect(sales.total).toBeGreaterThan(150);
    expect((await get('/sales?status=refunded&take=1')).total).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t.clock.now());
    const start = new Date(t.clock.now().getTime() - 183 * 86_400_000).toISOString().slice(0, 10);
    const invoice = await get(`/services/invoice?periodStart=${start}&periodEnd=${today}`);
    expect(invoice.sales).toHaveLength(sales.total);
    expect(invoice.netCents).toBe(invoice.grossCents - invoice.refundsCents);
    expect(
      (await get('/patient?take=100')).items.some((p: { currentService: unknown }) => p.currentService !== null),
    ).toBe(true);

    // Deterministic: the same practice for another professional.
    const other = await t.signUp('outra@example.com');
    const [otherRow] = await t.database.db
      .select()
      .from(professionals)
      .where(eq(professionals.email, 'outra@example.com'));
    expect(await seedDemoPractice(t.database.db, otherRow!.id, t.clock.now())).toBe(true);
    const practice = async (professionalId: string) =>
      (await t.database.db.select().from(patients).where(eq(patients.professionalId, professionalId)))
        .map((p) => [p.name, p.phone, p.document, p.birthDate, p.status, p.serviceModality].join('|'))
        .sort();
    expect(await practice(otherRow!.id)).toEqual(await practice(demo!.id));
    expect(other).toBeTruthy();
  });

  it('gives the demo professional a weekly quiz with 8 weeks of answers: reviewed, awaiting review and missed; once', async () => {
    const config = resolveConfig(testConfig(t.clock));
    await seedIfEmpty(t.database.db, config);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_CREDENTIALS.email, password: DEMO_CREDENTIALS.password },
    });
    const jwt = login.json().jwt as string;
    const get = async (url: string) => {
      const res = await t.call({ method: 'GET', url: `/api${url}`, headers: bearer(jwt) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const quizzes = (await get('/quiz?status=all')).items as { id: string; title: string }[];
    expect(quizzes.map((q) => q.title)).toEqual([DEMO_QUIZ_TITLE]);
    const quizId = quizzes[0]!.id;
    const [appearance] = await get('/quiz/my/appearance');
    expect(appearance).toMatchObject({ name: 'Verde do consultório', isDefault: true });
    const detail = await get(`/quiz/${quizId}`);
    expect(detail.chosenQuestions).toHaveLength(6);

    const schedules = (await get(`/quiz/schedule?quizId=${quizId}&take=100`)).items as {
      id: string;
      patientId: string;
      nextDueAt: string | null;
      answers: { total: number; pending: number };
      lastRequest: { status: string } | null;
    }[];
    expect(schedules).toHaveLength(16);
    const now = t.clock.now().getTime();
    for (const s of schedules) {
      expect(new Date(s.nextDueAt!).getTime()).toBeGreaterThanOrEqual(now);
      expect(new Date(s.nextDueAt!).getTime()).toBeLessThanOrEqual(now + 7 * 86_400_000);
      expect(s.answers.total).toBeGreaterThan(0);
    }
    // Some clients have not answered this week's link yet: they are on the resend list.
    expect(schedules.filter((s) => s.lastRequest?.status === 'sent').length).toBeGreaterThan(0);
    expect((await get('/answer-revision/delayed?take=100')).total).toBeGreaterThan(0);

    const pending = await get('/answer-revision?status=pending&take=100');
    const completed = await get('/answer-revision?status=completed&take=1');
    expect(pending.total).toBeGreaterThan(5);
    expect(schedules.reduce((n, s) => n + s.answers.total, 0)).toBeGreaterThan(80);
    expect(completed.total).toBeGreaterThan(50);
    // Every answer opens in the review screen with its answers, the reviewed ones sometimes with a note.
    const one = await get(`/answer-revision/${pending.items[0].id}`);
    expect(one.answers.length).toBeGreaterThanOrEqual(6);
    expect(one.quizTitle).toBe(DEMO_QUIZ_TITLE);
    expect(
      (await get('/answer-revision?status=completed&take=100')).items.some(
        (r: { noteCount: number }) => r.noteCount > 0,
      ),
    ).toBe(true);

    // Every link sent is in the client's message history, with the PIN masked.
    const history = JSON.stringify(await get(`/chat/history/${schedules[0]!.patientId}`));
    expect(history).toContain(`/quiz-survey/${schedules[0]!.id}`);
    expect(history.split('/quiz-survey/').length - 1).toBeGreaterThanOrEqual(8);

    // The weight series of one client goes down over the weeks.
    const patientId = schedules[0]!.patientId;
    const series = await get(`/answer-revision/patient/${patientId}/series?quizId=${quizId}`);
    expect(JSON.stringify(series)).toContain('kg');

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t.clock.now());
    const from = new Date(now - 60 * 86_400_000).toISOString().slice(0, 10);
    const report = await get(`/answer-revision/status-report?from=${from}&to=${today}&granularity=week`);
    expect(report.totals.answered).toBeGreaterThan(80);
    expect(report.answerRate).toBeGreaterThan(0.6);
    expect(report.answerRate).toBeLessThan(1);

    // Once: a second start seeds nothing more.
    await seedIfEmpty(t.database.db, config);
    expect((await get('/quiz?status=all')).items).toHaveLength(1);
  });
});
