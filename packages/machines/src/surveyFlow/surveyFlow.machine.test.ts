import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  answersInFlow,
  flowSteps,
  nextStep,
  progressOf,
  type SurveyAnswer,
  type SurveyAnswerValue,
  type SurveyData,
  type SurveyProgress,
  type SurveyQuestion,
} from './flow';
import {
  currentStep,
  retryDelay,
  type LoadSurveyInput,
  type StartAnswerInput,
  type ValidatePinInput,
  surveyFlowMachine,
  type PendingSave,
  type SaveAnswerInput,
  type SurveyFlowError,
  type SurveyFlowEvent,
  type SurveyFlowInput,
  type SurveyToken,
} from './index';

const SCHEDULE = 'schedule-1';
const REQUEST = 'request-1';
const PIN = '123456';
const future = () => new Date(Date.now() + 2 * 3600_000).toISOString();
const goodToken = (): SurveyToken => ({ token: 'survey-token', expiresAt: future() });

const fruit: SurveyQuestion = {
  questionId: 'fruit',
  type: 'multiple-choice',
  title: 'Você comeu frutas hoje?',
  description: null,
  image: null,
  config: {
    allowMultiple: false,
    alternatives: [
      { id: 'yes', label: 'Sim' },
      { id: 'no', label: 'Não' },
    ],
  },
  subQuestions: [
    {
      questionId: 'which',
      alternativeId: 'yes',
      type: 'free-field',
      title: 'Qual fruta?',
      description: null,
      image: null,
      config: {},
    },
  ],
};
const weight: SurveyQuestion = {
  questionId: 'weight',
  type: 'metrics',
  title: 'Qual é o seu peso hoje?',
  description: null,
  image: null,
  config: { unit: 'kg' },
  subQuestions: [],
};
const photo: SurveyQuestion = {
  questionId: 'photo',
  type: 'file-upload',
  title: 'Foto do almoço',
  description: null,
  image: null,
  config: {},
  subQuestions: [],
};
const QUESTIONS = [fruit, weight, photo];

const VALUES: Record<'yes' | 'no' | 'which' | 'weight' | 'photo', SurveyAnswerValue> = {
  yes: { type: 'multiple-choice', alternativeIds: ['yes'] },
  no: { type: 'multiple-choice', alternativeIds: ['no'] },
  which: { type: 'free-field', text: 'Banana' },
  weight: { type: 'metrics', value: 72.5 },
  photo: { type: 'file-upload', files: [{ key: 'k1', name: 'almoco.jpg', contentType: 'image/jpeg', size: 2048 }] },
};

const apiError = (status: number, code: string, details?: unknown): SurveyFlowError => ({ status, code, details });
const offline = () => apiError(0, 'NETWORK_ERROR');

interface FakeServer {
  pin: string;
  attempts: number;
  state: SurveyData['state'];
  quizAnswerId: string | null;
  answers: SurveyAnswer[];
  finishedAt: string | null;
  keys: Map<string, SurveyProgress>;
  saves: SaveAnswerInput[];
  revisions: number;
  failNext: SurveyFlowError[];
  loseNextReply: boolean;
  progress(): SurveyProgress;
  data(): SurveyData;
  fail(): void;
  actors: {
    validatePin: ReturnType<typeof fromPromise<SurveyToken, ValidatePinInput>>;
    loadSurvey: ReturnType<typeof fromPromise<SurveyData, LoadSurveyInput>>;
    startAnswer: ReturnType<typeof fromPromise<SurveyProgress, StartAnswerInput>>;
    saveAnswer: ReturnType<typeof fromPromise<SurveyProgress, SaveAnswerInput>>;
  };
}

