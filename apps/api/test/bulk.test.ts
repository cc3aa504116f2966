import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../src/app.js';
import { runChunk } from '../src/bulk/ops.js';
import { BulkRunner, runnerOptionsFromEnv } from '../src/bulk/runner.js';
import { resolveConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { answerRequests, bulkProcesses, events, quizSchedules } from '../src/db/schema.js';
import { spDate } from '../src/lib/dates.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';

// Small chunks, so that every process here spans several transactions (and stays in 'processing' long
// enough for the conflict checks). Put back afterwards: the suites share their worker (isolate: false).
const chunkSizeBefore = process.env.BULK_CHUNK_SIZE;
process.env.BULK_CHUNK_SIZE = '2';
afterAll(() => {
  if (chunkSizeBefore === undefined) delete process.env.BULK_CHUNK_SIZE;
  else process.env.BULK_CHUNK_SIZE = chunkSizeBefore;
});

type Res = { statusCode: number; json(): any; body: string };
const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};

const DAY = 86_400_000;
const tomorrow = () => spDate(new Date(Date.now() + DAY));
const recurrence = (over: Record<string, unknown> = {}) => ({
  startDate: tomorrow(),
  hour: 9,
  periodicity: 'once',
  ...over,
});

describe.each(backends)('bulk scheduling on $name', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  let serviceId: string;
  const call = (method: string, url: string, token: string | null, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const newQuiz = async (token = a, title = 'Recordatório alimentar') => {
    const res = await call('POST', '/quiz', token, { title });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  let seq = 0;
  /** A patient of `a`; by default with e-mail, phone and a paid sale covering today. */
  const newPatient = async (
    opts: { email?: boolean; phone?: boolean; service?: boolean; inactive?: boolean; name?: string } = {},
  ) => {
    const n = ++seq;
    const res = await call('POST', '/patient', a, {
      name: opts.name ?? `Paciente ${String(n).padStart(3, '0')}`,
      ...(opts.email === false ? {} : { email: `p${n}@example.com` }),
      ...(opts.phone ? { phone: `(11) 9${String(10_000_000 + n)}` } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    if (opts.service !== false) {
      const sale = await call('POST', '/sales', a, { patientId: id, serviceId, paymentMethod: 'pix' });
      expect(sale.statusCode, sale.body).toBe(201);
    }
    if (opts.inactive) expect((await call('PUT', `/patient/${id}`, a, { status: 'inactive' })).statusCode).toBe(200);
    return id;
  };
  const status = async (quizId: string, token = a) => {
    const res = await call('GET', `/quiz/schedule/bulk-insert/status/${quizId}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const waitFinished = async (quizId: string, app: TestApp['call'] = t.call) => {
    for (let i = 0; i < 1000; i++) {
      const res = await app({
        method: 'GET',
        url: `/api/quiz/schedule/bulk-insert/status/${quizId}`,
        headers: bearer(a),
      });
      const s = res.json();
      if (s.state !== 'processing') return s;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('bulk process did not finish');
  };
  const schedulesOf = async (quizId: string) => {
    const res = await call('GET', `/quiz/schedule?quizId=${quizId}&take=100`, a);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as {
      id: string;
      patientId: string;
      hour: number;
      enabled: boolean;
      nextDueAt: string | null;
      channel: string;
    }[];
  };
  const requestsOf = (scheduleId: string) =>
    t.database.db.select().from(answerRequests).where(eq(answerRequests.scheduleId, scheduleId));

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.signUp('ana@example.com');
    b = await t.signUp('bia@example.com');
    const svc = await call('POST', '/services', a, { name: 'Acompanhamento', priceCents: 30000, validityDays: 90 });
    expect(svc.statusCode, svc.body).toBe(201);
    serviceId = svc.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('schedules many patients in the background and lists the ones it could not, with the reason', async () => {
    const quizId = await newQuiz();
    expect(await status(quizId)).toEqual({
      quizId,
      kind: null,
      state: 'idle',
      total: 0,
      processed: 0,
      details: [],
      startedAt: null,
      finishedAt: null,
    });
    const ok1 = await newPatient();
    const ok2 = await newPatient({ phone: true });
    const noService = await newPatient({ service: false, name: 'Bruno Sem Serviço' });
    const inactive = await newPatient({ inactive: true, name: 'Carla Inativa' });
    const ok3 = await newPatient();
    const res = await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, {
      // Repeated ids count once.
      patientIds: [ok1, ok2, noService, inactive, ok3, ok1],
      ...recurrence({ periodicity: 'weekly', weekdays: [1, 3, 5] }),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      quizId,
      kind: 'insert',
      state: 'processing',
      total: 5,
      processed: 0,
      details: [],
      finishedAt: null,
    });
    expect(Date.parse(res.json().startedAt)).toBeGreaterThan(0);

    const done = await waitFinished(quizId);
    expect(done).toMatchObject({ kind: 'insert', state: 'done', total: 5, processed: 5 });
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    expect(done.details).toEqual([
      {
        patientId: noService,
        patientName: 'Bruno Sem Serviço',
        application_error_code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
        message: expect.stringMatching(/serviço ativo/),
      },
      {
        patientId: inactive,
        patientName: 'Carla Inativa',
        application_error_code: 'PATIENT_NOT_ACTIVE',
        message: expect.stringMatching(/inativo/),
      },
    ]);

    const list = await schedulesOf(quizId);
    expect(list.map((s) => s.patientId).sort()).toEqual([ok1, ok2, ok3].sort());
    for (const s of list) {
      expect(s).toMatchObject({ hour: 9, enabled: true });
      expect(s.nextDueAt).not.toBeNull();
      const reqs = await requestsOf(s.id);
      expect(reqs).toHaveLength(1);
      expect(reqs[0]).toMatchObject({ status: 'scheduled', kind: 'scheduled' });
    }
    // Without a channel in the body, each patient's preference: e-mail only → email, with a phone → whatsapp.
    expect(list.find((s) => s.patientId === ok1)?.channel).toBe('email');
    expect(list.find((s) => s.patientId === ok2)?.channel).toBe('whatsapp');

    // The finished process stays until acknowledged; acknowledging is idempotent.
    expect((await status(quizId)).state).toBe('done');
    const ack = await call('POST', `/quiz/schedule/acknowledge-bulk-process/${quizId}`, a);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ quizId, state: 'idle', kind: null, total: 0, details: [] });
    expect((await status(quizId)).state).toBe('idle');
    expect((await call('POST', `/quiz/schedule/acknowledge-bulk-process/${quizId}`, a)).json().state).toBe('idle');
  });

  it('reports a channel the patient has no contact for, and replaces live schedules', async () => {
    const quizId = await newQuiz();
    const emailOnly = await newPatient({ name: 'Diana Só E-mail' });
    const both = await newPatient({ phone: true });
    const first = await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, {
      patientIds: [both],
      ...recurrence({ hour: 7 }),
    });
    expect(first.statusCode, first.body).toBe(202);
    await waitFinished(quizId);
    const [before] = await schedulesOf(quizId);

    const res = await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, {
      patientIds: [emailOnly, both],
      ...recurrence({ hour: 20, channel: 'whatsapp' }),
    });
    // A finished (not yet acknowledged) process does not block a new one.
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitFinished(quizId);
    expect(done.details).toEqual([
      {
        patientId: emailOnly,
        patientName: 'Diana Só E-mail',
        application_error_code: 'DELIVERY_RULE_EXCEPTION',
        message: expect.stringMatching(/telefone/),
      },
    ]);
    const after = await schedulesOf(quizId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, patientId: both, hour: 20, channel: 'whatsapp' });
    const reqs = await requestsOf(before!.id);
    expect(reqs.filter((r) => r.status === 'scheduled')).toHaveLength(1);
    expect(reqs.filter((r) => r.status === 'cancelled')).toHaveLength(1);
  });

  it('refuses bad input, foreign ids and a disabled quiz before starting anything', async () => {
    const quizId = await newQuiz();
    const p = await newPatient();
    const url = `/quiz/schedule/bulk-insert/${quizId}`;
    expectCode(await call('POST', url, null, { patientIds: [p], ...recurrence() }), 401, 'Unauthorized');
    expectCode(await call('POST', url, a, { patientIds: [], ...recurrence() }), 400, 'WRONG_COMMAND_PARAMETERS');
    expectCode(await call('POST', url, a, { patientIds: ['nope'], ...recurrence() }), 400, 'WRONG_COMMAND_PARAMETERS');
    expectCode(
      await call('POST', url, a, { patientIds: [p], ...recurrence(), extra: 1 }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(
      await call('POST', url, a, { patientIds: Array.from({ length: 10_001 }, () => randomUUID()), ...recurrence() }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(await call('POST', url, a, { patientIds: [p], ...recurrence({ hour: 24 }) }), 400, 'WRONG_HOUR_VALUE');
    expectCode(
      await call('POST', url, a, { patientIds: [p], ...recurrence({ periodicity: 'yearly' }) }),
      400,
      'WRONG_PERIODICITY_TIME',
    );
    expectCode(
      await call('POST', url, a, { patientIds: [p], ...recurrence({ periodicity: 'days' }) }),
      400,
      'WRONG_PERIODICITY_TIME',
    );
    expectCode(
      await call('POST', url, a, {
        patientIds: [p],
        ...recurrence({ startDate: spDate(new Date(Date.now() - 2 * DAY)) }),
      }),
      400,
      'WRONG_START_DATE',
    );
    expectCode(
      await call('POST', `/quiz/schedule/bulk-insert/${randomUUID()}`, a, { patientIds: [p], ...recurrence() }),
      404,
      'QUIZ_NOT_FOUND',
    );
    expectCode(await call('POST', url, b, { patientIds: [p], ...recurrence() }), 404, 'QUIZ_NOT_FOUND');

    // Unknown and foreign patients are listed by position.
    const bQuiz = await newQuiz(b);
    const bPatient = (await call('POST', '/patient', b, { name: 'Paciente da Bia', email: 'pb@example.com' })).json()
      .id as string;
    const unknown = randomUUID();
    const res = await call('POST', url, a, { patientIds: [p, bPatient, unknown], ...recurrence() });
    expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
    expect(res.json().details.map((d: { path: string[] }) => d.path)).toEqual([
      ['patientIds', '1'],
      ['patientIds', '2'],
    ]);
    expectCode(
      await call('POST', `/quiz/schedule/bulk-insert/${bQuiz}`, b, { patientIds: [p], ...recurrence() }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );

    // Every other call answers a foreign quiz with 404.
    expectCode(await call('GET', `/quiz/schedule/bulk-insert/status/${quizId}`, b), 404, 'QUIZ_NOT_FOUND');
    expectCode(await call('GET', `/quiz/schedule/bulk-insert/status/not-a-uuid`, a), 400, 'WRONG_COMMAND_PARAMETERS');
    expectCode(await call('POST', `/quiz/schedule/acknowledge-bulk-process/${quizId}`, b), 404, 'QUIZ_NOT_FOUND');
    expectCode(await call('POST', `/quiz/schedule/bulk-reschedule/${quizId}`, b, recurrence()), 404, 'QUIZ_NOT_FOUND');
    expectCode(
      await call('DELETE', '/quiz/schedule/bulk-delete', b, { quizId, patientIds: [bPatient] }),
      404,
      'QUIZ_NOT_FOUND',
    );
    expectCode(
      await call('PATCH', '/quiz/schedule/bulk-change-active-state', b, {
        quizId,
        patientIds: [bPatient],
        enabled: false,
      }),
      404,
      'QUIZ_NOT_FOUND',
    );
    expectCode(
      await call('DELETE', '/quiz/schedule/bulk-delete', a, { quizId, patientIds: [bPatient] }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(
      await call('PATCH', '/quiz/schedule/bulk-change-active-state', a, { quizId, patientIds: [p] }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(
      await call('POST', `/quiz/schedule/bulk-reschedule/${quizId}`, a, { patientIds: [unknown], ...recurrence() }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );

    // A disabled quiz cannot be scheduled.
    expect((await call('DELETE', `/quiz/${quizId}`, a)).statusCode).toBeLessThan(300);
    expectCode(await call('POST', url, a, { patientIds: [p], ...recurrence() }), 400, 'QUIZ_NOT_ACTIVE');
    // Nothing was started by any of these.
    expect((await status(quizId)).state).toBe('idle');
  });

  it('runs one process per quiz at a time', async () => {
    const quizId = await newQuiz();
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push(await newPatient());
    const body = { patientIds: ids, ...recurrence() };
    // Concurrent starts: exactly one claims the quiz.
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, body)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([202, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expectCode(r, 409, 'BULK_PROCESS_IN_PROGRESS');
    // Another quiz is independent.
    const other = await newQuiz();
    const res = await call('POST', `/quiz/schedule/bulk-insert/${other}`, a, {
      patientIds: ids.slice(0, 2),
      ...recurrence(),
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await waitFinished(quizId)).toMatchObject({ state: 'done', total: 16, processed: 16, details: [] });
    expect(await waitFinished(other)).toMatchObject({ state: 'done', total: 2, processed: 2 });
    expect(await schedulesOf(quizId)).toHaveLength(16);
  });

  it('refuses every call but the status while a process is running', async () => {
    const quizId = await newQuiz();
    const p = await newPatient();
    const [proId] = (
      await t.database.pool.query<{ id: string }>("select id from professionals where email = 'ana@example.com'")
    ).rows.map((r) => r.id);
    // A process that is running (in another API process: this one's runner does not know it).
    const now = new Date();
    await t.database.db.insert(bulkProcesses).values({
      quizId,
      professionalId: proId!,
      kind: 'insert',
      state: 'processing',
      total: 1,
      processed: 0,
      payload: { patientIds: [p], recurrence: recurrence() },
      startedAt: now,
      updatedAt: now,
    });
    const busy = (res: Res) => expectCode(res, 409, 'BULK_PROCESS_IN_PROGRESS');
    busy(await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, { patientIds: [p], ...recurrence() }));
    busy(await call('POST', `/quiz/schedule/bulk-reschedule/${quizId}`, a, recurrence()));
    busy(await call('DELETE', '/quiz/schedule/bulk-delete', a, { quizId, patientIds: [p] }));
    busy(
      await call('PATCH', '/quiz/schedule/bulk-change-active-state', a, { quizId, patientIds: [p], enabled: false }),
    );
    busy(await call('POST', `/quiz/schedule/acknowledge-bulk-process/${quizId}`, a));
    expect(await status(quizId)).toMatchObject({ state: 'processing', kind: 'insert', total: 1, processed: 0 });
    // Once it has finished, a new one may start.
    await t.database.db
      .update(bulkProcesses)
      .set({ state: 'failed', finishedAt: new Date() })
      .where(eq(bulkProcesses.quizId, quizId));
    expect((await status(quizId)).state).toBe('failed');
    const res = await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, { patientIds: [p], ...recurrence() });
    expect(res.statusCode, res.body).toBe(202);
    expect(await waitFinished(quizId)).toMatchObject({
      state: 'done',
      kind: 'insert',
      total: 1,
      processed: 1,
      details: [],
    });
  });

  it('reschedules, disables, enables and deletes in bulk', async () => {
    const quizId = await newQuiz();
    const p1 = await newPatient();
    const p2 = await newPatient();
    const p3 = await newPatient();
    const notScheduled = await newPatient({ name: 'Elisa Sem Agendamento' });
    expect(
      (
        await call('POST', `/quiz/schedule/bulk-insert/${quizId}`, a, {
          patientIds: [p1, p2, p3],
          ...recurrence({ hour: 8 }),
        })
      ).statusCode,
    ).toBe(202);
    await waitFinished(quizId);
    const byPatient = new Map((await schedulesOf(quizId)).map((s) => [s.patientId, s]));

    // Reschedule without patientIds: every live schedule of the quiz.
    const rs = await call(
      'POST',
      `/quiz/schedule/bulk-reschedule/${quizId}`,
      a,
      recurrence({ hour: 18, periodicity: 'days', intervalDays: 7 }),
    );
    expect(rs.statusCode, rs.body).toBe(202);
    expect(rs.json()).toMatchObject({ kind: 'reschedule', total: 3 });
    expect(await waitFinished(quizId)).toMatchObject({ state: 'done', processed: 3, details: [] });
    for (const s of await schedulesOf(quizId)) {
      expect(s).toMatchObject({ hour: 18, id: byPatient.get(s.patientId)!.id });
      const reqs = await requestsOf(s.id);
      expect(reqs.filter((r) => r.status === 'scheduled')).toHaveLength(1);
      expect(reqs.filter((r) => r.status === 'cancelled')).toHaveLength(1);
      expect(new Date(reqs.find((r) => r.status === 'scheduled')!.dueAt).toISOString()).toBe(s.nextDueAt);
    }

    // Reschedule chosen patients: one has no schedule on this quiz.
    const rs2 = await call('POST', `/quiz/schedule/bulk-reschedule/${quizId}`, a, {
      patientIds: [p1, notScheduled],
      ...recurrence({ hour: 6 }),
    });
    expect(rs2.statusCode, rs2.body).toBe(202);
    expect((await waitFinished(quizId)).details).toEqual([
      {
        patientId: notScheduled,
        patientName: 'Elisa Sem Agendamento',
        application_error_code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
        message: expect.any(String),
      },
    ]);
    expect((await schedulesOf(quizId)).find((s) => s.patientId === p1)?.hour).toBe(6);

    // Disable two: their pending requests are cancelled.
    const off = await call('PATCH', '/quiz/schedule/bulk-change-active-state', a, {
      quizId,
      patientIds: [p1, p2, notScheduled],
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(202);
    expect(off.json()).toMatchObject({ kind: 'active-state', total: 3 });
    expect((await waitFinished(quizId)).details.map((d: { patientId: string }) => d.patientId)).toEqual([notScheduled]);
    let list = await schedulesOf(quizId);
    expect(
      list
        .filter((s) => !s.enabled)
        .map((s) => s.patientId)
        .sort(),
    ).toEqual([p1, p2].sort());
    for (const s of list.filter((x) => !x.enabled)) {
      expect(s.nextDueAt).toBeNull();
      expect((await requestsOf(s.id)).filter((r) => r.status === 'scheduled')).toHaveLength(0);
    }

    // Enable again: the next occurrence is back.
    expect(
      (await call('PATCH', '/quiz/schedule/bulk-change-active-state', a, { quizId, patientIds: [p1], enabled: true }))
        .statusCode,
    ).toBe(202);
    expect((await waitFinished(quizId)).details).toEqual([]);
    list = await schedulesOf(quizId);
    expect(list.find((s) => s.patientId === p1)).toMatchObject({ enabled: true, nextDueAt: expect.any(String) });

    // Delete two: gone from the list, their pending requests cancelled; a second delete reports them.
    const del = await call('DELETE', '/quiz/schedule/bulk-delete', a, { quizId, patientIds: [p1, p3] });
    expect(del.statusCode, del.body).toBe(202);
    expect(del.json()).toMatchObject({ kind: 'delete', total: 2 });
    expect((await waitFinished(quizId)).details).toEqual([]);
    list = await schedulesOf(quizId);
    expect(list.map((s) => s.patientId)).toEqual([p2]);
    const p1Requests = await requestsOf(byPatient.get(p1)!.id);
    expect(p1Requests.filter((r) => r.status === 'scheduled')).toHaveLength(0);
    const again = await call('DELETE', '/quiz/schedule/bulk-delete', a, { quizId, patientIds: [p1] });
    expect(again.statusCode).toBe(202);
    expect((await waitFinished(quizId)).details).toMatchObject([
      { patientId: p1, application_error_code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR' },
    ]);
  });

  it('gives the same rows and errors set-based as patient by patient', async () => {
    const ctx = { db: t.database.db, config: resolveConfig(testConfig(t.clock)) } as AppContext;
    const warnings: unknown[] = [];
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
      error: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger;
    const [proId] = (
      await t.database.pool.query<{ id: string }>("select id from professionals where email = 'ana@example.com'")
    ).rows.map((r) => r.id);
    const ids = [
      await newPatient({ name: 'Igual E-mail' }),
      await newPatient({ phone: true, name: 'Igual WhatsApp' }),
      await newPatient({ service: false, name: 'Igual Sem Serviço' }),
      await newPatient({ inactive: true, name: 'Igual Inativa' }),
      await newPatient({ name: 'Igual Substituída' }),
      await newPatient({ name: 'Igual Mesma Ocorrência' }),
    ];
    const quizzes = [await newQuiz(), await newQuiz()];
    const chunk = (quizId: string, patientIds: string[], setBased: boolean, rec: Record<string, unknown>) =>
      t.database.db.transaction((tx) =>
        runChunk(ctx, tx, {
          kind: 'insert',
          professionalId: proId!,
          quizId,
          patientIds,
          payload: { patientIds, recurrence: rec },
          budgetMs: 60_000,
          setBased,
          log,
        }),
      );
    const results = [];
    for (const [i, quizId] of quizzes.entries()) {
      const setBased = i === 0;
      // Live schedules to replace: one with another recurrence, one whose occurrence comes back (cancelled, then reused).
      await chunk(quizId, [ids[4]!], setBased, recurrence({ hour: 7 }));
      await chunk(quizId, [ids[5]!], setBased, recurrence({ hour: 10, periodicity: 'monthly', channel: 'email' }));
      results.push(await chunk(quizId, ids, setBased, recurrence({ hour: 10, periodicity: 'monthly' })));
    }
    expect(warnings).toEqual([]);
    expect(results[0]!.handled).toBe(6);
    expect(results[0]!.details).toEqual(results[1]!.details);
    expect(results[0]!.details.map((d) => d.application_error_code)).toEqual([
      'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
      'PATIENT_NOT_ACTIVE',
    ]);

    const snapshot = async (quizId: string) => {
      const schedules = await t.database.db.select().from(quizSchedules).where(eq(quizSchedules.quizId, quizId));
      const requests = await t.database.db.select().from(answerRequests).where(eq(answerRequests.quizId, quizId));
      const scheduleEvents = await t.database.db
        .select()
        .from(events)
        .where(sql`${events.payload}->>'quizId' = ${quizId} AND ${events.type} LIKE 'schedule.%'`);
      return schedules
        .map(({ id, quizId: _q, createdAt: _c, updatedAt: _u, ...rest }) => ({
          ...rest,
          // The same events (webhooks hear of each schedule either way), in the same order.
          events: scheduleEvents
            .filter((e) => e.payload.scheduleId === id)
            .sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime())
            .map((e) => `${e.type} ${e.payload.hour} ${e.payload.periodicity} ${e.payload.patientName}`),
          requests: requests
            .filter((r) => r.scheduleId === id)
            .map((r) => `${r.kind} ${r.status} ${r.dueAt.toISOString()} ${r.cancelledAt ? 'cancelled-at' : ''}`)
            .sort(),
        }))
        .sort((x, y) => x.patientId.localeCompare(y.patientId));
    };
    const [fast, slow] = [await snapshot(quizzes[0]!), await snapshot(quizzes[1]!)];
    expect(fast).toHaveLength(4);
    expect(fast).toEqual(slow);
    expect(fast.find((s) => s.patientId === ids[4])!.events).toEqual([
      'schedule.created 7 once Igual Substituída',
      'schedule.rescheduled 10 monthly Igual Substituída',
    ]);
    expect(fast.find((s) => s.patientId === ids[4])!.requests.filter((r) => r.includes('cancelled'))).toHaveLength(1);
  });

  it('redoes a failed set-based chunk patient by patient, and marks a process failed when its chunks keep failing', async () => {
    const ctx = { db: t.database.db, config: resolveConfig(testConfig(t.clock)) } as AppContext;
    const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
    const options = { ...runnerOptionsFromEnv({}), retryDelaysMs: [1, 1] };
    const [proId] = (
      await t.database.pool.query<{ id: string }>("select id from professionals where email = 'ana@example.com'")
    ).rows.map((r) => r.id);
    const ids = [await newPatient(), await newPatient()];
    const start = async (quizId: string) => {
      const now = new Date();
      await t.database.db.insert(bulkProcesses).values({
        quizId,
        professionalId: proId!,
        kind: 'insert',
        state: 'processing',
        total: ids.length,
        payload: { patientIds: ids.join(','), recurrence: recurrence() },
        startedAt: now,
        updatedAt: now,
      });
    };

    const recovering = await newQuiz();
    await start(recovering);
    const modes: boolean[] = [];
    const flaky = new BulkRunner(ctx, log, {
      options,
      chunk: async (c, tx, input) => {
        modes.push(input.setBased);
        if (input.setBased) throw new Error('set-based failure');
        return runChunk(c, tx, input);
      },
    });
    flaky.kick(recovering);
    await flaky.idle(recovering);
    expect(modes).toEqual([true, false]);
    expect(await status(recovering)).toMatchObject({ state: 'done', processed: 2, details: [] });
    expect(await schedulesOf(recovering)).toHaveLength(2);

    const doomed = await newQuiz();
    await start(doomed);
    let calls = 0;
    const broken = new BulkRunner(ctx, log, {
      options,
      chunk: async () => {
        calls++;
        throw new Error('database unreachable');
      },
    });
    broken.kick(doomed);
    await broken.idle(doomed);
    expect(calls).toBe(4); // set-based, patient by patient, then the two retries
    const failed = await status(doomed);
    expect(failed).toMatchObject({ state: 'failed', processed: 0, total: 2 });
    expect(failed.finishedAt).not.toBeNull();
    expect((await call('POST', `/quiz/schedule/acknowledge-bulk-process/${doomed}`, a)).json().state).toBe('idle');
  });

  it('resumes an unfinished process after the API process died', async () => {
    const quizId = await newQuiz();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await newPatient());
    const [proId] = (
      await t.database.pool.query<{ id: string }>("select id from professionals where email = 'ana@example.com'")
    ).rows.map((r) => r.id);
    // What a process leaves behind when it dies after its first chunk (2 patients: one failed).
    const startedAt = new Date(Date.now() - 5 * 60_000);
    await t.database.db.insert(bulkProcesses).values({
      quizId,
      professionalId: proId!,
      kind: 'insert',
      state: 'processing',
      total: 7,
      processed: 2,
      details: [
        {
          patientId: ids[1]!,
          patientName: 'Paciente',
          application_error_code: 'PATIENT_NOT_ACTIVE',
          message: 'Cliente inativo.',
        } as never,
      ],
      payload: { patientIds: ids, recurrence: recurrence() },
      startedAt,
      updatedAt: startedAt,
    });

    // A new API process on the same database picks it up.
    const app2 = buildApp({ db: t.database.db, mailer: t.mailbox, config: testConfig(t.clock) });
    await app2.ready();
    try {
      const done = await waitFinished(quizId, (opts) => app2.inject(opts));
      expect(done).toMatchObject({ state: 'done', total: 7, processed: 7 });
      expect(done.details).toHaveLength(1);
      expect(done.details[0]).toMatchObject({ patientId: ids[1] });
    } finally {
      await app2.close();
    }
    // Only the patients after the cursor were scheduled, each once.
    const rows = await t.database.db
      .select({ patientId: quizSchedules.patientId })
      .from(quizSchedules)
      .where(and(eq(quizSchedules.quizId, quizId), isNull(quizSchedules.deletedAt)));
    expect(rows.map((r) => r.patientId).sort()).toEqual(ids.slice(2).sort());
    const reqs = await t.database.db.select().from(answerRequests).where(eq(answerRequests.quizId, quizId));
    expect(reqs).toHaveLength(5);
  });
});
