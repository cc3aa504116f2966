/**
 * An expired account is read-only, not locked out: she still reads, prints and exports every client and answer,
 * while new clients, new schedules and new sends answer 402 ACCOUNT_EXPIRED, and her scheduled deliveries wait
 * until she pays again.
 */
import { and, eq, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequests, subscriptions } from '../src/db/schema.js';
import { accountExpiredSql, isExpiredAt } from '../src/payment/access.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectCode, practice } from './helpers/scheduling.js';

const DAY = 86_400_000;

describe('isExpiredAt', () => {
  const now = new Date('2030-03-10T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const row = (status: 'trial' | 'active' | 'past_due' | 'cancelled' | 'expired', over = {}) => ({
    status,
    trialEndsAt: null,
    pastDueSince: null,
    currentPeriodEnd: null,
    ...over,
  });
  it('judges each state at the instant', () => {
    expect(isExpiredAt(undefined, now)).toBe(false);
    expect(isExpiredAt(row('active'), now)).toBe(false);
    expect(isExpiredAt(row('expired'), now)).toBe(true);
    expect(isExpiredAt(row('trial', { trialEndsAt: at(1) }), now)).toBe(false);
    expect(isExpiredAt(row('trial', { trialEndsAt: at(-0.01) }), now)).toBe(true);
    expect(isExpiredAt(row('past_due', { pastDueSince: at(-6) }), now)).toBe(false);
    expect(isExpiredAt(row('past_due', { pastDueSince: at(-7) }), now)).toBe(true);
    expect(isExpiredAt(row('cancelled', { currentPeriodEnd: at(3) }), now)).toBe(false);
    expect(isExpiredAt(row('cancelled', { currentPeriodEnd: at(-1) }), now)).toBe(true);
  });
});

describe.each(backends)('an expired account on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let a: string;
  let proA: string;
  let quiz: string;
  let service: string;
  let patientId: string;
  let scheduleId: string;

  const expire = () =>
    t.database.db
      .update(subscriptions)
      .set({ status: 'trial', trialEndsAt: new Date(t.clock.now().getTime() - DAY) })
      .where(eq(subscriptions.professionalId, proA));
  const pay = () =>
    t.database.db
      .update(subscriptions)
      .set({ status: 'active', currentPeriodEnd: new Date(t.clock.now().getTime() + 30 * DAY) })
      .where(eq(subscriptions.professionalId, proA));

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    a = await t.signUp('helena.nutri@example.com');
    proA = (await p.ok(p.api('GET', '/professional/me', a))).id;
    service = await p.service(a, 365);
    quiz = (await p.ok(p.api('POST', '/quiz', a, { title: 'Check-in', chosenQuestions: [{ id: q('semana') }] }), 201))
      .id;
    const patient = await p.patient(a, { serviceId: service, name: 'Rosa Lima' });
    patientId = patient.id;
    scheduleId = (
      await p.ok(
        p.api('POST', '/quiz/schedule', a, {
          quizId: quiz,
          patientId,
          startDate: '2030-12-01',
          hour: 9,
          periodicity: 'once',
        }),
        201,
      )
    ).id;
    await expire();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses new clients, schedules and sends with ACCOUNT_EXPIRED and one Portuguese sentence', async () => {
    const refused = [
      await p.api('POST', '/patient', a, { name: 'Nova Cliente', email: 'nova@example.com' }),
      await p.api('POST', '/quiz/schedule', a, {
        quizId: quiz,
        patientId,
        startDate: '2030-12-02',
        hour: 9,
        periodicity: 'once',
      }),
      await p.api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: scheduleId }),
      await p.api('POST', `/quiz/schedule/bulk-insert/${quiz}`, a, {
        patientIds: [patientId],
        startDate: '2030-12-02',
        hour: 9,
        periodicity: 'once',
      }),
      await p.api('PUT', `/quiz/schedule/${scheduleId}/enable`, a),
    ];
    for (const res of refused) {
      expectCode(res, 402, 'ACCOUNT_EXPIRED');
      expect(res.json().message).toMatch(/^Sua assinatura expirou: .+ volta a funcionar quando você assinar\./);
    }
    expect(refused[0]!.json().message).toContain('cadastrar clientes');
  });

  it('still reads, exports and turns things off', async () => {
    expect((await p.api('GET', '/patient', a)).statusCode).toBe(200);
    expect((await p.api('GET', `/patient/${patientId}`, a)).statusCode).toBe(200);
    expect((await p.api('GET', `/answer-revision/export?quizId=${quiz}&format=csv`, a)).statusCode).toBe(200);
    expect((await p.api('PUT', `/quiz/schedule/${scheduleId}/disable`, a)).statusCode).toBe(200);
  });

  it('keeps her due deliveries waiting, and sends again once she pays', async () => {
    await t.database.db
      .update(answerRequests)
      .set({ dueAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(answerRequests.scheduleId, scheduleId));
    // What the delivery sweep picks: her due requests are skipped while the account is expired.
    const due = () =>
      t.database.db
        .select({ id: answerRequests.id })
        .from(answerRequests)
        .where(
          and(
            eq(answerRequests.scheduleId, scheduleId),
            not(accountExpiredSql(answerRequests.professionalId, t.clock.now())),
          ),
        );
    expect(await due()).toEqual([]);
    await pay();
    expect((await due()).length).toBeGreaterThan(0);
    expect(
      (await p.api('POST', '/patient', a, { name: 'Depois de Pagar', email: 'pago@example.com' })).statusCode,
    ).toBe(201);
  });
});