/** An in-memory API that follows the contract: idempotent saves, order enforced, finish once. */
function fakeServer(questions: SurveyQuestion[] = QUESTIONS): FakeServer {
  const server: FakeServer = {
    pin: PIN,
    attempts: 0,
    state: 'open' as SurveyData['state'],
    quizAnswerId: null as string | null,
    answers: [] as SurveyAnswer[],
    finishedAt: null as string | null,
    keys: new Map<string, SurveyProgress>(),
    saves: [] as SaveAnswerInput[],
    revisions: 0,
    /** Next calls fail with these errors (shifted one per call). */
    failNext: [] as SurveyFlowError[],
    /** The next save is stored, but its reply never arrives (the connection drops). */
    loseNextReply: false,
    progress(): SurveyProgress {
      return {
        quizAnswerId: server.quizAnswerId!,
        status: server.finishedAt ? 'finished' : 'in_progress',
        answers: server.answers,
        next: nextStep(questions, server.answers),
        finishedAt: server.finishedAt,
      };
    },
    data(): SurveyData {
      return {
        quizScheduleId: SCHEDULE,
        state: server.state,
        answerRequestId: server.state === 'nothing-pending' ? null : REQUEST,
        quizAnswerId: server.quizAnswerId,
        quiz: { id: 'quiz-1', title: 'Acompanhamento semanal', description: null },
        professionalName: 'Ana Souza',
        folder: null,
        appearance: null,
        questions,
        answers: server.answers,
        next: server.quizAnswerId ? nextStep(questions, server.answers) : null,
        finishedAt: server.finishedAt,
      };
    },
    fail() {
      const e = server.failNext.shift();
      if (e) throw e;
    },
    actors: {
      validatePin: fromPromise<SurveyToken, ValidatePinInput>(async ({ input }) => {
        server.fail();
        if (server.attempts >= 5) throw apiError(423, 'PIN_LOCKED', { lockedUntil: '2030-01-01T00:15:00.000Z' });
        if (input.pin !== server.pin) {
          server.attempts++;
          if (server.attempts >= 5) throw apiError(423, 'PIN_LOCKED', { lockedUntil: '2030-01-01T00:15:00.000Z' });
          throw apiError(400, 'WRONG_PIN', { remainingAttempts: 5 - server.attempts });
        }
        server.attempts = 0;
        return goodToken();
      }),
      loadSurvey: fromPromise<SurveyData, LoadSurveyInput>(async () => {
        server.fail();
        return server.data();
      }),
      startAnswer: fromPromise<SurveyProgress, StartAnswerInput>(async ({ input }) => {
        server.fail();
        expect(input.answerRequestId).toBe(REQUEST);
        server.quizAnswerId ??= 'answer-1';
        return server.progress();
      }),
      saveAnswer: fromPromise<SurveyProgress, SaveAnswerInput>(async ({ input }) => {
        server.saves.push(input);
        server.fail();
        const seen = server.keys.get(input.idempotencyKey);
        if (seen) return seen;
        if (server.finishedAt) throw apiError(409, 'QUIZ_ALREADY_ANSWERED');
        if (input.finish) {
          if (nextStep(questions, server.answers)) throw apiError(400, 'WRONG_ANSWER_ORDER');
          server.finishedAt = '2030-01-01T12:00:00.000Z';
          server.state = 'answered';
          server.revisions++;
        } else {
          const expected = nextStep(questions, server.answers);
          const { replace, ...a } = input.answer!;
          const same = (x: SurveyAnswer) => x.questionId === a.questionId && x.parentQuestionId === a.parentQuestionId;
          if (server.answers.some(same) && replace) {
            server.answers = answersInFlow(
              questions,
              server.answers.map((x) => (same(x) ? { ...a, answeredAt: '2030-01-02T12:00:00.000Z' } : x)),
            );
            const progress = server.progress();
            server.keys.set(input.idempotencyKey, progress);
            return progress;
          }
          if (server.answers.some(same)) {
            throw apiError(409, 'ANSWER_ALREADY_REGISTERED');
          }
          if (!expected || expected.questionId !== a.questionId || expected.parentQuestionId !== a.parentQuestionId) {
            throw apiError(400, 'WRONG_ANSWER_ORDER');
          }
          server.answers = [...server.answers, { ...a, answeredAt: '2030-01-01T12:00:00.000Z' }];
        }
        const progress = server.progress();
        server.keys.set(input.idempotencyKey, progress);
        if (server.loseNextReply) {
          server.loseNextReply = false;
          throw offline();
        }
        return progress;
      }),
    },
  };
  return server;
}

interface StartOptions {
  input?: Partial<SurveyFlowInput>;
  retryDelays?: number[];
}

function start(server: ReturnType<typeof fakeServer>, { input, retryDelays }: StartOptions = {}) {
  const persisted: { token: SurveyToken | null; queue: PendingSave[]; editing: unknown }[] = [];
  const machine = surveyFlowMachine.provide({
    actors: {
      ...server.actors,
      // Timers fire only when a test says so (by sending sync.retry / lock.expired).
      retryTimer: fromCallback<SurveyFlowEvent, { delay: number }>(({ input: i }) => {
        retryDelays?.push(i.delay);
      }),
      lockTimer: fromCallback(() => {}),
    },
    actions: {
      persist: ({ context }) => {
        persisted.push({ token: context.token, queue: structuredClone(context.queue), editing: context.editing });
      },
    },
  });
  const actor = createActor(machine, { input: { quizScheduleId: SCHEDULE, ...input } }).start();
  return { actor, persisted, lastPersisted: () => persisted.at(-1) };
}

type Actor = ReturnType<typeof start>['actor'];
const step = (actor: Actor) => currentStep(actor.getSnapshot().context);
const atQuestion = (actor: Actor, questionId: string) =>
  waitFor(
    actor,
    (s) => s.matches({ survey: { flow: 'question' } }) && currentStep(s.context)?.questionId === questionId,
  );

