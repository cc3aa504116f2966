/** The survey fixtures: one link, one question of each type (and a sub-question), its appearance, example answers. */
import type {
  ResolvedAppearance,
  SurveyAnswer,
  SurveyNext,
  SurveyQuestion,
  SurveyState,
  SurveyToken,
} from '../gen/types.gen';

export const ANSWERED_AT = '2026-11-09T13:00:00.000Z';

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
