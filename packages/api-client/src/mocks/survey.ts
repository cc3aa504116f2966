import { delay, http, HttpResponse } from 'msw';
import type {
  QuizAnswerProgress,
  ResolvedAppearance,
  SignedUrlResponse,
  SurveyAnswer,
  SurveyNext,
  SurveyQuestion,
  SurveyState,
  SurveyToken,
} from '../gen/types.gen';
import { api, fail } from './respond';

/**
 * Fixtures and a stateful in-memory server of the patient's survey (`/quiz-answer/*` and the
 * survey's uploads), answering as the API does: the PIN with its tries and lock, the flow with its
 * sub-questions and order, idempotent saves and the finish. Create one per story with
 * `createSurveyMockServer()` and hand its `handlers` to MSW.
 */

const ANSWERED_AT = '2026-11-09T13:00:00.000Z';

export const SURVEY_SCHEDULE_ID = '4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f20';
export const SURVEY_REQUEST_ID = '4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f21';
export const SURVEY_ANSWER_ID = '4f6a2c1e-8b3d-4e5f-9a60-7b8c9d0e1f22';
/** The PIN every mock link accepts. */
export const SURVEY_PIN = '482913';

export const surveyTokenFixture: SurveyToken = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InN1cnZleSJ9.c3VydmV5',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

const q = (n: number) => `5b2d1f0e-2c3d-4e4f-8a50-0000000000${String(n).padStart(2, '0')}`;
export const SURVEY_QUESTION_IDS = {
  fruit: q(1),
  whichFruit: q(2),
  weight: q(3),
  energy: q(4),
  feelings: q(5),
  meals: q(6),
  photo: q(7),
} as const;
const FRUIT_YES = '7d3e2f10-0000-4000-8000-0000000000b1';
const FRUIT_NO = '7d3e2f10-0000-4000-8000-0000000000b2';
export const SURVEY_ALTERNATIVES = { yes: FRUIT_YES, no: FRUIT_NO } as const;