async function signIn(actor: Actor) {
  actor.send({ type: 'pin.submit', pin: PIN });
  await waitFor(actor, (s) => !s.matches('pin') && !s.matches('loading'));
}

describe('surveyFlowMachine — PIN', () => {
  it('starts at the PIN without a kept token, and ignores anything but 6 digits', () => {
    const { actor } = start(fakeServer());
    expect(actor.getSnapshot().value).toEqual({ pin: 'entering' });
    actor.send({ type: 'pin.submit', pin: '12a456' });
    actor.send({ type: 'pin.submit', pin: '12345' });
    expect(actor.getSnapshot().value).toEqual({ pin: 'entering' });
  });

  it('says how many tries are left after a wrong PIN, then loads the survey with the right one and keeps the token', async () => {
    const server = fakeServer();
    const { actor, lastPersisted } = start(server);
    actor.send({ type: 'pin.submit', pin: '000000' });
    await waitFor(actor, (s) => s.matches({ pin: 'entering' }) && s.context.pinError === 'WRONG_PIN');
    expect(actor.getSnapshot().context.remainingAttempts).toBe(4);
    await signIn(actor);
    expect(actor.getSnapshot().value).toBe('folder');
    expect(actor.getSnapshot().context).toMatchObject({ pinError: null, remainingAttempts: null });
    expect(lastPersisted()?.token?.token).toBe('survey-token');
  });

  it('locks the link after the fifth wrong PIN until the time the server gives, then asks again', async () => {
    const server = fakeServer();
    const { actor } = start(server);
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'pin.submit', pin: '000000' });
      await waitFor(actor, (s) => !s.matches({ pin: 'validating' }));
    }
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.lockedUntil).toBe('2030-01-01T00:15:00.000Z');
    actor.send({ type: 'pin.submit', pin: PIN });
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'lock.expired' });
    expect(actor.getSnapshot().value).toEqual({ pin: 'entering' });
    expect(actor.getSnapshot().context.lockedUntil).toBeNull();
  });

  it('tells a failed connection apart from a wrong PIN, and an unknown link from both', async () => {
    const server = fakeServer();
    server.failNext.push(offline());
    const { actor } = start(server);
    actor.send({ type: 'pin.submit', pin: PIN });
    await waitFor(actor, (s) => s.matches({ pin: 'entering' }) && s.context.pinError === 'NETWORK');
    server.failNext.push(apiError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR'));
    actor.send({ type: 'pin.submit', pin: PIN });
    await waitFor(actor, (s) => s.matches('notFound'));
  });

  it('skips the PIN with a kept token that has not expired, and asks for it when it has', async () => {
    expect(start(fakeServer(), { input: { token: goodToken() } }).actor.getSnapshot().value).toBe('loading');
    const expired = { token: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() };
    expect(start(fakeServer(), { input: { token: expired } }).actor.getSnapshot().value).toEqual({ pin: 'entering' });
  });
});

describe('surveyFlowMachine — answering', () => {
  it('goes cover → each question → the sub-question of the chosen alternative → finish → thanks, saving each answer once', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    expect(progressOf(QUESTIONS, step(actor))).toEqual({ current: 1, total: 3, complement: false });

    actor.send({ type: 'answer.submit', value: VALUES.yes });
    expect(step(actor)).toEqual({ questionId: 'which', parentQuestionId: 'fruit' });
    // The sub-question is part of question 1: neither the number nor the total jumps.
    expect(progressOf(QUESTIONS, step(actor))).toEqual({ current: 1, total: 3, complement: true });
    actor.send({ type: 'answer.submit', value: VALUES.which });
    await atQuestion(actor, 'weight');
    expect(progressOf(QUESTIONS, step(actor))).toEqual({ current: 2, total: 3, complement: false });
    actor.send({ type: 'answer.submit', value: VALUES.weight });
    await atQuestion(actor, 'photo');
    actor.send({ type: 'answer.submit', value: VALUES.photo });
    // Nothing is final before "Enviar respostas": the review waits, the finish is not queued.
    await waitFor(actor, (s) => s.matches({ survey: { flow: 'review', sync: 'idle' } }));
    expect(server.finishedAt).toBeNull();
    expect(server.saves.some((x) => x.finish)).toBe(false);
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.matches('finished'));

    expect(server.answers.map((a) => [a.questionId, a.parentQuestionId])).toEqual([
      ['fruit', null],
      ['which', 'fruit'],
      ['weight', null],
      ['photo', null],
    ]);
    expect(server.revisions).toBe(1);
    const keys = server.saves.map((s) => s.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((k) => k.length >= 8 && k.length <= 100)).toBe(true);
    expect(server.saves.every((s) => s.token === 'survey-token')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('skips the sub-question when the alternative opens none', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    actor.send({ type: 'answer.submit', value: VALUES.no });
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
  });

  it('refuses an answer that does not fit the question on screen', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    actor.send({ type: 'answer.submit', value: VALUES.weight });
    actor.send({ type: 'answer.submit', value: { type: 'multiple-choice', alternativeIds: [] } });
    expect(step(actor)).toEqual({ questionId: 'fruit', parentQuestionId: null });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('keeps the cover when starting fails offline, and starts on the next press', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    server.failNext.push(offline());
    actor.send({ type: 'survey.start' });
    await waitFor(actor, (s) => s.matches('folder') && s.context.startError === 'NETWORK');
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    expect(actor.getSnapshot().context.startError).toBeNull();
  });
});

