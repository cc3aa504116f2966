import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerItems, answerRequests, answerRevisions, quizAnswers, quizSchedules } from '../src/db/schema.js';
import { createChannels } from '../src/delivery/channels.js';
import { deliverAnswerRequest } from '../src/delivery/deliver.js';
import { OutboxWhatsAppProvider } from '../src/delivery/whatsapp.js';
import { defaultCategoryId, defaultQuestionId } from '../src/question/library.js';
import { hashPin, pinEvaluations } from '../src/quiz-answer/pin.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

type Res = { statusCode: number; json(): any; body: string };
const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};
const MINUTE = 60 * 1000;
const q = defaultQuestionId;

describe.each(backends)('answering a quiz on $name', (backend) => {
  let t: TestApp;
  let pro: string; // the professional's session
  let proId: string;
  let other: string; // another professional
  let otherId: string;
  let keySeq = 0;
  const key = () => `key-${++keySeq}-${Math.random().toString(36).slice(2)}`;

  const api = (method: string, url: string, token?: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  async function createQuiz(
    token: string,
    chosenQuestions: { id: string; subquestions?: { id: string }[]; enabled?: boolean }[],
    extra = {},
  ) {
    const res = await api('POST', '/quiz', token, {
      title: 'Acompanhamento semanal',
      description: 'Conte como foi a sua semana.',
      folder: { title: 'Olá!', subtitle: 'Leva 3 minutos', buttonTitle: 'Começar' },
      chosenQuestions,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  let patientSeq = 0;
  async function createPatient(token: string) {
    const res = await api('POST', '/patient', token, {
      name: `Paciente ${++patientSeq}`,
      email: `p${patientSeq}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /** A schedule with one answer request already sent, and its PIN (set up in the database, like delivery does). */
  async function scheduleSent(
    quizId: string,
    opts: { pin?: string; professionalId?: string; token?: string; status?: 'sent' | 'scheduled' | 'cancelled' } = {},
  ) {
    const pin = opts.pin ?? '482915';
    const professionalId = opts.professionalId ?? proId;
    const patientId = await createPatient(opts.token ?? pro);
    const now = t.clock.now();
    const [schedule] = await t.database.db
      .insert(quizSchedules)
      .values({
        professionalId,
        quizId,
        patientId,
        startDate: now.toISOString().slice(0, 10),
        hour: 9,
        periodicity: 'once',
        channel: 'email',
        pinHash: hashPin(pin),
      })
      .returning();
    const request = await addRequest(schedule!.id, opts.status ?? 'sent');
    return { scheduleId: schedule!.id, requestId: request, pin, patientId };
  }

  async function addRequest(
    scheduleId: string,
    status: 'sent' | 'scheduled' | 'cancelled' | 'answered' = 'sent',
    ageMs = 0,
  ) {
    const [s] = await t.database.db.select().from(quizSchedules).where(eq(quizSchedules.id, scheduleId));
    const at = new Date(t.clock.now().getTime() - ageMs);
    const [r] = await t.database.db
      .insert(answerRequests)
      .values({
        scheduleId,
        professionalId: s!.professionalId,
        patientId: s!.patientId,
        quizId: s!.quizId,
        kind: 'now',
        dueAt: at,
        status,
        sentAt: status === 'scheduled' ? null : at,
        attempts: status === 'scheduled' ? 0 : 1,
        cancelledAt: status === 'cancelled' ? at : null,
      })
      .returning();
    return r!.id;
  }

  async function tokenFor(scheduleId: string, pin = '482915') {
    const res = await api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: scheduleId, pin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  const save = (token: string, quizAnswerId: string, body: Record<string, unknown>) =>
    api('PUT', `/quiz-answer/${quizAnswerId}`, token, { idempotencyKey: key(), ...body });
  const answer = (token: string, quizAnswerId: string, questionId: string, value: unknown, parentQuestionId?: string) =>
    save(token, quizAnswerId, { answer: { questionId, value, ...(parentQuestionId ? { parentQuestionId } : {}) } });

  beforeAll(async () => {
    t = await createTestApp(backend);
    pro = await t.signUp('nutri@example.com');
    proId = decodeJwt(pro).sub!;
    other = await t.signUp('outra@example.com');
    otherId = decodeJwt(other).sub!;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('PIN', () => {
    let quizId: string;
    beforeAll(async () => {
      quizId = await createQuiz(pro, [{ id: q('peso') }]);
    });

    it('gives a 2-hour token scoped to one schedule for the right PIN, and refuses everything else', async () => {
      const s = await scheduleSent(quizId);
      const s2 = await scheduleSent(quizId);
      const bad = await api('POST', '/quiz-answer/validate-pin', undefined, {
        quizScheduleId: s.scheduleId,
        pin: '12ab',
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expectCode(
        await api('POST', '/quiz-answer/validate-pin', undefined, {
          quizScheduleId: '00000000-0000-4000-8000-000000000000',
          pin: '123456',
        }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );

      const ok = await api('POST', '/quiz-answer/validate-pin', undefined, {
        quizScheduleId: s.scheduleId,
        pin: s.pin,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const { token, expiresAt } = ok.json();
      expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThan(119 * MINUTE);
      expect(decodeJwt(token)).toMatchObject({ sub: s.scheduleId, scope: 'survey' });

      expect((await api('GET', `/quiz-answer/${s.scheduleId}`, token)).statusCode).toBe(200);
      // Another link's state with this token; the professional's session; no token at all.
      expectCode(await api('GET', `/quiz-answer/${s2.scheduleId}`, token), 403, 'NOT_OWNER');
      expectCode(await api('GET', `/quiz-answer/${s.scheduleId}`, pro), 401, 'INVALID_JWT');
      expectCode(await api('GET', `/quiz-answer/${s.scheduleId}`), 401, 'Unauthorized');
      // A survey token opens nothing of the professional's.
      expectCode(await api('GET', '/patient', token), 401, 'INVALID_JWT');

      t.clock.advance(2 * 60 * MINUTE + 1000);
      try {
        expectCode(await api('GET', `/quiz-answer/${s.scheduleId}`, token), 401, 'INVALID_JWT');
      } finally {
        t.clock.reset();
      }

      // A deleted schedule is gone for the patient.
      await t.database.db
        .update(quizSchedules)
        .set({ deletedAt: t.clock.now() })
        .where(eq(quizSchedules.id, s2.scheduleId));
      expectCode(
        await api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: s2.scheduleId, pin: s2.pin }),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
    });

    it('counts wrong PINs per link, locks for 15 minutes on the 5th, and resets on the right one', async () => {
      const s = await scheduleSent(quizId, { pin: '000123' });
      const neighbour = await scheduleSent(quizId, { pin: '000123' });
      const guess = (scheduleId: string, pin: string) =>
        api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: scheduleId, pin });

      for (const remaining of [4, 3]) {
        const r = await guess(s.scheduleId, '999999');
        expectCode(r, 400, 'WRONG_PIN');
        expect(r.json().details).toEqual({ remainingAttempts: remaining });
      }
      // The right PIN resets the count.
      expect((await guess(s.scheduleId, '000123')).statusCode).toBe(200);
      expect((await guess(s.scheduleId, '999999')).json().details).toEqual({ remainingAttempts: 4 });
      for (const remaining of [3, 2, 1])
        expect((await guess(s.scheduleId, '111111')).json().details).toEqual({ remainingAttempts: remaining });
      const locking = await guess(s.scheduleId, '222222');
      expectCode(locking, 423, 'PIN_LOCKED');
      const lockedUntil = new Date(locking.json().details.lockedUntil).getTime();
      expect(lockedUntil - t.clock.now().getTime()).toBeGreaterThan(14 * MINUTE);
      expect(lockedUntil - t.clock.now().getTime()).toBeLessThanOrEqual(15 * MINUTE);
      expect(locking.json().message).toMatch(/Tente novamente às \d\d:\d\d/);

      // Locked: even the right PIN is refused; the other link is not affected.
      expectCode(await guess(s.scheduleId, '000123'), 423, 'PIN_LOCKED');
      expect((await guess(neighbour.scheduleId, '000123')).statusCode).toBe(200);

      try {
        t.clock.advance(14 * MINUTE);
        expectCode(await guess(s.scheduleId, '000123'), 423, 'PIN_LOCKED');
        t.clock.advance(61 * 1000);
        // The lock ran out: a new count starts (a wrong one leaves 4), and the right one works.
        expect((await guess(s.scheduleId, '999999')).json().details).toEqual({ remainingAttempts: 4 });
        expect((await guess(s.scheduleId, '000123')).statusCode).toBe(200);
      } finally {
        t.clock.reset();
      }
      const [row] = await t.database.db.select().from(quizSchedules).where(eq(quizSchedules.id, s.scheduleId));
      expect(row).toMatchObject({ pinFailedAttempts: 0, pinLockedUntil: null });
    });

    it('evaluates at most 5 of 1,000 wrong guesses sent 50 at a time, then accepts the right PIN only after 15 minutes', async () => {
      const s = await scheduleSent(quizId, { pin: '735194' });
      const before = pinEvaluations.count;
      const statuses = new Map<string, number>();
      let n = 0;
      for (let batch = 0; batch < 20; batch++) {
        const results = await Promise.all(
          Array.from({ length: 50 }, () => {
            let pin = String(n++).padStart(6, '0');
            if (pin === '735194') pin = '999999';
            return api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: s.scheduleId, pin });
          }),
        );
        for (const r of results) {
          const code = `${r.statusCode} ${r.json().application_error_code}`;
          statuses.set(code, (statuses.get(code) ?? 0) + 1);
        }
      }
      const evaluated = pinEvaluations.count - before;
      expect(evaluated).toBeLessThanOrEqual(5);
      expect(evaluated).toBe(5);
      expect(statuses.get('400 WRONG_PIN')).toBe(4);
      expect(statuses.get('423 PIN_LOCKED')).toBe(996);
      expect([...statuses.keys()].sort()).toEqual(['400 WRONG_PIN', '423 PIN_LOCKED']);
      const [row] = await t.database.db.select().from(quizSchedules).where(eq(quizSchedules.id, s.scheduleId));
      expect(row!.pinFailedAttempts).toBe(5);

      // Locked: the right PIN is refused without being evaluated.
      expectCode(
        await api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: s.scheduleId, pin: s.pin }),
        423,
        'PIN_LOCKED',
      );
      expect(pinEvaluations.count - before).toBe(5);
      try {
        t.clock.advance(15 * MINUTE + 1000);
        const ok = await api('POST', '/quiz-answer/validate-pin', undefined, {
          quizScheduleId: s.scheduleId,
          pin: s.pin,
        });
        expect(ok.statusCode, ok.body).toBe(200);
      } finally {
        t.clock.reset();
      }
    });
  });

  describe('survey state', () => {
    it('shows nothing pending, then the sent request, its cover, appearance and flow; then answered', async () => {
      const appearance = await api('POST', '/quiz/my/appearance', pro, {
        name: 'Verde',
        subtitle: 'Nutricionista esportiva',
        forwardText: 'Avançar',
      });
      expect(appearance.statusCode, appearance.body).toBe(201);
      const quizId = await createQuiz(
        pro,
        [
          { id: q('vontade'), subquestions: [{ id: q('qual-alimento') }] },
          { id: q('sono-qualidade'), enabled: false },
          { id: q('peso') },
        ],
        { appearanceId: appearance.json().id },
      );
      const s = await scheduleSent(quizId, { status: 'scheduled' });
      const token = await tokenFor(s.scheduleId);
      const empty = await api('GET', `/quiz-answer/${s.scheduleId}`, token);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({
        state: 'nothing-pending',
        answerRequestId: null,
        quizAnswerId: null,
        next: null,
        answers: [],
      });

      await t.database.db
        .update(answerRequests)
        .set({ status: 'sent', sentAt: t.clock.now() })
        .where(eq(answerRequests.id, s.requestId));
      const open = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(open).toMatchObject({
        quizScheduleId: s.scheduleId,
        state: 'open',
        answerRequestId: s.requestId,
        quizAnswerId: null,
        quiz: { id: quizId, title: 'Acompanhamento semanal', description: 'Conte como foi a sua semana.' },
        professionalName: 'Maria Teste',
        folder: {
          title: 'Olá!',
          subtitle: 'Leva 3 minutos',
          buttonTitle: 'Começar',
          image: null,
          buttonColors: { background: null, text: null },
        },
        appearance: { id: appearance.json().id, subtitle: 'Nutricionista esportiva', forwardText: 'Avançar' },
        answers: [],
        next: { questionId: q('vontade'), parentQuestionId: null },
        finishedAt: null,
      });
      // Disabled questions are not asked; sub-questions come with the alternative that opens them.
      expect(open.questions.map((x: { questionId: string }) => x.questionId)).toEqual([q('vontade'), q('peso')]);
      expect(open.questions[0]).toMatchObject({
        type: 'multiple-choice',
        title: 'Você teve vontade intensa de comer algum alimento específico?',
        subQuestions: [
          {
            questionId: q('qual-alimento'),
            alternativeId: 'a1',
            type: 'free-field',
            title: 'Qual alimento?',
            config: { multiline: false, maxLength: 200 },
          },
        ],
      });
      expect(open.questions[1]).toMatchObject({
        type: 'metrics',
        config: { unit: 'kg', decimals: 1, min: 20, max: 350 },
        subQuestions: [],
      });

      const start = await api('POST', '/quiz-answer', token, {
        quizScheduleId: s.scheduleId,
        answerRequestId: s.requestId,
      });
      const qaId = start.json().quizAnswerId;
      expect(
        (await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a2'] })).statusCode,
      ).toBe(200);
      expect(
        (
          await save(token, qaId, {
            answer: { questionId: q('peso'), value: { type: 'metrics', value: 70 } },
            finish: true,
          })
        ).statusCode,
      ).toBe(200);
      const answered = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(answered).toMatchObject({
        state: 'answered',
        answerRequestId: s.requestId,
        quizAnswerId: qaId,
        next: null,
      });
      expect(answered.answers).toHaveLength(2);
      expect(answered.finishedAt).toBeTruthy();
    });

    it('shows who sent the link before the PIN: her name and look, nothing of the patient; 404 for an unknown link', async () => {
      const appearance = await api('POST', '/quiz/my/appearance', pro, {
        name: 'Marca interna',
        subtitle: 'Nutricionista clínica',
        forwardText: 'Seguir',
        colorScheme: { header: { background: '#0B3D2E', text: '#FFFFFF', icon: '#FFFFFF', iconBackground: '#14532D' } },
      });
      expect(appearance.statusCode, appearance.body).toBe(201);
      const quizId = await createQuiz(pro, [{ id: q('peso') }], { appearanceId: appearance.json().id });
      const s = await scheduleSent(quizId);
      const res = await api('GET', `/quiz-answer/${s.scheduleId}/brand`);
      expect(res.statusCode, res.body).toBe(200);
      const brand = res.json();
      expect(Object.keys(brand).sort()).toEqual([
        'colorScheme',
        'forwardText',
        'professionalName',
        'profilePic',
        'subtitle',
      ]);
      expect(brand).toMatchObject({
        professionalName: 'Maria Teste',
        subtitle: 'Nutricionista clínica',
        forwardText: 'Seguir',
        profilePic: null,
        colorScheme: { header: { background: '#0B3D2E' } },
      });
      // Nothing of the patient, the quiz or the appearance's internal name.
      expect(res.body).not.toContain('Paciente');
      expect(res.body).not.toContain('Marca interna');
      expect(res.body).not.toContain(s.patientId);
      expect(res.body).not.toContain('Acompanhamento semanal');

      // No appearance at all: the built-in look with the default subtitle and label.
      const plain = await scheduleSent(await createQuiz(other, [{ id: q('peso') }]), {
        professionalId: otherId,
        token: other,
      });
      expect((await api('GET', `/quiz-answer/${plain.scheduleId}/brand`)).json()).toMatchObject({
        subtitle: 'Nutricionista',
        forwardText: 'Prosseguir',
      });

      expectCode(
        await api('GET', '/quiz-answer/00000000-0000-4000-8000-000000000000/brand'),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(await api('GET', '/quiz-answer/not-a-uuid/brand'), 400, 'WRONG_COMMAND_PARAMETERS');
      await t.database.db
        .update(quizSchedules)
        .set({ deletedAt: t.clock.now() })
        .where(eq(quizSchedules.id, s.scheduleId));
      expectCode(await api('GET', `/quiz-answer/${s.scheduleId}/brand`), 404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    });

    it('works on the oldest started request, else the newest sent one', async () => {
      const quizId = await createQuiz(pro, [{ id: q('peso') }, { id: q('cintura') }]);
      const s = await scheduleSent(quizId);
      // s.requestId is "now"; add an older and a newer sent request.
      const older = await addRequest(s.scheduleId, 'sent', 3 * 24 * 60 * MINUTE);
      const token = await tokenFor(s.scheduleId);
      const newest = await addRequest(s.scheduleId, 'sent', -MINUTE);
      expect((await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json().answerRequestId).toBe(newest);
      const started = await api('POST', '/quiz-answer', token, {
        quizScheduleId: s.scheduleId,
        answerRequestId: older,
      });
      expect(started.statusCode).toBe(201);
      const state = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(state).toMatchObject({ answerRequestId: older, quizAnswerId: started.json().quizAnswerId });
    });
  });

  describe('answering every question type', () => {
    let quizId: string;
    let s: Awaited<ReturnType<typeof scheduleSent>>;
    let token: string;
    let qaId: string;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(60, 1)]);
    let fileKey: string;

    beforeAll(async () => {
      quizId = await createQuiz(pro, [
        { id: q('vontade'), subquestions: [{ id: q('qual-alimento') }] },
        { id: q('sintomas') },
        { id: q('sono-qualidade') },
        { id: q('adesao-likert') },
        { id: q('semana') },
        { id: q('foto-corpo') },
        { id: q('peso') },
      ]);
      s = await scheduleSent(quizId);
      token = await tokenFor(s.scheduleId);
    });

    it("starts once (201, then 200 with the same answer) and refuses what is not this link's", async () => {
      expectCode(
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId, x: 1 }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      const first = await api('POST', '/quiz-answer', token, {
        quizScheduleId: s.scheduleId,
        answerRequestId: s.requestId,
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        status: 'in_progress',
        answers: [],
        next: { questionId: q('vontade'), parentQuestionId: null },
        finishedAt: null,
      });
      qaId = first.json().quizAnswerId;
      const again = await api('POST', '/quiz-answer', token, {
        quizScheduleId: s.scheduleId,
        answerRequestId: s.requestId,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().quizAnswerId).toBe(qaId);
      expect(
        await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.answerRequestId, s.requestId)),
      ).toHaveLength(1);

      const elsewhere = await scheduleSent(quizId);
      expectCode(
        await api('POST', '/quiz-answer', token, {
          quizScheduleId: elsewhere.scheduleId,
          answerRequestId: elsewhere.requestId,
        }),
        403,
        'NOT_OWNER',
      );
      expectCode(
        await api('POST', '/quiz-answer', token, {
          quizScheduleId: s.scheduleId,
          answerRequestId: elsewhere.requestId,
        }),
        404,
        'SCHEDULE_NOT_FOUND_ERROR',
      );
      const scheduled = await addRequest(s.scheduleId, 'scheduled', -60 * MINUTE);
      expectCode(
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: scheduled }),
        404,
        'SCHEDULE_NOT_FOUND_ERROR',
      );
      const cancelled = await addRequest(s.scheduleId, 'cancelled', MINUTE);
      expectCode(
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: cancelled }),
        409,
        'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR',
      );
      // Another link's answer is not found with this token.
      const elsewhereToken = await tokenFor(elsewhere.scheduleId);
      expectCode(
        await answer(elsewhereToken, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a1'] }),
        404,
        'QUIZ_ANSWER_NOT_FOUND_ERROR',
      );
      expectCode(
        await answer(token, '00000000-0000-4000-8000-000000000000', q('vontade'), {
          type: 'multiple-choice',
          alternativeIds: ['a1'],
        }),
        404,
        'QUIZ_ANSWER_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('PUT', `/quiz-answer/${qaId}`, token, { idempotencyKey: key() }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(
        await api('PUT', `/quiz-answer/${qaId}`, token, { idempotencyKey: 'short', finish: true }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });

    it('multiple choice with a sub-question: order, alternatives and the sub-question sequence', async () => {
      // Not the next question; not in the flow at all; finishing early.
      expectCode(await answer(token, qaId, q('peso'), { type: 'metrics', value: 70 }), 409, 'WRONG_ANSWER_ORDER');
      const notInFlow = await answer(token, qaId, q('glicemia'), { type: 'metrics', value: 90 });
      expectCode(notInFlow, 400, 'NOT_EXPECTED_ANSWER_ERROR');
      const early = await save(token, qaId, { finish: true });
      expectCode(early, 409, 'WRONG_ANSWER_ORDER');
      expect(early.json().details).toEqual({ next: { questionId: q('vontade'), parentQuestionId: null } });
      // The sub-question before its parent.
      expectCode(
        await answer(token, qaId, q('qual-alimento'), { type: 'free-field', text: 'Chocolate' }, q('vontade')),
        409,
        'WRONG_ANSWER_ORDER',
      );
      // A sub-question without its parent is not a flow question.
      expectCode(
        await answer(token, qaId, q('qual-alimento'), { type: 'free-field', text: 'Chocolate' }),
        400,
        'NOT_EXPECTED_ANSWER_ERROR',
      );
      // Value checks.
      expectCode(
        await answer(token, qaId, q('vontade'), { type: 'linear-scale', value: 1 }),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      const unknownAlt = await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a9'] });
      expectCode(unknownAlt, 400, 'ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION');
      expect(unknownAlt.json().details).toMatchObject({ ids: ['a9'] });
      expectCode(
        await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a1', 'a2'] }),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      expectCode(
        await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: [] }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );

      const yes = await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a1'] });
      expect(yes.statusCode, yes.body).toBe(200);
      expect(yes.json().next).toEqual({ questionId: q('qual-alimento'), parentQuestionId: q('vontade') });
      expectCode(
        await answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a2'] }),
        409,
        'ANSWER_ALREADY_REGISTERED',
      );
      expectCode(
        await answer(token, qaId, q('sintomas'), { type: 'multiple-choice', alternativeIds: ['a1'] }),
        409,
        'WRONG_ANSWER_ORDER',
      );
      expectCode(
        await answer(token, qaId, q('qual-alimento'), { type: 'free-field', text: 'Chocolate' }, q('sintomas')),
        400,
        'NOT_EXPECTED_ANSWER_ERROR',
      );
      const sub = await answer(
        token,
        qaId,
        q('qual-alimento'),
        { type: 'free-field', text: '  Chocolate  ' },
        q('vontade'),
      );
      expect(sub.statusCode, sub.body).toBe(200);
      expect(sub.json().answers[1]).toMatchObject({
        questionId: q('qual-alimento'),
        parentQuestionId: q('vontade'),
        value: { type: 'free-field', text: 'Chocolate' },
      });
      expect(sub.json().next).toEqual({ questionId: q('sintomas'), parentQuestionId: null });
      // Several alternatives where allowed.
      const many = await answer(token, qaId, q('sintomas'), { type: 'multiple-choice', alternativeIds: ['a1', 'a2'] });
      expect(many.statusCode, many.body).toBe(200);
    });

    it('linear scale, Likert, free field: bounds and shapes', async () => {
      expectCode(
        await answer(token, qaId, q('sono-qualidade'), { type: 'linear-scale', value: 6 }),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      expectCode(
        await answer(token, qaId, q('sono-qualidade'), { type: 'linear-scale', value: 0 }),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      expectCode(
        await answer(token, qaId, q('sono-qualidade'), { type: 'linear-scale', value: 2.5 }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expect((await answer(token, qaId, q('sono-qualidade'), { type: 'linear-scale', value: 4 })).statusCode).toBe(200);

      const likert = (levels: Record<string, string>) =>
        answer(token, qaId, q('adesao-likert'), { type: 'likert-scale', levels });
      expectCode(await likert({ s1: 'l4', s2: 'l3', s3: 'l5' }), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await likert({ s1: 'l4', s2: 'l3', s3: 'l5', s9: 'l1' }), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(
        await likert({ s1: 'l4', s2: 'l3', s3: 'l5', s4: 'l9' }),
        400,
        'ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION',
      );
      expect((await likert({ s4: 'l5', s1: 'l4', s2: 'l3', s3: 'l5' })).statusCode).toBe(200);

      const free = (text: string) => answer(token, qaId, q('semana'), { type: 'free-field', text });
      expectCode(await free('   '), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await free('x'.repeat(2001)), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expect((await free('Foi boa.\nDormi melhor.')).statusCode).toBe(200);
    });

    it('resumes: the state returns the answers so far and the next question', async () => {
      const state = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(state).toMatchObject({
        state: 'open',
        quizAnswerId: qaId,
        next: { questionId: q('foto-corpo'), parentQuestionId: null },
      });
      expect(state.answers.map((a: { questionId: string }) => a.questionId)).toEqual([
        q('vontade'),
        q('qual-alimento'),
        q('sintomas'),
        q('sono-qualidade'),
        q('adesao-likert'),
        q('semana'),
      ]);
      expect(state.answers[4].value).toEqual({
        type: 'likert-scale',
        levels: { s1: 'l4', s2: 'l3', s3: 'l5', s4: 'l5' },
      });
    });

    it('file upload through a survey-signed URL, checked against the question', async () => {
      const sign = (body: Record<string, unknown>, tk = token) => api('POST', '/file/signed-url', tk, body);
      expectCode(
        await sign({ key: 'foto.png', contentType: 'image/png', contentSize: png.length }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      const pdf = await sign({
        key: 'foto.pdf',
        contentType: 'application/pdf',
        contentSize: 100,
        questionId: q('foto-corpo'),
      });
      expectCode(pdf, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(pdf.json().details[0].path).toEqual(['contentType']);
      const big = await sign({
        key: 'foto.png',
        contentType: 'image/png',
        contentSize: 11 * 1024 * 1024,
        questionId: q('foto-corpo'),
      });
      expectCode(big, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(big.json().details[0].path).toEqual(['contentSize']);
      expectCode(
        await sign({ key: 'x.png', contentType: 'image/png', contentSize: 10, questionId: q('peso') }),
        400,
        'NOT_EXPECTED_ANSWER_ERROR',
      );

      const signed = await sign({
        key: 'foto frente.png',
        contentType: 'image/png',
        contentSize: png.length,
        questionId: q('foto-corpo'),
      });
      expect(signed.statusCode, signed.body).toBe(200);
      fileKey = signed.json().key;
      expect(fileKey.startsWith(`${proId}_`)).toBe(true);
      const up = await t.call({
        method: 'PUT',
        url: new URL(signed.json().uploadData.url).pathname,
        payload: png,
        headers: { 'content-type': 'image/png' },
      });
      expect(up.statusCode, up.body).toBe(200);

      const file = (over: Record<string, unknown> = {}) => ({
        key: fileKey,
        name: 'foto frente.png',
        contentType: 'image/png',
        size: png.length,
        ...over,
      });
      const upload = (files: unknown[]) => answer(token, qaId, q('foto-corpo'), { type: 'file-upload', files });
      // Another professional's file, a type the question refuses, too large, repeated.
      const foreign = (
        await api('POST', '/file/signed-url', other, { key: 'a.png', contentType: 'image/png', contentSize: 10 })
      ).json().key;
      expect(foreign.startsWith(`${otherId}_`)).toBe(true);
      expectCode(await upload([file({ key: foreign })]), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await upload([file({ contentType: 'application/pdf' })]), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await upload([file({ size: 10 * 1024 * 1024 + 1 })]), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await upload([file(), file()]), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await upload([]), 400, 'WRONG_COMMAND_PARAMETERS');
      const ok = await upload([file()]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().next).toEqual({ questionId: q('peso'), parentQuestionId: null });
      // The professional reads the file.
      const got = await t.call({
        method: 'GET',
        url: `/api/file/${fileKey}`,
        headers: { authorization: `Bearer ${pro}` },
      });
      expect((await t.call({ method: 'GET', url: `/api/file/${fileKey}` })).statusCode).toBe(404);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(png)).toBe(true);
    });

    it('metrics: bounds and decimals; a retried save is stored once; finishing happens exactly once', async () => {
      const metric = (value: number) => answer(token, qaId, q('peso'), { type: 'metrics', value });
      expectCode(await metric(72.55), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await metric(19.9), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');
      expectCode(await metric(350.1), 400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION');

      // The same request three times (twice at once): one answer stored, the same result each time.
      const body = {
        idempotencyKey: 'retry-peso-0001',
        answer: { questionId: q('peso'), value: { type: 'metrics', value: 72.5 } },
      };
      const [a, b] = await Promise.all([
        api('PUT', `/quiz-answer/${qaId}`, token, body),
        api('PUT', `/quiz-answer/${qaId}`, token, body),
      ]);
      const c = await api('PUT', `/quiz-answer/${qaId}`, token, body);
      for (const r of [a, b, c]) expect(r.statusCode, r.body).toBe(200);
      expect(b.json()).toEqual(a.json());
      expect(c.json()).toEqual(a.json());
      expect(a.json().next).toBeNull();
      const stored = await t.database.db
        .select()
        .from(answerItems)
        .where(and(eq(answerItems.quizAnswerId, qaId), eq(answerItems.questionId, q('peso'))));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.value).toEqual({ type: 'metrics', value: 72.5 });
      expect(await t.database.db.select().from(answerItems).where(eq(answerItems.quizAnswerId, qaId))).toHaveLength(8);

      // Two different finishes at once: exactly one wins.
      const fin = (k: string) => api('PUT', `/quiz-answer/${qaId}`, token, { idempotencyKey: k, finish: true });
      const results = await Promise.all([fin('finish-key-aaaa'), fin('finish-key-bbbb')]);
      const winner = results.find((r) => r.statusCode === 200)!;
      const loser = results.find((r) => r.statusCode !== 200)!;
      expect(winner.json()).toMatchObject({ status: 'finished', next: null });
      expect(winner.json().finishedAt).toBeTruthy();
      expectCode(loser, 409, 'QUIZ_ALREADY_ANSWERED');
      const winnerKey = results[0] === winner ? 'finish-key-aaaa' : 'finish-key-bbbb';
      // Retrying the finish with its own key answers the same; with another key, or any answer after finishing, is refused.
      const retried = await fin(winnerKey);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual(winner.json());
      expectCode(await fin('finish-key-cccc'), 409, 'QUIZ_ALREADY_ANSWERED');
      expectCode(await answer(token, qaId, q('peso'), { type: 'metrics', value: 80 }), 409, 'QUIZ_ALREADY_ANSWERED');
      // Retrying the last answer's request still answers (it was stored before finishing).
      expect((await api('PUT', `/quiz-answer/${qaId}`, token, body)).statusCode).toBe(200);
      expectCode(
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId }),
        409,
        'QUIZ_ALREADY_ANSWERED',
      );

      const [qa] = await t.database.db.select().from(quizAnswers).where(eq(quizAnswers.id, qaId));
      expect(qa).toMatchObject({ status: 'finished' });
      expect(qa!.finishedAt?.toISOString()).toBe(winner.json().finishedAt);
      const [request] = await t.database.db.select().from(answerRequests).where(eq(answerRequests.id, s.requestId));
      expect(request).toMatchObject({ status: 'answered' });
      expect(request!.answeredAt).toBeTruthy();
      const revisions = await t.database.db
        .select()
        .from(answerRevisions)
        .where(eq(answerRevisions.quizAnswerId, qaId));
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({
        status: 'pending',
        professionalId: proId,
        patientId: s.patientId,
        quizId,
        scheduleId: s.scheduleId,
      });
    });
  });

  describe('sub-question sequence', () => {
    let parentId: string;
    let quizId: string;
    beforeAll(async () => {
      // Alternatives A (opens água and energia) and B (opens dúvidas); the quiz chooses água and dúvidas only.
      const created = await api('POST', '/question', pro, {
        title: 'O que você mudou nesta semana?',
        categoryId: defaultCategoryId('geral'),
        type: 'multiple-choice',
        config: {
          allowMultiple: true,
          alternatives: [
            { id: 'b', label: 'Horários', order: 1, subQuestionIds: [q('duvidas')] },
            { id: 'a', label: 'Alimentação', order: 0, subQuestionIds: [q('agua'), q('energia')] },
            { id: 'c', label: 'Nada', order: 2, subQuestionIds: [] },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      parentId = created.json().id;
      quizId = await createQuiz(pro, [
        { id: parentId, subquestions: [{ id: q('duvidas') }, { id: q('agua') }] },
        { id: q('energia') },
      ]);
    });

    it("asks the chosen alternatives' sub-questions in alternative order, only those the quiz chose", async () => {
      const s = await scheduleSent(quizId);
      const token = await tokenFor(s.scheduleId);
      const state = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(
        state.questions[0].subQuestions.map((x: { questionId: string; alternativeId: string }) => [
          x.alternativeId,
          x.questionId,
        ]),
      ).toEqual([
        ['a', q('agua')],
        ['b', q('duvidas')],
      ]);
      const qaId = (
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId })
      ).json().quizAnswerId;
      const both = await answer(token, qaId, parentId, { type: 'multiple-choice', alternativeIds: ['b', 'a'] });
      expect(both.json().next).toEqual({ questionId: q('agua'), parentQuestionId: parentId });
      // energia is offered by alternative a but the quiz did not choose it as a sub-question.
      expectCode(
        await answer(token, qaId, q('energia'), { type: 'linear-scale', value: 3 }, parentId),
        400,
        'NOT_EXPECTED_ANSWER_ERROR',
      );
      expectCode(
        await answer(token, qaId, q('duvidas'), { type: 'free-field', text: 'Nenhuma' }, parentId),
        409,
        'WRONG_ANSWER_ORDER',
      );
      expectCode(
        await answer(token, qaId, q('agua'), { type: 'metrics', value: 2.55 }, parentId),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      expect((await answer(token, qaId, q('agua'), { type: 'metrics', value: 2.5 }, parentId)).json().next).toEqual({
        questionId: q('duvidas'),
        parentQuestionId: parentId,
      });
      expect(
        (
          await answer(token, qaId, q('duvidas'), { type: 'free-field', text: 'Posso trocar o jantar?' }, parentId)
        ).json().next,
      ).toEqual({
        questionId: q('energia'),
        parentQuestionId: null,
      });
      const done = await save(token, qaId, {
        answer: { questionId: q('energia'), value: { type: 'linear-scale', value: 3 } },
        finish: true,
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ status: 'finished', next: null });
      expect(
        done
          .json()
          .answers.map((x: { questionId: string; parentQuestionId: string | null }) => [
            x.questionId,
            x.parentQuestionId,
          ]),
      ).toEqual([
        [parentId, null],
        [q('agua'), parentId],
        [q('duvidas'), parentId],
        [q('energia'), null],
      ]);
    });

    it('refuses sub-answers the chosen alternative does not open', async () => {
      const s = await scheduleSent(quizId);
      const token = await tokenFor(s.scheduleId);
      const qaId = (
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId })
      ).json().quizAnswerId;
      const onlyB = await answer(token, qaId, parentId, { type: 'multiple-choice', alternativeIds: ['b'] });
      expect(onlyB.json().next).toEqual({ questionId: q('duvidas'), parentQuestionId: parentId });
      expectCode(
        await answer(token, qaId, q('agua'), { type: 'metrics', value: 2 }, parentId),
        400,
        'INVALID_ALTERNATIVE_SUB_QUESTION',
      );

      const s2 = await scheduleSent(quizId);
      const token2 = await tokenFor(s2.scheduleId);
      const qa2 = (
        await api('POST', '/quiz-answer', token2, { quizScheduleId: s2.scheduleId, answerRequestId: s2.requestId })
      ).json().quizAnswerId;
      const nothing = await answer(token2, qa2, parentId, { type: 'multiple-choice', alternativeIds: ['c'] });
      expect(nothing.json().next).toEqual({ questionId: q('energia'), parentQuestionId: null });
      expectCode(
        await answer(token2, qa2, q('agua'), { type: 'metrics', value: 2 }, parentId),
        400,
        'ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT',
      );
    });

    it('changes an answer given before: replace updates it and drops the sub-answers it no longer opens', async () => {
      const s = await scheduleSent(quizId);
      const token = await tokenFor(s.scheduleId);
      const qaId = (
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId })
      ).json().quizAnswerId;
      await answer(token, qaId, parentId, { type: 'multiple-choice', alternativeIds: ['a', 'b'] });
      await answer(token, qaId, q('agua'), { type: 'metrics', value: 2 }, parentId);
      await answer(token, qaId, q('duvidas'), { type: 'free-field', text: 'Posso trocar o jantar?' }, parentId);
      await answer(token, qaId, q('energia'), { type: 'linear-scale', value: 3 });

      // The same question again without the flag is an accidental duplicate.
      expectCode(
        await answer(token, qaId, q('energia'), { type: 'linear-scale', value: 4 }),
        409,
        'ANSWER_ALREADY_REGISTERED',
      );
      const replace = (questionId: string, value: unknown, parentQuestionId?: string, idempotencyKey = key()) =>
        api('PUT', `/quiz-answer/${qaId}`, token, {
          idempotencyKey,
          answer: { questionId, value, replace: true, ...(parentQuestionId ? { parentQuestionId } : {}) },
        });
      const energy = await replace(q('energia'), { type: 'linear-scale', value: 4 });
      expect(energy.statusCode, energy.body).toBe(200);
      expect(energy.json().next).toBeNull();
      expect(energy.json().answers.find((x: { questionId: string }) => x.questionId === q('energia')).value).toEqual({
        type: 'linear-scale',
        value: 4,
      });
      // A sub-answer can be changed too, and the value is still checked.
      expectCode(
        await replace(q('agua'), { type: 'metrics', value: 2.55 }, parentId),
        400,
        'ANSWER_DOES_NOT_BELONG_TO_QUESTION',
      );
      expect((await replace(q('agua'), { type: 'metrics', value: 3 }, parentId)).statusCode).toBe(200);

      // Only B now: água (opened by A) leaves, dúvidas stays; the retry with the same key answers the same.
      const sameKey = key();
      const onlyB = await replace(parentId, { type: 'multiple-choice', alternativeIds: ['b'] }, undefined, sameKey);
      expect(onlyB.statusCode, onlyB.body).toBe(200);
      const keys = (r: Res) =>
        r
          .json()
          .answers.map((x: { questionId: string; parentQuestionId: string | null }) => [
            x.questionId,
            x.parentQuestionId,
          ]);
      expect(keys(onlyB)).toEqual([
        [parentId, null],
        [q('duvidas'), parentId],
        [q('energia'), null],
      ]);
      expect(
        keys(await replace(parentId, { type: 'multiple-choice', alternativeIds: ['b'] }, undefined, sameKey)),
      ).toEqual(keys(onlyB));
      const rows = await t.database.db.select().from(answerItems).where(eq(answerItems.quizAnswerId, qaId));
      expect(rows).toHaveLength(3);

      // Back to A and B: água is asked again, as the next question.
      const both = await replace(parentId, { type: 'multiple-choice', alternativeIds: ['a', 'b'] });
      expect(both.json().next).toEqual({ questionId: q('agua'), parentQuestionId: parentId });
      expectCode(await save(token, qaId, { finish: true }), 409, 'WRONG_ANSWER_ORDER');
      // A replace of a step not answered yet is a plain save: only as the next question.
      expect((await replace(q('agua'), { type: 'metrics', value: 1 }, parentId)).json().next).toBeNull();
      // A sub-question the parent does not open cannot be replaced into the flow.
      await replace(parentId, { type: 'multiple-choice', alternativeIds: ['c'] });
      expectCode(
        await replace(q('duvidas'), { type: 'free-field', text: 'Outra' }, parentId),
        400,
        'ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT',
      );
      const done = await save(token, qaId, { finish: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(keys(done)).toEqual([
        [parentId, null],
        [q('energia'), null],
      ]);
      // Finished: nothing changes any more.
      expectCode(await replace(q('energia'), { type: 'linear-scale', value: 5 }), 409, 'QUIZ_ALREADY_ANSWERED');
    });

    it('keeps answering the snapshot taken at start when the quiz changes', async () => {
      const s = await scheduleSent(quizId);
      const token = await tokenFor(s.scheduleId);
      const qaId = (
        await api('POST', '/quiz-answer', token, { quizScheduleId: s.scheduleId, answerRequestId: s.requestId })
      ).json().quizAnswerId;
      // The professional removes the first question from the quiz.
      const changed = await api('PUT', `/quiz/${quizId}`, pro, { chosenQuestions: [{ id: q('energia') }] });
      expect(changed.statusCode, changed.body).toBe(200);
      const state = (await api('GET', `/quiz-answer/${s.scheduleId}`, token)).json();
      expect(state.questions.map((x: { questionId: string }) => x.questionId)).toEqual([parentId, q('energia')]);
      expect((await answer(token, qaId, parentId, { type: 'multiple-choice', alternativeIds: ['c'] })).statusCode).toBe(
        200,
      );
      // A new link shows the quiz as it is now.
      const fresh = await scheduleSent(quizId);
      const freshToken = await tokenFor(fresh.scheduleId);
      const freshState = (await api('GET', `/quiz-answer/${fresh.scheduleId}`, freshToken)).json();
      expect(freshState.questions.map((x: { questionId: string }) => x.questionId)).toEqual([q('energia')]);
      // Each version of the flow is stored once and shared by the answers started on it (migration 0028).
      const freshId = (
        await api('POST', '/quiz-answer', freshToken, {
          quizScheduleId: fresh.scheduleId,
          answerRequestId: fresh.requestId,
        })
      ).json().quizAnswerId;
      const again = await scheduleSent(quizId);
      const againToken = await tokenFor(again.scheduleId);
      const againId = (
        await api('POST', '/quiz-answer', againToken, {
          quizScheduleId: again.scheduleId,
          answerRequestId: again.requestId,
        })
      ).json().quizAnswerId;
      const { rows } = await t.database.pool.query<{ id: string; snapshot_id: string; n: number }>(
        `select a.id, a.snapshot_id, jsonb_array_length(s.questions) as n
         from quiz_answers a join question_snapshots s on s.id = a.snapshot_id where a.id = any($1::uuid[])`,
        [[qaId, freshId, againId]],
      );
      const snap = new Map(rows.map((r) => [r.id, r]));
      expect(snap.get(freshId)!.snapshot_id).toBe(snap.get(againId)!.snapshot_id);
      expect(snap.get(qaId)!.snapshot_id).not.toBe(snap.get(freshId)!.snapshot_id);
      expect([snap.get(qaId)!.n, snap.get(freshId)!.n]).toEqual([2, 1]);
      await api('PUT', `/quiz/${quizId}`, pro, {
        chosenQuestions: [
          { id: parentId, subquestions: [{ id: q('duvidas') }, { id: q('agua') }] },
          { id: q('energia') },
        ],
      });
    });
  });
  describe('through scheduling and delivery', () => {
    it('the professional requests the quiz now; the patient takes the PIN from the e-mail, answers in two sittings and finishes', async () => {
      const ok = async (res: Promise<Res>, status = 200) => {
        const r = await res;
        expect(r.statusCode, r.body).toBe(status);
        return r.json();
      };
      const serviceId = (
        await ok(api('POST', '/services', pro, { name: 'Acompanhamento', priceCents: 30000, validityDays: 90 }), 201)
      ).id;
      const patient = await ok(api('POST', '/patient', pro, { name: 'Joana Souza', email: 'joana@example.com' }), 201);
      await ok(api('POST', '/sales', pro, { patientId: patient.id, serviceId, paymentMethod: 'pix' }), 201);
      const quizId = await createQuiz(pro, [
        { id: q('vontade'), subquestions: [{ id: q('qual-alimento') }] },
        { id: q('peso') },
      ]);
      const startDate = new Date(t.clock.now().getTime() + 7 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
      const schedule = await ok(
        api('POST', '/quiz/schedule', pro, {
          quizId,
          patientId: patient.id,
          startDate,
          hour: 9,
          periodicity: 'once',
          channel: 'email',
        }),
        201,
      );
      const request = await ok(api('POST', '/quiz/schedule/request-now', pro, { quizScheduleId: schedule.id }), 201);
      const channels = createChannels(t.mailbox, new OutboxWhatsAppProvider(t.database.db));
      const outcome = await deliverAnswerRequest(
        { db: t.database.db, config: { now: t.clock.now, publicUrl: 'http://acompanha.test' }, channels },
        request.id,
        { lastAttempt: false },
      );
      expect(outcome).toBe('sent');

      const [mail] = await t.mailbox.list('joana@example.com');
      expect(mail!.text).toContain(`http://acompanha.test/quiz-survey/${schedule.id}`);
      const pin = /PIN: (\d{6})/.exec(mail!.text)![1]!;
      expectCode(
        await api('POST', '/quiz-answer/validate-pin', undefined, {
          quizScheduleId: schedule.id,
          pin: pin === '000000' ? '000001' : '000000',
        }),
        400,
        'WRONG_PIN',
      );
      const token = await tokenFor(schedule.id, pin);

      const state = (await api('GET', `/quiz-answer/${schedule.id}`, token)).json();
      expect(state).toMatchObject({
        state: 'open',
        answerRequestId: request.id,
        quizAnswerId: null,
        next: { questionId: q('vontade'), parentQuestionId: null },
      });
      const qaId = (
        await ok(api('POST', '/quiz-answer', token, { quizScheduleId: schedule.id, answerRequestId: request.id }), 201)
      ).quizAnswerId;
      await ok(answer(token, qaId, q('vontade'), { type: 'multiple-choice', alternativeIds: ['a1'] }));

      // The patient closes the page and comes back later (a new PIN check, same progress).
      t.clock.advance(3 * 60 * MINUTE);
      try {
        expectCode(await api('GET', `/quiz-answer/${schedule.id}`, token), 401, 'INVALID_JWT');
        const again = await tokenFor(schedule.id, pin);
        const resumed = (await api('GET', `/quiz-answer/${schedule.id}`, again)).json();
        expect(resumed).toMatchObject({
          quizAnswerId: qaId,
          next: { questionId: q('qual-alimento'), parentQuestionId: q('vontade') },
        });
        expect(resumed.answers).toHaveLength(1);
        await ok(answer(again, qaId, q('qual-alimento'), { type: 'free-field', text: 'Pão de queijo' }, q('vontade')));
        const done = await ok(
          save(again, qaId, {
            answer: { questionId: q('peso'), value: { type: 'metrics', value: 64.3 } },
            finish: true,
          }),
        );
        expect(done).toMatchObject({ status: 'finished', next: null });
      } finally {
        t.clock.reset();
      }

      const detail = await ok(api('GET', `/quiz/schedule/${schedule.id}`, pro));
      const answered = detail.requests.find((r: { id: string }) => r.id === request.id);
      expect(answered).toMatchObject({ status: 'answered' });
      expect(answered.answeredAt).toBeTruthy();
      const revisions = await t.database.db
        .select()
        .from(answerRevisions)
        .where(eq(answerRevisions.quizAnswerId, qaId));
      expect(revisions).toMatchObject([{ status: 'pending', patientId: patient.id, scheduleId: schedule.id }]);
    });
  });
});
