import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequests, quizAnswers } from '../src/db/schema.js';
import { DEFAULT_TEMPLATE_MESSAGE } from '../src/delivery/template.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectCode, pinClock, practice } from './helpers/scheduling.js';
import { saveSnapshot } from '../src/quiz-answer/snapshots.js';

/** Monday, 4 March 2030, 10:00 in São Paulo (UTC−3). */
const NOW = '2030-03-04T13:00:00Z';
const TODAY = '2030-03-04';
const TOMORROW = '2030-03-05';
const YESTERDAY = '2030-03-03';

describe.each(backends)('quiz schedules on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let a: string; // professional A's token
  let b: string; // professional B's token
  let serviceA: string;
  let quiz: string;
  let quiz2: string;
  let inactiveQuiz: string;
  let quizB: string;
  let patientB: string;

  const api = (method: string, url: string, token?: string, payload?: unknown) => p.api(method, url, token, payload);
  const once = (extra: Record<string, unknown> = {}) => ({
    startDate: TOMORROW,
    hour: 8,
    periodicity: 'once',
    ...extra,
  });
  const schedule = async (patientId: string, extra: Record<string, unknown> = {}, quizId = quiz) =>
    p.ok(api('POST', '/quiz/schedule', a, { quizId, patientId, ...once(extra) }), 201);
  const activePatient = (opts: Parameters<ReturnType<typeof practice>['patient']>[1] = {}) =>
    p.patient(a, { serviceId: serviceA, channel: 'email', ...opts });
  const requestsOf = (scheduleId: string) =>
    t.database.db
      .select()
      .from(answerRequests)
      .where(eq(answerRequests.scheduleId, scheduleId))
      .orderBy(answerRequests.createdAt);
  /** Marks a request as delivered `agoMs` ago (what the delivery worker does). */
  const markSent = (requestId: string, agoMs = 5 * 60_000) =>
    t.database.db
      .update(answerRequests)
      .set({ status: 'sent', sentAt: new Date(t.clock.now().getTime() - agoMs), attempts: 1 })
      .where(eq(answerRequests.id, requestId));

  beforeAll(async () => {
    t = await createTestApp(backend);
    pinClock(t, NOW);
    p = practice(t);
    a = await t.signUp('ana@example.com');
    b = await t.signUp('bia@example.com');
    serviceA = await p.service(a);
    quiz = await p.quiz(a, 'Acompanhamento semanal');
    quiz2 = await p.quiz(a, 'Recordatório alimentar');
    inactiveQuiz = await p.quiz(a, 'Antigo');
    expect((await api('DELETE', `/quiz/${inactiveQuiz}`, a)).statusCode).toBe(204);
    quizB = await p.quiz(b, 'Questionário da Bia');
    patientB = (await p.patient(b, { serviceId: await p.service(b) })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /quiz/schedule', () => {
    it('creates the schedule and materialises its first occurrence', async () => {
      const patient = await activePatient({ name: 'Joana Prado' });
      const s = await schedule(patient.id, { periodicity: 'days', intervalDays: 7, endDate: '2030-12-31' });
      expect(s).toMatchObject({
        quizId: quiz,
        quizTitle: 'Acompanhamento semanal',
        patientId: patient.id,
        patientName: 'Joana Prado',
        startDate: TOMORROW,
        hour: 8,
        periodicity: 'days',
        intervalDays: 7,
        weekdays: [],
        endDate: '2030-12-31',
        channel: 'email',
        enabled: true,
        link: `http://acompanha.test/quiz-survey/${s.id}`,
        nextDueAt: '2030-03-05T11:00:00.000Z',
        pinLocked: false,
      });
      expect(s.lastRequest).toMatchObject({
        kind: 'scheduled',
        status: 'scheduled',
        dueAt: '2030-03-05T11:00:00.000Z',
        sentAt: null,
        attempts: 0,
        lastError: null,
      });
      const detail = await p.ok(api('GET', `/quiz/schedule/${s.id}`, a));
      expect(detail.requests).toHaveLength(1);
      expect(detail.requests[0].id).toBe(s.lastRequest.id);
      const { lastRequest: _l, ...rest } = s;
      expect(detail).toMatchObject(rest);
    });

    it("the channel defaults to the patient's preference; weekly and monthly rules are stored normalised", async () => {
      const patient = await activePatient({ phone: '(11) 98765-0001', channel: 'whatsapp' });
      const s = await schedule(patient.id, { periodicity: 'weekly', weekdays: [5, 1, 1, 3] });
      expect(s).toMatchObject({ channel: 'whatsapp', periodicity: 'weekly', weekdays: [1, 3, 5], intervalDays: null });
      // Tomorrow is a Tuesday: the first occurrence is Wednesday 6 March at 8h (11:00Z).
      expect(s.nextDueAt).toBe('2030-03-06T11:00:00.000Z');
      const m = await schedule((await activePatient()).id, {
        startDate: '2030-03-31',
        periodicity: 'monthly',
        intervalDays: 3,
        hour: 21,
      });
      expect(m).toMatchObject({ periodicity: 'monthly', intervalDays: null, nextDueAt: '2030-04-01T00:00:00.000Z' });
    });

    it('scheduling the same quiz to the same patient replaces the live schedule (a reschedule)', async () => {
      const patient = await activePatient();
      const first = await schedule(patient.id);
      const second = await schedule(patient.id, { startDate: '2030-03-08', hour: 14 });
      expect(second.id).toBe(first.id);
      expect(second.nextDueAt).toBe('2030-03-08T17:00:00.000Z');
      const rows = await requestsOf(first.id);
      expect(rows.map((r) => [r.status, r.dueAt.toISOString()])).toEqual([
        ['cancelled', '2030-03-05T11:00:00.000Z'],
        ['scheduled', '2030-03-08T17:00:00.000Z'],
      ]);
      // Another quiz is another schedule.
      const other = await schedule(patient.id, {}, quiz2);
      expect(other.id).not.toBe(first.id);
    });

    it('today at an hour already past is due at once', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id, { startDate: TODAY, hour: 7 });
      expect(s.nextDueAt).toBe('2030-03-04T10:00:00.000Z');
      expect(Date.parse(s.nextDueAt)).toBeLessThan(t.clock.now().getTime());
    });

    it.each([
      [{ hour: 24 }, 'WRONG_HOUR_VALUE', 'hour'],
      [{ hour: -1 }, 'WRONG_HOUR_VALUE', 'hour'],
      [{ hour: 7.5 }, 'WRONG_HOUR_VALUE', 'hour'],
      [{ periodicity: 'yearly' }, 'WRONG_PERIODICITY_TIME', 'periodicity'],
      [{ periodicity: 'days' }, 'WRONG_PERIODICITY_TIME', 'intervalDays'],
      [{ periodicity: 'days', intervalDays: 0 }, 'WRONG_PERIODICITY_TIME', 'intervalDays'],
      [{ periodicity: 'days', intervalDays: 366 }, 'WRONG_PERIODICITY_TIME', 'intervalDays'],
      [{ periodicity: 'weekly' }, 'WRONG_PERIODICITY_TIME', 'weekdays'],
      [{ periodicity: 'weekly', weekdays: [] }, 'WRONG_PERIODICITY_TIME', 'weekdays'],
      [{ periodicity: 'weekly', weekdays: [0, 8] }, 'WRONG_PERIODICITY_TIME', 'weekdays'],
      [{ periodicity: 'monthly', weekdays: [1] }, 'WRONG_PERIODICITY_TIME', 'weekdays'],
      [{ startDate: YESTERDAY }, 'WRONG_START_DATE', 'startDate'],
      [{ startDate: '2030-03-10', endDate: '2030-03-09' }, 'WRONG_START_DATE', 'endDate'],
    ])('%o → 400 %s', async (extra, code, path) => {
      const patient = await activePatient();
      const res = await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: patient.id, ...once(extra) });
      expectCode(res, 400, code);
      expect(res.json().details).toEqual([{ path: [path], message: expect.any(String) }]);
    });

    it('malformed input → 400 WRONG_COMMAND_PARAMETERS with field paths; no token → 401', async () => {
      const patient = await activePatient();
      const bad = await api('POST', '/quiz/schedule', a, {
        quizId: 'x',
        patientId: patient.id,
        startDate: '04/03/2030',
        hour: '8',
        periodicity: 'once',
        extra: 1,
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      const paths = (bad.json().details as { path: string[] }[]).map((d) => d.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['quizId', 'startDate', 'hour']));
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: patient.id, ...once({ channel: 'sms' }) }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(
        await api('POST', '/quiz/schedule', undefined, { quizId: quiz, patientId: patient.id, ...once() }),
        401,
        'Unauthorized',
      );
    });

    it('delivery rules: no contact for the channel, no active service, inactive quiz or patient', async () => {
      const noEmail = await activePatient({ email: null, phone: '(11) 98765-0002', channel: 'whatsapp' });
      const r1 = await api('POST', '/quiz/schedule', a, {
        quizId: quiz,
        patientId: noEmail.id,
        ...once({ channel: 'email' }),
      });
      expectCode(r1, 400, 'DELIVERY_RULE_EXCEPTION');
      expect(r1.json().details[0].path).toEqual(['channel']);
      const noPhone = await activePatient();
      expectCode(
        await api('POST', '/quiz/schedule', a, {
          quizId: quiz,
          patientId: noPhone.id,
          ...once({ channel: 'whatsapp' }),
        }),
        400,
        'DELIVERY_RULE_EXCEPTION',
      );

      const noService = await p.patient(a, { channel: 'email' });
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: noService.id, ...once() }),
        400,
        'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
      );
      // A refunded sale is no service either.
      const refunded = await activePatient();
      await p.ok(api('DELETE', `/sales/${refunded.saleId}/refound`, a));
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: refunded.id, ...once() }),
        400,
        'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
      );

      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: inactiveQuiz, patientId: noPhone.id, ...once() }),
        400,
        'QUIZ_NOT_ACTIVE',
      );
      const inactive = await activePatient();
      await p.ok(api('PUT', `/patient/${inactive.id}`, a, { status: 'inactive' }));
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: inactive.id, ...once() }),
        400,
        'PATIENT_NOT_ACTIVE',
      );
    });

    it("unknown or another professional's quiz / patient → 404", async () => {
      const patient = await activePatient();
      const unknown = '00000000-0000-4000-8000-000000000001';
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: unknown, patientId: patient.id, ...once() }),
        404,
        'QUIZ_NOT_FOUND',
      );
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quizB, patientId: patient.id, ...once() }),
        404,
        'QUIZ_NOT_FOUND',
      );
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: unknown, ...once() }),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule', a, { quizId: quiz, patientId: patientB, ...once() }),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
    });
  });

  describe('POST /quiz/schedule/reschedule', () => {
    it('cancels the pending occurrence and creates the first one of the new rule', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      const r = await p.ok(
        api('POST', '/quiz/schedule/reschedule', a, {
          quizScheduleId: s.id,
          startDate: TOMORROW,
          hour: 9,
          periodicity: 'weekly',
          weekdays: [7],
          channel: 'email',
        }),
      );
      expect(r).toMatchObject({
        id: s.id,
        periodicity: 'weekly',
        weekdays: [7],
        hour: 9,
        nextDueAt: '2030-03-10T12:00:00.000Z',
      });
      const rows = await requestsOf(s.id);
      expect(rows.map((x) => x.status)).toEqual(['cancelled', 'scheduled']);
      // A request already delivered at that time is not sent twice.
      await markSent(rows[1]!.id, 0);
      const again = await p.ok(
        api('POST', '/quiz/schedule/reschedule', a, {
          quizScheduleId: s.id,
          startDate: '2030-03-10',
          hour: 9,
          periodicity: 'weekly',
          weekdays: [7],
        }),
      );
      expect(again.nextDueAt).toBe('2030-03-17T12:00:00.000Z');
    });

    it('same codes as scheduling; unknown → 404; deleted → 400 RESCHEDULE_ERROR', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', a, { quizScheduleId: s.id, ...once({ hour: 30 }) }),
        400,
        'WRONG_HOUR_VALUE',
      );
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', a, { quizScheduleId: s.id, ...once({ startDate: YESTERDAY }) }),
        400,
        'WRONG_START_DATE',
      );
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', a, { quizScheduleId: s.id, ...once({ channel: 'whatsapp' }) }),
        400,
        'DELIVERY_RULE_EXCEPTION',
      );
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', a, {
          quizScheduleId: '00000000-0000-4000-8000-000000000002',
          ...once(),
        }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', b, { quizScheduleId: s.id, ...once() }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expect((await api('DELETE', `/quiz/schedule/${s.id}/patient/${patient.id}`, a)).statusCode).toBe(204);
      expectCode(
        await api('POST', '/quiz/schedule/reschedule', a, { quizScheduleId: s.id, ...once() }),
        400,
        'RESCHEDULE_ERROR',
      );
    });
  });

  describe('enable / disable', () => {
    it('disable cancels what is pending; enable creates the next occurrence from now', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id, { periodicity: 'days', intervalDays: 1 });
      const now = await p.ok(api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }), 201);
      const off = await p.ok(api('PUT', `/quiz/schedule/${s.id}/disable`, a));
      expect(off).toMatchObject({ enabled: false, nextDueAt: null });
      expect((await requestsOf(s.id)).every((r) => r.status === 'cancelled')).toBe(true);
      expect((await requestsOf(s.id)).find((r) => r.id === now.id)?.status).toBe('cancelled');
      expectCode(
        await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }),
        400,
        'DELIVERY_RULE_EXCEPTION',
      );
      // Two days later (São Paulo), enabling picks up the recurrence from then.
      t.clock.advance(2 * 24 * 3600_000);
      try {
        const on = await p.ok(api('PUT', `/quiz/schedule/${s.id}/enable`, a));
        expect(on).toMatchObject({ enabled: true, nextDueAt: '2030-03-07T11:00:00.000Z' });
        // Enabling twice changes nothing.
        expect((await p.ok(api('PUT', `/quiz/schedule/${s.id}/enable`, a))).nextDueAt).toBe('2030-03-07T11:00:00.000Z');
        expect((await requestsOf(s.id)).filter((r) => r.status === 'scheduled')).toHaveLength(1);
      } finally {
        pinClock(t, NOW);
      }
    });

    it("unknown, another professional's or deleted schedule", async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      for (const verb of ['enable', 'disable']) {
        expectCode(
          await api('PUT', `/quiz/schedule/00000000-0000-4000-8000-000000000003/${verb}`, a),
          404,
          'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
        );
        expectCode(await api('PUT', `/quiz/schedule/${s.id}/${verb}`, b), 404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR');
        expectCode(await api('PUT', `/quiz/schedule/not-a-uuid/${verb}`, a), 400, 'WRONG_COMMAND_PARAMETERS');
      }
      await api('DELETE', `/quiz/schedule/${s.id}/patient/${patient.id}`, a);
      expectCode(await api('PUT', `/quiz/schedule/${s.id}/enable`, a), 400, 'RESCHEDULE_ERROR');
    });
  });

  describe('POST /quiz/schedule/request-now', () => {
    it('creates an extra request due now; a second one within 60 s → 429 RETRY_SEND_LATER', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      const before = t.clock.now().getTime();
      const r = await p.ok(api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }), 201);
      expect(r).toMatchObject({ quizScheduleId: s.id, kind: 'now', status: 'scheduled', attempts: 0, sentAt: null });
      expect(Date.parse(r.dueAt)).toBeGreaterThanOrEqual(before);
      const again = await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id });
      expectCode(again, 429, 'RETRY_SEND_LATER');
      expect(again.headers['retry-after']).toBe('60');
      expect(again.json().details).toEqual({ retryAfterSeconds: 60 });
      // The recurrence's own occurrence is untouched.
      expect(
        (await p.ok(api('GET', `/quiz/schedule/${s.id}`, a))).requests.map((x: { kind: string }) => x.kind).sort(),
      ).toEqual(['now', 'scheduled']);
      t.clock.advance(61_000);
      try {
        expect((await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id })).statusCode).toBe(201);
        // A message sent a moment ago also blocks.
        const last = (await requestsOf(s.id)).at(-1)!;
        t.clock.advance(61_000);
        await markSent(last.id, 10_000);
        expectCode(
          await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }),
          429,
          'RETRY_SEND_LATER',
        );
      } finally {
        pinClock(t, NOW);
      }
    });

    it('a first occurrence going out right now also counts as a recent send', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id, { startDate: TODAY, hour: 7 });
      expectCode(await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }), 429, 'RETRY_SEND_LATER');
    });

    it('checks the delivery rules again; unknown → 404', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      await p.ok(api('DELETE', `/sales/${patient.saleId}/refound`, a));
      expectCode(
        await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }),
        400,
        'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
      );
      await p.ok(api('PUT', `/patient/${patient.id}`, a, { email: null, phone: '(11) 98765-0003' }));
      expectCode(
        await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }),
        400,
        'DELIVERY_RULE_EXCEPTION',
      );
      expectCode(
        await api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: '00000000-0000-4000-8000-000000000004' }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/request-now', b, { quizScheduleId: s.id }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
    });
  });

  describe('POST /quiz/schedule/cancel', () => {
    it('cancels a pending occurrence and keeps the recurrence going', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id, { periodicity: 'days', intervalDays: 2 });
      const c = await p.ok(api('POST', '/quiz/schedule/cancel', a, { scheduleId: s.lastRequest.id }));
      expect(c).toMatchObject({ id: s.lastRequest.id, status: 'cancelled' });
      expect((await p.ok(api('GET', `/quiz/schedule/${s.id}`, a))).nextDueAt).toBe('2030-03-07T11:00:00.000Z');
      expectCode(
        await api('POST', '/quiz/schedule/cancel', a, { scheduleId: s.lastRequest.id }),
        400,
        'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR',
      );
    });

    it('monthly from the 31st: cancelling March 31 brings April 30', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id, { startDate: '2030-03-31', periodicity: 'monthly' });
      expect(s.nextDueAt).toBe('2030-03-31T11:00:00.000Z');
      await p.ok(api('POST', '/quiz/schedule/cancel', a, { scheduleId: s.lastRequest.id }));
      expect((await p.ok(api('GET', `/quiz/schedule/${s.id}`, a))).nextDueAt).toBe('2030-04-30T11:00:00.000Z');
    });

    it('a sent request can be cancelled unless answered, started or expired', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      const [sent, answered, started, expired] = await Promise.all(
        ['sent', 'answered', 'sent', 'expired'].map(async (status, i) => {
          const [row] = await t.database.db
            .insert(answerRequests)
            .values({
              scheduleId: s.id,
              professionalId: (await requestsOf(s.id))[0]!.professionalId,
              patientId: patient.id,
              quizId: quiz,
              kind: 'now',
              dueAt: new Date(Date.parse(NOW) - (i + 1) * 3600_000),
              status: status as 'sent',
              sentAt: new Date(Date.parse(NOW) - (i + 1) * 3600_000),
            })
            .returning();
          return row!;
        }),
      );
      await t.database.db.insert(quizAnswers).values({
        answerRequestId: started!.id,
        scheduleId: s.id,
        professionalId: started!.professionalId,
        patientId: patient.id,
        quizId: quiz,
        snapshotId: await saveSnapshot(t.database.db, started!.professionalId, quiz, []),
      });
      expect((await p.ok(api('POST', '/quiz/schedule/cancel', a, { scheduleId: sent!.id }))).status).toBe('cancelled');
      expectCode(
        await api('POST', '/quiz/schedule/cancel', a, { scheduleId: answered!.id }),
        400,
        'SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/cancel', a, { scheduleId: started!.id }),
        409,
        'CANCEL_ANSWER_REQUEST_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/cancel', a, { scheduleId: expired!.id }),
        409,
        'CANCEL_ANSWER_REQUEST_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/cancel', a, { scheduleId: '00000000-0000-4000-8000-000000000005' }),
        404,
        'SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('POST', '/quiz/schedule/cancel', b, { scheduleId: sent!.id }),
        404,
        'SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(await api('POST', '/quiz/schedule/cancel', a, {}), 400, 'WRONG_COMMAND_PARAMETERS');
    });
  });

  describe('PATCH /quiz/schedule/re-publish', () => {
    it('resends sent, unanswered requests and explains the others', async () => {
      const p1 = await activePatient();
      const p2 = await activePatient();
      const p3 = await activePatient();
      const s1 = await schedule(p1.id);
      const s2 = await schedule(p2.id);
      const s3 = await schedule(p3.id);
      await markSent(s1.lastRequest.id);
      await markSent(s2.lastRequest.id, 10_000); // sent 10 s ago
      await markSent(s3.lastRequest.id);
      await t.database.db
        .update(answerRequests)
        .set({ status: 'answered' })
        .where(eq(answerRequests.id, s3.lastRequest.id));
      const pending = await schedule((await activePatient()).id);
      const res = await p.ok(
        api('PATCH', '/quiz/schedule/re-publish', a, {
          schedules: [
            { scheduleId: s1.lastRequest.id },
            { scheduleId: s1.lastRequest.id },
            { scheduleId: s2.lastRequest.id },
            { scheduleId: s3.lastRequest.id },
            { scheduleId: pending.lastRequest.id },
            { scheduleId: '00000000-0000-4000-8000-000000000006' },
          ],
        }),
      );
      expect(res.resent).toBe(1);
      const codes = Object.fromEntries(
        res.details.map((d: { scheduleId: string; application_error_code: string }) => [
          d.scheduleId,
          d.application_error_code,
        ]),
      );
      expect(codes).toEqual({
        [s2.lastRequest.id]: 'RETRY_SEND_LATER',
        [s3.lastRequest.id]: 'SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR',
        [pending.lastRequest.id]: 'DELIVERY_RULE_EXCEPTION',
        '00000000-0000-4000-8000-000000000006': 'SCHEDULE_NOT_FOUND_ERROR',
      });
      const rows = await requestsOf(s1.id);
      expect(rows.filter((r) => r.kind === 'resend')).toMatchObject([{ status: 'scheduled' }]);
      // Another professional's requests are unknown to B.
      const other = await p.ok(
        api('PATCH', '/quiz/schedule/re-publish', b, { schedules: [{ scheduleId: s1.lastRequest.id }] }),
      );
      expect(other).toEqual({
        resent: 0,
        details: [
          {
            scheduleId: s1.lastRequest.id,
            application_error_code: 'SCHEDULE_NOT_FOUND_ERROR',
            message: expect.any(String),
          },
        ],
      });
      expectCode(
        await api('PATCH', '/quiz/schedule/re-publish', a, { schedules: [] }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });
  });

  describe('DELETE /quiz/schedule/{quizScheduleId}/patient/{patientId}', () => {
    it('soft-deletes: hidden, pending cancelled, sent expired; the same quiz can be scheduled again', async () => {
      const patient = await activePatient();
      const s = await schedule(patient.id);
      const now = await p.ok(api('POST', '/quiz/schedule/request-now', a, { quizScheduleId: s.id }), 201);
      await markSent(now.id);
      expectCode(
        await api('DELETE', `/quiz/schedule/${s.id}/patient/${patientB}`, a),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('DELETE', `/quiz/schedule/${s.id}/patient/${patient.id}`, b),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      const del = await api('DELETE', `/quiz/schedule/${s.id}/patient/${patient.id}`, a);
      expect(del.statusCode, del.body).toBe(204);
      expect(del.body).toBe('');
      expectCode(await api('GET', `/quiz/schedule/${s.id}`, a), 404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      expectCode(
        await api('DELETE', `/quiz/schedule/${s.id}/patient/${patient.id}`, a),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      const rows = await requestsOf(s.id);
      expect(Object.fromEntries(rows.map((r) => [r.kind, r.status]))).toEqual({
        scheduled: 'cancelled',
        now: 'expired',
      });
      expect((await p.ok(api('GET', `/quiz/schedule?patientId=${patient.id}`, a))).total).toBe(0);
      const again = await schedule(patient.id);
      expect(again.id).not.toBe(s.id);
    });
  });

  describe('lists', () => {
    it('GET /quiz/schedule filters by quiz, patient and state, ordered by patient name, paginated', async () => {
      const zed = await activePatient({ name: 'Zélia Souza' });
      const alb = await activePatient({ name: 'Álvaro Lima' });
      const s1 = await schedule(zed.id, {}, quiz2);
      const s2 = await schedule(alb.id, {}, quiz2);
      await p.ok(api('PUT', `/quiz/schedule/${s1.id}/disable`, a));
      const all = await p.ok(api('GET', `/quiz/schedule?quizId=${quiz2}`, a));
      const mine = all.items
        .filter((s: { id: string }) => [s1.id, s2.id].includes(s.id))
        .map((s: { patientName: string }) => s.patientName);
      expect(mine).toEqual(['Álvaro Lima', 'Zélia Souza']);
      expect(all.items.every((s: { quizId: string }) => s.quizId === quiz2)).toBe(true);
      expect(all.total).toBe(all.items.length);
      const disabled = await p.ok(api('GET', `/quiz/schedule?quizId=${quiz2}&status=disabled`, a));
      expect(disabled.items.map((s: { id: string }) => s.id)).toEqual([s1.id]);
      expect(
        (await p.ok(api('GET', `/quiz/schedule?patientId=${alb.id}&status=pending`, a))).items.map(
          (s: { id: string }) => s.id,
        ),
      ).toEqual([s2.id]);
      await markSent(s2.lastRequest.id);
      expect(
        (await p.ok(api('GET', `/quiz/schedule?patientId=${alb.id}&status=sent`, a))).items.map(
          (s: { id: string }) => s.id,
        ),
      ).toEqual([s2.id]);
      expect((await p.ok(api('GET', `/quiz/schedule?patientId=${alb.id}&status=pending`, a))).total).toBe(0);
      const page = await p.ok(api('GET', `/quiz/schedule?take=1&skip=1`, a));
      expect(page.items).toHaveLength(1);
      expect(page.total).toBeGreaterThan(2);
      expect((await p.ok(api('GET', `/quiz/schedule?skip=100000`, a))).total).toBe(page.total);
      expect((await p.ok(api('GET', `/quiz/schedule`, b))).total).toBe(0);
    });

    it('GET /patient/{patientId}/quizzes returns the live schedules of the patient', async () => {
      const patient = await activePatient();
      const s1 = await schedule(patient.id);
      const s2 = await schedule(patient.id, {}, quiz2);
      const res = await p.ok(api('GET', `/patient/${patient.id}/quizzes`, a));
      expect(res.total).toBe(2);
      expect(res.items.map((i: { quizScheduleId: string }) => i.quizScheduleId).sort()).toEqual([s1.id, s2.id].sort());
      expect(res.items[0]).toMatchObject({
        id: res.items[0].quizScheduleId,
        enabled: true,
        lastRequest: { status: 'scheduled' },
      });
      expectCode(await api('GET', `/patient/${patient.id}/quizzes`, b), 404, 'PATIENT_NOT_FOUND_ERROR');
    });

    it('GET /answer-revision/schedules-without-confirmation lists sent, unanswered requests, oldest first', async () => {
      const p1 = await activePatient({ name: 'Sem Resposta Um' });
      const p2 = await activePatient({ name: 'Sem Resposta Dois' });
      const s1 = await schedule(p1.id, {}, quiz2);
      const s2 = await schedule(p2.id);
      await markSent(s1.lastRequest.id, 2 * 3600_000);
      await markSent(s2.lastRequest.id, 3 * 3600_000);
      const res = await p.ok(api('GET', '/answer-revision/schedules-without-confirmation?take=100', a));
      const ids = res.items.map((i: { id: string }) => i.id);
      expect(ids.indexOf(s2.lastRequest.id)).toBeLessThan(ids.indexOf(s1.lastRequest.id));
      expect(res.items.find((i: { id: string }) => i.id === s1.lastRequest.id)).toMatchObject({
        quizScheduleId: s1.id,
        quizId: quiz2,
        quizTitle: 'Recordatório alimentar',
        patientId: p1.id,
        patientName: 'Sem Resposta Um',
        channel: 'email',
        attempts: 1,
      });
      expect(res.items.every((i: { sentAt: string }) => i.sentAt)).toBe(true);
      const byQuiz = await p.ok(
        api('GET', `/answer-revision/schedules-without-confirmation?quizId=${quiz2}&take=100`, a),
      );
      expect(byQuiz.items.map((i: { id: string }) => i.id)).toContain(s1.lastRequest.id);
      expect(byQuiz.items.map((i: { id: string }) => i.id)).not.toContain(s2.lastRequest.id);
      await t.database.db
        .update(answerRequests)
        .set({ status: 'answered' })
        .where(and(eq(answerRequests.id, s1.lastRequest.id)));
      const after = await p.ok(
        api('GET', `/answer-revision/schedules-without-confirmation?quizId=${quiz2}&take=100`, a),
      );
      expect(after.items.map((i: { id: string }) => i.id)).not.toContain(s1.lastRequest.id);
      expect((await p.ok(api('GET', '/answer-revision/schedules-without-confirmation', b))).total).toBe(0);
    });
  });

  describe('template message', () => {
    it('GET gives the default and the variables; PUT validates and stores; null restores the default', async () => {
      const d = await p.ok(api('GET', '/professional/me/template-message', a));
      expect(d).toMatchObject({
        templateMessage: DEFAULT_TEMPLATE_MESSAGE,
        isDefault: true,
        defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE,
      });
      expect(d.variables.map((v: { name: string }) => v.name).sort()).toEqual([
        'link',
        'paciente',
        'pin',
        'profissional',
        'questionario',
      ]);

      const text = 'Oi {{ paciente }}, tudo bem? Segue o link {{link}} (PIN {{pin}}).';
      const put = await p.ok(api('PUT', '/professional/me/template-message', a, { templateMessage: `  ${text}  ` }));
      expect(put).toMatchObject({ templateMessage: text, isDefault: false });
      expect((await p.ok(api('GET', '/professional/me/template-message', a))).templateMessage).toBe(text);
      // Another professional still has the default.
      expect((await p.ok(api('GET', '/professional/me/template-message', b))).isDefault).toBe(true);

      const unknown = await api('PUT', '/professional/me/template-message', a, {
        templateMessage: 'Olá {{nome}} {{link}} {{pin}} {{data}}',
      });
      expectCode(unknown, 400, 'WRONG_TEMPLATE_VARIABLES');
      expect(unknown.json().details).toEqual({ variables: ['nome', 'data'] });
      const missing = await api('PUT', '/professional/me/template-message', a, {
        templateMessage: 'Olá {{paciente}}, responda em {{link}}.',
      });
      expectCode(missing, 400, 'WRONG_TEMPLATE_PARAMETER');
      expect(missing.json().details).toEqual({ variables: ['pin'] });
      expectCode(
        await api('PUT', '/professional/me/template-message', a, { templateMessage: '   ' }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(
        await api('PUT', '/professional/me/template-message', a, {
          templateMessage: `${'x'.repeat(1000)}{{link}}{{pin}}`,
        }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expect((await p.ok(api('GET', '/professional/me/template-message', a))).templateMessage).toBe(text);

      const back = await p.ok(api('PUT', '/professional/me/template-message', a, { templateMessage: null }));
      expect(back).toMatchObject({ templateMessage: DEFAULT_TEMPLATE_MESSAGE, isDefault: true });
      expectCode(await api('GET', '/professional/me/template-message'), 401, 'Unauthorized');
    });
  });
});