describe('surveyFlowMachine — offline and retry', () => {
  it('keeps a save that fails for lack of network, persisted with its key, lets the patient go on, and retries with backoff and on online', async () => {
    const server = fakeServer();
    const delays: number[] = [];
    const { actor, lastPersisted } = start(server, { input: { token: goodToken() }, retryDelays: delays });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');

    server.failNext.push(offline(), offline(), offline());
    actor.send({ type: 'answer.submit', value: VALUES.no });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }));
    const queued = actor.getSnapshot().context.queue;
    expect(queued).toHaveLength(1);
    expect(lastPersisted()?.queue).toEqual(queued);

    // The patient goes on while offline.
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
    actor.send({ type: 'answer.submit', value: VALUES.weight });
    expect(lastPersisted()?.queue.map((i) => i.answer?.questionId)).toEqual(['fruit', 'weight']);

    actor.send({ type: 'sync.retry' });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }) && s.context.retryAttempt === 2);
    actor.send({ type: 'sync.retry' });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }) && s.context.retryAttempt === 3);
    expect(delays).toEqual([1000, 2000, 4000]);

    actor.send({ type: 'network.online' });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'idle' } }));
    // The same key was sent every time: the server stored the answer once.
    const fruitSaves = server.saves.filter((s) => s.answer?.questionId === 'fruit');
    expect(fruitSaves).toHaveLength(4);
    expect(new Set(fruitSaves.map((s) => s.idempotencyKey)).size).toBe(1);
    expect(server.answers.map((a) => a.questionId)).toEqual(['fruit', 'weight']);
    expect(lastPersisted()?.queue).toEqual([]);
    expect(actor.getSnapshot().context.retryAttempt).toBe(0);
  });

  it('caps the backoff at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('resumes after a reload from the kept queue: sends it first and shows the step after the queued answers', async () => {
    const server = fakeServer();
    server.quizAnswerId = 'answer-1';
    server.answers = [{ questionId: 'fruit', parentQuestionId: null, value: VALUES.yes }];
    const kept: PendingSave[] = [
      {
        idempotencyKey: 'kept-key-0001',
        quizAnswerId: 'answer-1',
        answer: { questionId: 'which', parentQuestionId: 'fruit', value: VALUES.which },
        createdAt: 1,
      },
    ];
    server.failNext.push(offline()); // the page loads while the save still cannot get through
    const { actor } = start(server, { input: { token: goodToken(), queue: kept } });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'network.online' });
    await atQuestion(actor, 'weight');
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(server.saves[0]?.idempotencyKey).toBe('kept-key-0001');
    expect(server.answers.map((a) => a.questionId)).toEqual(['fruit', 'which']);
  });

  it('comes back days later with an expired token: PIN again, then straight to where the patient stopped', async () => {
    const server = fakeServer();
    server.quizAnswerId = 'answer-1';
    server.answers = [
      { questionId: 'fruit', parentQuestionId: null, value: VALUES.no },
      { questionId: 'weight', parentQuestionId: null, value: VALUES.weight },
    ];
    const { actor } = start(server, { input: { token: { token: 'old', expiresAt: '2020-01-01T00:00:00.000Z' } } });
    expect(actor.getSnapshot().value).toEqual({ pin: 'entering' });
    await signIn(actor);
    expect(actor.getSnapshot().matches({ survey: { flow: 'question' } })).toBe(true);
    expect(step(actor)).toEqual({ questionId: 'photo', parentQuestionId: null });
  });

  it('asks the PIN again when the token lapses mid-way, keeping the queue, and sends it after', async () => {
    const server = fakeServer();
    const { actor, lastPersisted } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    server.failNext.push(apiError(401, 'Unauthorized'));
    actor.send({ type: 'answer.submit', value: VALUES.no });
    await waitFor(actor, (s) => s.matches('pin'));
    expect(lastPersisted()).toMatchObject({ token: null });
    expect(lastPersisted()?.queue).toHaveLength(1);
    await signIn(actor);
    await atQuestion(actor, 'weight');
    await waitFor(actor, (s) => s.context.queue.length === 0);
    expect(server.answers.map((a) => a.questionId)).toEqual(['fruit']);
  });

  it('reloads from the server when it refuses a queued answer (order), dropping only what depended on it', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    server.failNext.push(apiError(400, 'WRONG_ANSWER_ORDER'));
    actor.send({ type: 'answer.submit', value: VALUES.no });
    await waitFor(actor, (s) => s.context.resynced && s.matches({ survey: { flow: 'question' } }));
    expect(step(actor)).toEqual({ questionId: 'fruit', parentQuestionId: null });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('drops an answer the server already holds and continues from the server', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    // Answered meanwhile in another tab.
    server.answers = [{ questionId: 'fruit', parentQuestionId: null, value: VALUES.yes }];
    actor.send({ type: 'answer.submit', value: VALUES.no });
    await atQuestion(actor, 'which');
  });

  it('shows the thanks when the reply to the finish was lost: the retry, same key, creates no second revision', async () => {
    const server = fakeServer();
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    actor.send({ type: 'answer.submit', value: VALUES.no });
    await atQuestion(actor, 'weight');
    actor.send({ type: 'answer.submit', value: VALUES.weight });
    await atQuestion(actor, 'photo');
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'idle' } }));
    actor.send({ type: 'answer.submit', value: VALUES.photo });
    await waitFor(actor, (s) => s.matches({ survey: { flow: 'review', sync: 'idle' } }));
    server.loseNextReply = true;
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }));
    actor.send({ type: 'sync.retry' });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }) || s.matches('finished'));
    if (!actor.getSnapshot().matches('finished')) actor.send({ type: 'sync.retry' });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(server.revisions).toBe(1);
    expect(server.answers).toHaveLength(3);
  });

  it('sends the finish, kept in the queue, after a reload that happened just before it', async () => {
    const server = fakeServer();
    server.quizAnswerId = 'answer-1';
    server.answers = [
      { questionId: 'fruit', parentQuestionId: null, value: VALUES.no },
      { questionId: 'weight', parentQuestionId: null, value: VALUES.weight },
      { questionId: 'photo', parentQuestionId: null, value: VALUES.photo },
    ];
    const kept: PendingSave[] = [
      { idempotencyKey: 'finish-key-01', quizAnswerId: 'answer-1', finish: true, createdAt: 1 },
    ];
    const { actor } = start(server, { input: { token: goodToken(), queue: kept } });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(server.saves.map((s) => s.idempotencyKey)).toEqual(['finish-key-01']);
    expect(server.revisions).toBe(1);
  });
});