/** One question of each type, and a sub-question opened by 'Sim'. */
export const surveyQuestionFixtures: SurveyQuestion[] = [
  {
    questionId: SURVEY_QUESTION_IDS.fruit,
    type: 'multiple-choice',
    title: 'Você comeu frutas hoje?',
    description: null,
    image: null,
    config: {
      allowMultiple: false,
      alternatives: [
        { id: FRUIT_YES, label: 'Sim', order: 0, subQuestionIds: [SURVEY_QUESTION_IDS.whichFruit] },
        { id: FRUIT_NO, label: 'Não', order: 1, subQuestionIds: [] },
      ],
    },
    subQuestions: [
      {
        questionId: SURVEY_QUESTION_IDS.whichFruit,
        alternativeId: FRUIT_YES,
        type: 'free-field',
        title: 'Quais frutas você comeu?',
        description: 'Por exemplo: banana no café da manhã, maçã à tarde.',
        image: null,
        config: { multiline: false, maxLength: 200 },
      },
    ],
  },
  {
    questionId: SURVEY_QUESTION_IDS.weight,
    type: 'metrics',
    title: 'Qual é o seu peso hoje?',
    description: 'Pese-se pela manhã, em jejum, se puder.',
    image: null,
    config: { unit: 'kg', decimals: 1, min: 20, max: 300 },
    subQuestions: [],
  },
  {
    questionId: SURVEY_QUESTION_IDS.energy,
    type: 'linear-scale',
    title: 'Como está sua disposição?',
    description: null,
    image: null,
    config: { min: 0, max: 10, minLabel: 'Muito baixa', maxLabel: 'Ótima' },
    subQuestions: [],
  },
  {
    questionId: SURVEY_QUESTION_IDS.feelings,
    type: 'likert-scale',
    title: 'Sobre a sua semana',
    description: 'Diga o quanto você concorda com cada frase.',
    image: null,
    config: {
      statements: [
        { id: 's1', text: 'Consegui seguir o plano alimentar.' },
        { id: 's2', text: 'Senti fome entre as refeições.' },
      ],
      levels: [
        { id: '1', label: 'Discordo totalmente' },
        { id: '2', label: 'Discordo' },
        { id: '3', label: 'Não concordo nem discordo' },
        { id: '4', label: 'Concordo' },
        { id: '5', label: 'Concordo totalmente' },
      ],
    },
    subQuestions: [],
  },
  {
    questionId: SURVEY_QUESTION_IDS.meals,
    type: 'free-field',
    title: 'Conte como foi sua alimentação ontem',
    description: null,
    image: null,
    config: { multiline: true, maxLength: 1000 },
    subQuestions: [],
  },
  {
    questionId: SURVEY_QUESTION_IDS.photo,
    type: 'file-upload',
    title: 'Envie uma foto do seu almoço',
    description: 'Uma foto do prato, de cima, ajuda a avaliar as porções.',
    image: null,
    config: { acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'], maxSizeMb: 10 },
    subQuestions: [],
  },
];

export const surveyAppearanceFixture: ResolvedAppearance = {
  id: '9e8d7c6b-5a49-4382-9170-000000000001',
  name: 'Verde consultório',
  colorScheme: {
    activeButton: { text: '#FFFFFF', background: '#166534', border: '#166534' },
    inactiveButton: { text: '#166534', background: '#FFFFFF', border: '#166534' },
    body: { text: '#052E16', secondary: '#166534', background: '#F0FDF4', filled: '#166534', unfilled: '#BBF7D0' },
    header: {
      text: '#FFFFFF',
      secondary: '#DCFCE7',
      background: '#166534',
      icon: '#166534',
      iconBackground: '#FFFFFF',
    },
    textField: { text: '#052E16', background: '#FFFFFF', border: '#15803D', primary: '#166534', secondary: '#166534' },
    uploadField: {
      text: '#052E16',
      background: '#FFFFFF',
      border: '#15803D',
      icon: '#FFFFFF',
      iconBackground: '#166534',
      filled: '#166534',
      unfilled: '#BBF7D0',
    },
    activeAlternative: {
      text: '#052E16',
      background: '#DCFCE7',
      border: '#166534',
      icon: '#FFFFFF',
      iconBackground: '#166534',
    },
    inactiveAlternative: { text: '#052E16', background: '#FFFFFF', border: '#86EFAC' },
  },
  profilePic: null,
  subtitle: 'Nutricionista',
  forwardText: 'Prosseguir',
};

/** The survey of a link that was sent and not started yet. */
export const surveyStateFixture: SurveyState = {
  quizScheduleId: SURVEY_SCHEDULE_ID,
  state: 'open',
  answerRequestId: SURVEY_REQUEST_ID,
  quizAnswerId: null,
  quiz: {
    id: '0b7c2f0e-1d5a-4c52-9a51-3d1f6f0c2a10',
    title: 'Acompanhamento semanal',
    description: 'Como foi a sua semana.',
  },
  professionalName: 'Ana Souza',
  folder: {
    title: 'Seu acompanhamento da semana',
    image: null,
    subtitle: 'Leva uns 3 minutos. Suas respostas vão direto para a Ana.',
    quizTitle: 'Acompanhamento semanal',
    titlesColor: null,
    buttonTitle: 'Começar',
    buttonColors: { background: null, text: null },
  },
  appearance: surveyAppearanceFixture,
  questions: surveyQuestionFixtures,
  answers: [],
  next: null,
  finishedAt: null,
};

/** Example answers, one per question of the fixtures (with 'Sim', so the sub-question too). */
export const surveyAnswerFixtures: SurveyAnswer[] = [
  {
    questionId: SURVEY_QUESTION_IDS.fruit,
    parentQuestionId: null,
    value: { type: 'multiple-choice', alternativeIds: [FRUIT_YES] },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.whichFruit,
    parentQuestionId: SURVEY_QUESTION_IDS.fruit,
    value: { type: 'free-field', text: 'Banana e maçã' },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.weight,
    parentQuestionId: null,
    value: { type: 'metrics', value: 72.5 },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.energy,
    parentQuestionId: null,
    value: { type: 'linear-scale', value: 7 },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.feelings,
    parentQuestionId: null,
    value: { type: 'likert-scale', levels: { s1: '4', s2: '2' } },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.meals,
    parentQuestionId: null,
    value: { type: 'free-field', text: 'Café com pão integral, almoço com salada.' },
    answeredAt: ANSWERED_AT,
  },
  {
    questionId: SURVEY_QUESTION_IDS.photo,
    parentQuestionId: null,
    value: {
      type: 'file-upload',
      files: [
        {
          key: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b_00000000000000000000000000000000_almoco.jpg',
          name: 'almoco.jpg',
          contentType: 'image/jpeg',
          size: 204800,
        },
      ],
    },
    answeredAt: ANSWERED_AT,
  },
];

/** The flow's next question: questions in order, each followed by the sub-questions its chosen alternatives open. */
export function surveyNextOf(
  questions: SurveyQuestion[],
  answers: Pick<SurveyAnswer, 'questionId' | 'parentQuestionId' | 'value'>[],
): SurveyNext {
  const has = (questionId: string, parentQuestionId: string | null) =>
    answers.find((a) => a.questionId === questionId && (a.parentQuestionId ?? null) === parentQuestionId);
  for (const question of questions) {
    const own = has(question.questionId, null);
    if (!own) return { questionId: question.questionId, parentQuestionId: null };
    if (own.value.type !== 'multiple-choice') continue;
    const chosen = own.value.alternativeIds;
    const order = ((question.config as { alternatives?: { id: string }[] }).alternatives ?? []).map((a) => a.id);
    const opened = question.subQuestions
      .filter((s) => chosen.includes(s.alternativeId))
      .sort((a, b) => order.indexOf(a.alternativeId) - order.indexOf(b.alternativeId));
    for (const sub of opened)
      if (!has(sub.questionId, question.questionId))
        return { questionId: sub.questionId, parentQuestionId: question.questionId };
  }
  return null;
}

export interface SurveyMockOptions {
  /** Where the link stands. @default 'open' */
  state?: SurveyState['state'];
  /** Answers already stored (the patient started earlier). */
  answers?: SurveyAnswer[];
  /** Wrong PINs already typed (5 locks the link). */
  wrongPins?: number;
  questions?: SurveyQuestion[];
  /** Network delay of each call, in ms. @default 60 */
  latency?: number;
  /** Uploads never finish (the progress bar stays on screen). */
  hangUploads?: boolean;
}

/** A fresh in-memory survey server; its `handlers` go to MSW, `state` shows what it stored. */
export function createSurveyMockServer(options: SurveyMockOptions = {}) {
  const questions = options.questions ?? surveyQuestionFixtures;
  const latency = options.latency ?? 60;
  const state = {
    status: options.state ?? ('open' as SurveyState['state']),
    wrongPins: options.wrongPins ?? 0,
    lockedUntil: null as string | null,
    quizAnswerId: options.answers?.length ? SURVEY_ANSWER_ID : (null as string | null),
    answers: [...(options.answers ?? [])],
    finishedAt: null as string | null,
    keys: new Map<string, QuizAnswerProgress>(),
    saves: 0,
  };
  const progress = (): QuizAnswerProgress => ({
    quizAnswerId: state.quizAnswerId!,
    status: state.finishedAt ? 'finished' : 'in_progress',
    answers: state.answers,
    next: surveyNextOf(questions, state.answers),
    finishedAt: state.finishedAt,
  });
  if (state.wrongPins >= 5) state.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();

  const handlers = [
    http.post(api('/quiz-answer/validate-pin'), async ({ request }) => {
      const body = (await request.json()) as { quizScheduleId: string; pin: string };
      await delay(latency);
      if (body.quizScheduleId !== SURVEY_SCHEDULE_ID) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      if (state.lockedUntil && Date.parse(state.lockedUntil) > Date.now())
        return fail('PIN_LOCKED', { lockedUntil: state.lockedUntil });
      if (body.pin !== SURVEY_PIN) {
        state.wrongPins++;
        if (state.wrongPins >= 5) {
          state.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
          return fail('PIN_LOCKED', { lockedUntil: state.lockedUntil });
        }
        return fail('WRONG_PIN', { remainingAttempts: 5 - state.wrongPins });
      }
      state.wrongPins = 0;
      return HttpResponse.json(surveyTokenFixture);
    }),
    http.get(api('/quiz-answer/:scheduleId'), async ({ params, request }) => {
      await delay(latency);
      if (!request.headers.get('Authorization')?.startsWith('Bearer ')) return fail('Unauthorized');
      if (params.scheduleId !== SURVEY_SCHEDULE_ID) return fail('NOT_OWNER');
      const survey: SurveyState = {
        ...surveyStateFixture,
        questions,
        state: state.status,
        answerRequestId: state.status === 'nothing-pending' ? null : SURVEY_REQUEST_ID,
        quizAnswerId: state.quizAnswerId,
        answers: state.answers,
        next: state.quizAnswerId ? surveyNextOf(questions, state.answers) : null,
        finishedAt: state.finishedAt,
      };
      return HttpResponse.json(survey);
    }),
    http.post(api('/quiz-answer'), async () => {
      await delay(latency);
      if (state.status === 'answered') return fail('QUIZ_ALREADY_ANSWERED');
      const created = !state.quizAnswerId;
      state.quizAnswerId ??= SURVEY_ANSWER_ID;
      return HttpResponse.json(progress(), { status: created ? 201 : 200 });
    }),
    http.put(api('/quiz-answer/:quizAnswerId'), async ({ request }) => {
      const body = (await request.json()) as {
        idempotencyKey: string;
        answer?: { questionId: string; parentQuestionId?: string | null; value: SurveyAnswer['value'] };
        finish?: boolean;
      };
      await delay(latency);
      state.saves++;
      const seen = state.keys.get(body.idempotencyKey);
      if (seen) return HttpResponse.json(seen);
      if (state.finishedAt) return fail('QUIZ_ALREADY_ANSWERED');
      if (body.answer) {
        const next = surveyNextOf(questions, state.answers);
        const parent = body.answer.parentQuestionId ?? null;
        if (state.answers.some((a) => a.questionId === body.answer!.questionId && a.parentQuestionId === parent))
          return fail('ANSWER_ALREADY_REGISTERED');
        if (!next || next.questionId !== body.answer.questionId || next.parentQuestionId !== parent)
          return fail('WRONG_ANSWER_ORDER');
        state.answers = [
          ...state.answers,
          {
            questionId: body.answer.questionId,
            parentQuestionId: parent,
            value: body.answer.value,
            answeredAt: ANSWERED_AT,
          },
        ];
      }
      if (body.finish) {
        if (surveyNextOf(questions, state.answers)) return fail('WRONG_ANSWER_ORDER');
        state.finishedAt = ANSWERED_AT;
        state.status = 'answered';
      }
      const result = progress();
      state.keys.set(body.idempotencyKey, result);
      return HttpResponse.json(result);
    }),
    http.post(api('/file/signed-url'), async ({ request }) => {
      const body = (await request.json()) as { key: string; contentType: string; questionId?: string };
      await delay(latency);
      const origin = new URL(request.url).origin;
      const key = `6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b_${'0'.repeat(32)}_${body.key.replace(/[^A-Za-z0-9._-]/g, '_')}`;
      const response: SignedUrlResponse = {
        key,
        downloadUrl: `${origin}/api/file/${key}`,
        expiresAt: '2099-01-01T00:10:00.000Z',
        uploadData: {
          url: `${origin}/api/file/upload/survey-story-token`,
          metadata: { method: 'PUT', headers: { 'Content-Type': body.contentType } },
        },
      };
      return HttpResponse.json(response);
    }),
    http.put(api('/file/upload/:token'), async () => {
      await delay(options.hangUploads ? 'infinite' : latency * 3);
      return HttpResponse.json({ key: 'k', downloadUrl: '/api/file/k', contentType: 'image/png', contentSize: 1 });
    }),
  ];

  return { handlers, state };
}