describe('surveyFlowMachine — going back and the review', () => {
  async function answered(server: FakeServer, values: SurveyAnswerValue[]) {
    const result = start(server, { input: { token: goodToken() } });
    const { actor } = result;
    await waitFor(actor, (s) => s.matches('folder'));
    actor.send({ type: 'survey.start' });
    await atQuestion(actor, 'fruit');
    for (const value of values) actor.send({ type: 'answer.submit', value });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'idle' } }));
    return result;
  }
  const answerOf = (actor: Actor, questionId: string) =>
    actor.getSnapshot().context.answers.find((a) => a.questionId === questionId)?.value;

  it('"Voltar" shows the previous question with its answer; an unchanged answer is not sent again', async () => {
    const server = fakeServer();
    const { actor } = await answered(server, [VALUES.yes, VALUES.which]);
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
    actor.send({ type: 'answer.back' });
    expect(step(actor)).toEqual({ questionId: 'which', parentQuestionId: 'fruit' });
    expect(answerOf(actor, 'which')).toEqual(VALUES.which);
    actor.send({ type: 'answer.back' });
    expect(step(actor)).toEqual({ questionId: 'fruit', parentQuestionId: null });
    // At the first question there is nowhere to go back to.
    actor.send({ type: 'answer.back' });
    expect(step(actor)).toEqual({ questionId: 'fruit', parentQuestionId: null });
    const saves = server.saves.length;
    actor.send({ type: 'answer.submit', value: VALUES.yes });
    // Walking forward shows the answered sub-question again, then the first unanswered question.
    expect(step(actor)).toEqual({ questionId: 'which', parentQuestionId: 'fruit' });
    actor.send({ type: 'answer.submit', value: VALUES.which });
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
    expect(server.saves.length).toBe(saves);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('a changed answer replaces the saved one and drops the sub-answer its parent no longer opens', async () => {
    const server = fakeServer();
    const { actor } = await answered(server, [VALUES.yes, VALUES.which, VALUES.weight]);
    actor.send({ type: 'answer.back' });
    actor.send({ type: 'answer.back' });
    actor.send({ type: 'answer.back' });
    expect(step(actor)).toEqual({ questionId: 'fruit', parentQuestionId: null });
    actor.send({ type: 'answer.submit', value: VALUES.no });
    // The sub-question is gone, locally at once; the next step shows its kept answer.
    expect(answerOf(actor, 'which')).toBeUndefined();
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'idle' } }));
    const replace = server.saves.at(-1)!;
    expect(replace.answer).toEqual({ questionId: 'fruit', parentQuestionId: null, value: VALUES.no, replace: true });
    expect(server.answers.map((a) => [a.questionId, a.value])).toEqual([
      ['fruit', VALUES.no],
      ['weight', VALUES.weight],
    ]);
    actor.send({ type: 'answer.submit', value: VALUES.weight });
    await atQuestion(actor, 'photo');
  });

  it('the review lists everything; "Alterar" opens a question pre-filled and returns to the review, after a sub-question it opens', async () => {
    const server = fakeServer();
    const { actor, lastPersisted } = await answered(server, [VALUES.no, VALUES.weight, VALUES.photo]);
    expect(actor.getSnapshot().matches({ survey: { flow: 'review' } })).toBe(true);
    expect(progressOf(QUESTIONS, step(actor))).toEqual({ current: 3, total: 3, complement: false });
    // A step that is not answered cannot be edited.
    actor.send({ type: 'answer.edit', step: { questionId: 'which', parentQuestionId: 'fruit' } });
    expect(actor.getSnapshot().matches({ survey: { flow: 'review' } })).toBe(true);

    actor.send({ type: 'answer.edit', step: { questionId: 'weight', parentQuestionId: null } });
    expect(step(actor)).toEqual({ questionId: 'weight', parentQuestionId: null });
    expect(lastPersisted()?.editing).toEqual({ questionId: 'weight', parentQuestionId: null });
    actor.send({ type: 'answer.submit', value: { type: 'metrics', value: 71 } });
    expect(actor.getSnapshot().matches({ survey: { flow: 'review' } })).toBe(true);

    actor.send({ type: 'answer.edit', step: { questionId: 'fruit', parentQuestionId: null } });
    actor.send({ type: 'answer.submit', value: VALUES.yes });
    // The newly opened sub-question first, then the review again.
    expect(step(actor)).toEqual({ questionId: 'which', parentQuestionId: 'fruit' });
    expect(actor.getSnapshot().matches({ survey: { flow: 'question' } })).toBe(true);
    actor.send({ type: 'answer.submit', value: VALUES.which });
    await waitFor(actor, (s) => s.matches({ survey: { flow: 'review', sync: 'idle' } }));
    expect(server.finishedAt).toBeNull();
    expect(server.answers.map((a) => a.questionId)).toEqual(['fruit', 'weight', 'photo', 'which']);
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(server.revisions).toBe(1);
    expect(server.answers.find((a) => a.questionId === 'weight')?.value).toEqual({ type: 'metrics', value: 71 });
  });

  it('changes offline like it answers offline: the replace waits in the kept queue and is sent after a reload', async () => {
    const server = fakeServer();
    const { actor, lastPersisted } = await answered(server, [VALUES.no, VALUES.weight]);
    server.failNext.push(offline());
    actor.send({ type: 'answer.back' });
    actor.send({ type: 'answer.submit', value: { type: 'metrics', value: 80 } });
    await waitFor(actor, (s) => s.matches({ survey: { sync: 'waiting' } }));
    const kept = lastPersisted()!.queue;
    expect(kept.map((i) => i.answer)).toEqual([
      { questionId: 'weight', parentQuestionId: null, value: { type: 'metrics', value: 80 }, replace: true },
    ]);
    actor.stop();
    // The page reloads with the kept queue: the change is shown, then sent.
    const again = start(server, { input: { token: goodToken(), queue: kept } });
    await atQuestion(again.actor, 'photo');
    expect(answerOf(again.actor, 'weight')).toEqual({ type: 'metrics', value: 80 });
    await waitFor(again.actor, (s) => s.context.queue.length === 0);
    expect(server.answers.find((a) => a.questionId === 'weight')?.value).toEqual({ type: 'metrics', value: 80 });
  });

  it('reopens the question the patient went back to after a reload, and ignores a kept place that no longer exists', async () => {
    const server = fakeServer();
    server.quizAnswerId = 'answer-1';
    server.answers = [
      { questionId: 'fruit', parentQuestionId: null, value: VALUES.no },
      { questionId: 'weight', parentQuestionId: null, value: VALUES.weight },
    ];
    const position = { editing: { questionId: 'fruit', parentQuestionId: null }, returnToReview: false };
    const { actor } = start(server, { input: { token: goodToken(), position } });
    await atQuestion(actor, 'fruit');
    const stale = { editing: { questionId: 'which', parentQuestionId: 'fruit' }, returnToReview: true };
    const other = start(server, { input: { token: goodToken(), position: stale } });
    await atQuestion(other.actor, 'photo');
  });
});

describe('surveyFlowMachine — nothing to answer', () => {
  it.each([
    ['answered', 'alreadyAnswered'],
    ['nothing-pending', 'nothingPending'],
  ] as const)('state %s → %s', async (state, target) => {
    const server = fakeServer();
    server.state = state;
    const { actor } = start(server, {
      input: {
        token: goodToken(),
        queue: [{ idempotencyKey: 'stale-key-01', quizAnswerId: 'x', finish: true, createdAt: 1 }],
      },
    });
    await waitFor(actor, (s) => s.matches(target));
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('reports an unknown link, and offers a retry after an unexpected error', async () => {
    const server = fakeServer();
    server.failNext.push(apiError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR'));
    expect(
      (await waitFor(start(server, { input: { token: goodToken() } }).actor, (s) => !s.matches('loading'))).value,
    ).toBe('notFound');
    server.failNext.push(apiError(400, 'WRONG_COMMAND_PARAMETERS'));
    const { actor } = start(server, { input: { token: goodToken() } });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (s) => s.matches('folder'));
  });
});

describe('surveyFlowMachine — model-based paths', () => {
  // The flow with two questions and a sub-question, explored over every reachable state (network
  // failures, 401s, refusals and reloads included) and replayed on a real actor whose calls never
  // answer by themselves: the test plays the server. Whatever the path, an answer leaves the
  // queue only when the server acknowledged or refused it, and storage always mirrors the queue.
  const questions = [fruit, weight];
  const questionsOfModel = questions;
  type Snap = SnapshotFrom<typeof surveyFlowMachine>;

  /** What the server holds in a model state: the answers already acknowledged (not queued). */
  const serverAnswers = (s: Snap) => {
    const queued = new Set(
      s.context.queue.filter((i) => i.answer).map((i) => `${i.answer!.questionId}/${i.answer!.parentQuestionId}`),
    );
    return s.context.answers.filter((a) => !queued.has(`${a.questionId}/${a.parentQuestionId}`));
  };
  const progressAfterHead = (s: Snap): SurveyProgress => {
    const head = s.context.queue[0];
    const { replace: _replace, ...answer } = head?.answer ?? {
      questionId: '',
      parentQuestionId: null,
      value: VALUES.no,
    };
    const acked = head?.answer ? answersInFlow(questionsOfModel, [...serverAnswers(s), answer]) : serverAnswers(s);
    return {
      quizAnswerId: s.context.quizAnswerId ?? 'answer-1',
      status: 'in_progress',
      answers: acked,
      next: nextStep(questionsOfModel, acked),
      finishedAt: null,
    };
  };
  const surveyData = (s: Snap, state: SurveyData['state'] = 'open'): SurveyData => ({
    quizScheduleId: SCHEDULE,
    state,
    answerRequestId: REQUEST,
    quizAnswerId: s.context.quizAnswerId,
    quiz: { id: 'quiz-1', title: 'Q', description: null },
    professionalName: 'Ana Souza',
    folder: null,
    appearance: null,
    questions: questionsOfModel,
    answers: serverAnswers(s),
    next: nextStep(questionsOfModel, serverAnswers(s)),
    finishedAt: null,
  });
  const done = (id: string, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as SurveyFlowEvent;
  const failed = (id: string, error: SurveyFlowError) =>
    ({ type: `xstate.error.actor.${id}`, error }) as unknown as SurveyFlowEvent;

  const events = (s: Snap): SurveyFlowEvent[] => {
    const list: SurveyFlowEvent[] = [{ type: 'network.online' }];
    if (s.matches({ pin: 'entering' })) list.push({ type: 'pin.submit', pin: PIN });
    if (s.matches('locked')) list.push({ type: 'lock.expired' });
    if (s.matches('folder')) list.push({ type: 'survey.start' });
    if (s.matches('loadFailed') || s.matches('failed')) list.push({ type: 'load.retry' });
    if (s.matches({ survey: { flow: 'question' } })) {
      const id = currentStep(s.context)?.questionId;
      if (id === 'fruit')
        list.push({ type: 'answer.submit', value: VALUES.yes }, { type: 'answer.submit', value: VALUES.no });
      if (id === 'which') list.push({ type: 'answer.submit', value: VALUES.which });
      if (id === 'weight')
        list.push({ type: 'answer.submit', value: VALUES.weight }, { type: 'answer.submit', value: VALUES.which });
    }
    if (s.matches({ survey: { flow: 'question' } }) && currentStep(s.context)?.questionId === 'weight')
      list.push({ type: 'answer.back' });
    if (s.matches({ survey: { flow: 'review' } })) list.push({ type: 'review.submit' });
    if (s.matches({ survey: { sync: 'waiting' } })) list.push({ type: 'sync.retry' });
    const children = Object.keys(s.children);
    if (children.includes('validatePin')) {
      list.push(
        done('validatePin', goodToken()),
        failed('validatePin', apiError(400, 'WRONG_PIN', { remainingAttempts: 3 })),
        failed('validatePin', apiError(423, 'PIN_LOCKED', { lockedUntil: '2030-01-01T00:15:00.000Z' })),
      );
    }
    if (children.includes('loadSurvey')) {
      list.push(
        done('loadSurvey', surveyData(s)),
        done('loadSurvey', surveyData(s, 'answered')),
        failed('loadSurvey', offline()),
        failed('loadSurvey', apiError(401, 'Unauthorized')),
      );
    }
    if (children.includes('startAnswer')) {
      list.push(
        done('startAnswer', { ...progressAfterHead(s), quizAnswerId: 'answer-1' }),
        failed('startAnswer', offline()),
      );
    }
    if (children.includes('saveAnswer')) {
      list.push(
        done('saveAnswer', progressAfterHead(s)),
        failed('saveAnswer', offline()),
        failed('saveAnswer', apiError(401, 'Unauthorized')),
        failed('saveAnswer', apiError(400, 'WRONG_ANSWER_ORDER')),
      );
    }
    return list;
  };

  const serializeState = (s: Snap) =>
    JSON.stringify({
      value: s.value,
      answers: s.context.answers.map((a) => [a.questionId, a.value]),
      queue: s.context.queue.map((i) => i.answer?.questionId ?? 'finish'),
      token: !!s.context.token,
      quizAnswerId: s.context.quizAnswerId,
      pin: [s.context.pinError, s.context.remainingAttempts],
      next: s.context.serverNext,
      retry: Math.min(s.context.retryAttempt, 2),
      resynced: s.context.resynced,
      editing: s.context.editing,
    });

  const paths = getShortestPaths(surveyFlowMachine, { input: { quizScheduleId: SCHEDULE }, events, serializeState });

  it('explores the reachable states, the thanks included', () => {
    expect(paths.length).toBeGreaterThan(40);
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['"finished"', '"alreadyAnswered"', '"locked"', '"folder"', '"loadFailed"'])
      expect(reached).toContain(value);
    expect([...reached].some((v) => v.includes('"waiting"'))).toBe(true);
  });

  it.each(paths.map((p, i) => [i, p] as const))('path %i never loses an answer', async (_i, path) => {
    // Calls that never answer by themselves (the path's events play the server); typed loosely on purpose.
    const never = fromPromise(() => new Promise<never>(() => {})) as never;
    let stored: PendingSave[] = [];
    const machine = surveyFlowMachine.provide({
      actors: {
        validatePin: never,
        loadSurvey: never,
        startAnswer: never,
        saveAnswer: never,
        retryTimer: fromCallback(() => {}),
        lockTimer: fromCallback(() => {}),
      },
      actions: { persist: ({ context }) => void (stored = structuredClone(context.queue)) },
    });
    const actor = createActor(machine, { input: { quizScheduleId: SCHEDULE } }).start();
    for (const { event } of path.steps) {
      const before = actor.getSnapshot().context.queue.map((i) => i.idempotencyKey);
      const type = (event as { type: string }).type;
      actor.send(event);
      const after = actor.getSnapshot();
      const keys = after.context.queue.map((i) => i.idempotencyKey);
      const gone = before.filter((k) => !keys.includes(k));
      const error = (event as { error?: SurveyFlowError }).error;
      if (gone.length) {
        const acked = type === 'xstate.done.actor.saveAnswer' && gone.length === 1 && gone[0] === before[0];
        const refused =
          type === 'xstate.error.actor.saveAnswer' &&
          !!error &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 401;
        const closed = after.matches('alreadyAnswered') || after.matches('nothingPending') || after.matches('finished');
        expect(acked || refused || closed, `${type} dropped ${gone.join(', ')}`).toBe(true);
      }
      expect(keys).toEqual(stored.map((i) => i.idempotencyKey));
    }
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    const a = actor.getSnapshot().context;
    // Every queued answer still in the flow is on screen with its latest value.
    if (a.survey) {
      const latest = new Map(
        a.queue
          .filter((i) => i.answer)
          .map((i) => [`${i.answer!.questionId}/${i.answer!.parentQuestionId}`, i.answer!]),
      );
      const steps = flowSteps(a.survey.questions, a.answers).map((x) => `${x.questionId}/${x.parentQuestionId}`);
      for (const [k, item] of latest) {
        if (!steps.includes(k)) continue;
        expect(a.answers.find((x) => `${x.questionId}/${x.parentQuestionId}` === k)?.value).toEqual(item.value);
      }
    }
  });
});
