import { delay, http, HttpResponse } from 'msw';
import type {
  Appearance,
  Category,
  ChosenQuestion,
  ErrorCode,
  Question,
  QuizDetail,
  QuizFolder,
  ResolvedAppearance,
  SignedUrlResponse,
} from '../gen/types.gen';
import { api, fail } from './respond';

/** Fixtures and handlers of the quiz builder: the bank it picks from, quizzes and appearances. */

const CREATED_AT = '2026-11-02T13:00:00.000Z';

export const quizCategoryFixtures: Category[] = [
  {
    id: '0b7f3a52-6a3e-4d0c-9f1e-2a4b5c6d7e01',
    name: 'Hábitos alimentares',
    color: '#16A34A',
    isDefault: false,
    questionCount: 3,
    createdAt: CREATED_AT,
  },
  {
    id: '0b7f3a52-6a3e-4d0c-9f1e-2a4b5c6d7e02',
    name: 'Medidas',
    color: '#2563EB',
    isDefault: true,
    questionCount: 2,
    createdAt: CREATED_AT,
  },
];
const [HABITS, MEASURES] = quizCategoryFixtures.map((c) => c.id) as [string, string];

const question = (
  q: Pick<Question, 'id' | 'title' | 'type' | 'config' | 'categoryId'> & Partial<Question>,
): Question => ({
  draft: false,
  image: null,
  iconId: null,
  acronym: null,
  description: null,
  isDefault: false,
  isActive: true,
  copiedFromId: null,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...q,
});

/** 'Qual alimento?': the sub-question that 'Sim' of the fruit question can open. */
export const whichFoodQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000011',
  title: 'Qual alimento?',
  type: 'free-field',
  categoryId: HABITS,
  config: { multiline: false, maxLength: 200 },
});

export const fruitQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000001',
  title: 'Você comeu frutas hoje?',
  acronym: 'FRUTAS',
  type: 'multiple-choice',
  categoryId: HABITS,
  config: {
    allowMultiple: false,
    alternatives: [
      {
        id: '7c2d1e0f-0000-4000-8000-0000000000a1',
        label: 'Sim',
        order: 0,
        subQuestionIds: [whichFoodQuestionFixture.id],
      },
      { id: '7c2d1e0f-0000-4000-8000-0000000000a2', label: 'Não', order: 1, subQuestionIds: [] },
    ],
  },
});

export const weightQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000002',
  title: 'Qual é o seu peso hoje?',
  acronym: 'PESO',
  type: 'metrics',
  categoryId: MEASURES,
  isDefault: true,
  config: { unit: 'kg', decimals: 1, min: 20, max: 300 },
});

export const energyQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000003',
  title: 'Como está sua disposição?',
  type: 'linear-scale',
  categoryId: HABITS,
  config: { min: 0, max: 10, minLabel: 'Muito baixa', maxLabel: 'Ótima' },
});

export const plateQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000004',
  title: 'Envie uma foto do seu prato',
  type: 'file-upload',
  categoryId: HABITS,
  config: { acceptedTypes: ['image/jpeg', 'image/png'], maxSizeMb: 10 },
});

export const routineQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000005',
  title: 'Sobre a sua rotina',
  type: 'likert-scale',
  categoryId: HABITS,
  config: {
    statements: [{ id: 's1', text: 'Consigo seguir o plano alimentar.' }],
    levels: [
      { id: 'l1', label: 'Discordo' },
      { id: 'l2', label: 'Neutro' },
      { id: 'l3', label: 'Concordo' },
    ],
  },
});

/** A draft: saved in the bank, never offered to a quiz. */
export const draftBankQuestionFixture = question({
  id: '5a1c0f0e-1b2c-4d3e-8f40-000000000009',
  title: 'Quantos copos de água você bebeu?',
  type: 'metrics',
  categoryId: MEASURES,
  draft: true,
  config: {},
});

/** The whole bank, drafts included. */
export const quizBankQuestionFixtures: Question[] = [
  fruitQuestionFixture,
  weightQuestionFixture,
  energyQuestionFixture,
  plateQuestionFixture,
  routineQuestionFixture,
  whichFoodQuestionFixture,
  draftBankQuestionFixture,
];

const colorScheme: Appearance['colorScheme'] = {
  activeButton: { text: '#FFFFFF', background: '#15803D', border: '#15803D' },
  body: { text: '#030712', background: '#F0FDF4', secondary: '#374151', filled: '#15803D', unfilled: '#D1FAE5' },
  header: { text: '#FFFFFF', background: '#166534', secondary: '#DCFCE7', icon: '#166534', iconBackground: '#DCFCE7' },
  inactiveButton: { text: '#166534', background: '#FFFFFF', border: '#166534' },
  textField: { text: '#030712', background: '#FFFFFF', border: '#6B7280' },
  uploadField: { text: '#030712', background: '#FFFFFF', border: '#6B7280', icon: '#166534' },
  activeAlternative: { text: '#FFFFFF', background: '#15803D', border: '#15803D' },
  inactiveAlternative: { text: '#030712', background: '#FFFFFF', border: '#6B7280' },
};

export const appearanceFixtures: Appearance[] = [
  {
    id: '9e8d7c6b-5a49-4382-9170-000000000001',
    name: 'Verde consultório',
    colorScheme,
    profilePic: null,
    subtitle: 'Nutricionista',
    forwardText: 'Prosseguir',
    isDefault: true,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  },
  {
    id: '9e8d7c6b-5a49-4382-9170-000000000002',
    name: 'Rosa suave',
    colorScheme: {
      ...colorScheme,
      activeButton: { text: '#FFFFFF', background: '#BE185D', border: '#BE185D' },
      header: {
        text: '#FFFFFF',
        background: '#9D174D',
        secondary: '#FCE7F3',
        icon: '#9D174D',
        iconBackground: '#FCE7F3',
      },
      activeAlternative: { text: '#FFFFFF', background: '#BE185D', border: '#BE185D' },
      body: { text: '#030712', background: '#FDF2F8', secondary: '#374151', filled: '#BE185D', unfilled: '#FBCFE8' },
    },
    profilePic: null,
    subtitle: 'Nutricionista esportiva',
    forwardText: 'Continuar',
    isDefault: false,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  },
];

const resolved = (a: Appearance): ResolvedAppearance => ({
  id: a.id,
  name: a.name,
  colorScheme: a.colorScheme,
  profilePic: a.profilePic,
  subtitle: a.subtitle,
  forwardText: a.forwardText,
});

const EMPTY_FOLDER: QuizFolder = {
  title: null,
  image: null,
  subtitle: null,
  quizTitle: null,
  titlesColor: null,
  buttonTitle: 'Começar',
  buttonColors: { background: null, text: null },
};

const byId = new Map(quizBankQuestionFixtures.map((q) => [q.id, q]));

/** A quiz as the API answers it: `questionsList`, count and the resolved questions follow the flowchart. */
export function quizDetailFixture(patch: Partial<QuizDetail> & { id: string }): QuizDetail {
  const chosenQuestions = patch.chosenQuestions ?? [];
  const ids = [...new Set(chosenQuestions.flatMap((c) => [c.id, ...c.subquestions.map((s) => s.id)]))];
  const appearance =
    appearanceFixtures.find((a) => a.id === patch.appearanceId) ?? appearanceFixtures.find((a) => a.isDefault)!;
  return {
    title: 'Novo questionário',
    description: null,
    isActive: true,
    appearanceId: null,
    folder: EMPTY_FOLDER,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    ...patch,
    chosenQuestions,
    questionsList: chosenQuestions.map((c) => c.id),
    questionCount: chosenQuestions.length,
    questions: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    appearance: resolved(appearance),
  };
}

const weeklyChosen: ChosenQuestion[] = [
  { id: fruitQuestionFixture.id, enabled: true, subquestions: [{ id: whichFoodQuestionFixture.id }] },
  { id: weightQuestionFixture.id, enabled: true, subquestions: [] },
  { id: energyQuestionFixture.id, enabled: false, subquestions: [] },
];

/** 'Acompanhamento semanal': three questions, the third disabled, the fruit one opening 'Qual alimento?'. */
export const quizFixture: QuizDetail = quizDetailFixture({
  id: '3f2e1d0c-9b8a-4765-8432-000000000001',
  title: 'Acompanhamento semanal',
  description: 'Perguntas rápidas sobre a sua semana.',
  appearanceId: appearanceFixtures[1]!.id,
  folder: {
    title: 'Como foi a sua semana?',
    image: null,
    subtitle: 'Leva menos de 3 minutos.',
    quizTitle: 'Acompanhamento semanal',
    titlesColor: '#9D174D',
    buttonTitle: 'Começar',
    buttonColors: { background: '#BE185D', text: '#FFFFFF' },
  },
  chosenQuestions: weeklyChosen,
});

/** Quizzes created or updated by the handlers during a story, so a reload finds them. */
const quizzes = new Map<string, QuizDetail>([[quizFixture.id, quizFixture]]);

const notFound = (code: ErrorCode = 'QUIZ_NOT_FOUND') => fail(code);

type QuizBody = Partial<Pick<QuizDetail, 'title' | 'description' | 'appearanceId' | 'chosenQuestions'>> & {
  folder?: Partial<QuizFolder>;
};

function applyBody(base: QuizDetail, body: QuizBody): QuizDetail {
  return quizDetailFixture({
    ...base,
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.appearanceId !== undefined ? { appearanceId: body.appearanceId } : {}),
    folder: {
      ...base.folder,
      ...body.folder,
      buttonColors: { ...base.folder.buttonColors, ...body.folder?.buttonColors },
    },
    chosenQuestions: (body.chosenQuestions ?? base.chosenQuestions).map((c) => ({
      id: c.id,
      enabled: c.enabled ?? true,
      subquestions: c.subquestions ?? [],
    })),
    updatedAt: new Date().toISOString(),
  });
}

/** The quiz builder's calls, answering as the API does when everything goes well. */
export const quizHandlers = {
  listQuestions: http.get(api('/question'), async ({ request }) => {
    const q = new URL(request.url).searchParams;
    const search = q.get('search')?.toLowerCase();
    const items = quizBankQuestionFixtures.filter(
      (item) =>
        (q.get('includeDrafts') === 'true' || !item.draft) &&
        (!q.get('type') || item.type === q.get('type')) &&
        (!q.get('categoryId') || item.categoryId === q.get('categoryId')) &&
        (!search || item.title.toLowerCase().includes(search) || item.acronym?.toLowerCase().includes(search)),
    );
    const take = Number(q.get('take') ?? 20);
    const skip = Number(q.get('skip') ?? 0);
    await delay(50);
    return HttpResponse.json({ items: items.slice(skip, skip + take), total: items.length });
  }),
  getQuestion: http.get(api('/question/:id'), ({ params }) => {
    const found = byId.get(String(params.id));
    return found ? HttpResponse.json(found) : notFound('QUESTION_NOT_FOUND');
  }),
  listCategories: http.get(api('/category'), () => HttpResponse.json(quizCategoryFixtures)),
  listAppearances: http.get(api('/quiz/my/appearance'), () => HttpResponse.json(appearanceFixtures)),
  getQuiz: http.get(api('/quiz/:id'), async ({ params }) => {
    await delay(50);
    const found = quizzes.get(String(params.id));
    return found ? HttpResponse.json(found) : notFound();
  }),
  createQuiz: http.post(api('/quiz'), async ({ request }) => {
    const body = (await request.json()) as QuizBody & { title: string };
    const created = applyBody(quizDetailFixture({ id: crypto.randomUUID(), title: body.title }), body);
    quizzes.set(created.id, created);
    await delay(50);
    return HttpResponse.json(created, { status: 201 });
  }),
  updateQuiz: http.put(api('/quiz/:id'), async ({ params, request }) => {
    const current = quizzes.get(String(params.id));
    if (!current) return notFound();
    const updated = applyBody(current, (await request.json()) as QuizBody);
    quizzes.set(updated.id, updated);
    await delay(50);
    return HttpResponse.json(updated);
  }),
  createSignedUploadUrl: http.post(api('/file/signed-url'), async ({ request }) => {
    const body = (await request.json()) as { key: string; contentType: string };
    const origin = new URL(request.url).origin;
    const response: SignedUrlResponse = {
      key: `story/${body.key}`,
      downloadUrl: `${origin}/api/file/story/${encodeURIComponent(body.key)}`,
      expiresAt: '2026-11-02T13:10:00.000Z',
      uploadData: {
        url: `${origin}/api/file/upload/story-token`,
        metadata: { method: 'PUT', headers: { 'Content-Type': body.contentType } },
      },
    };
    await delay(50);
    return HttpResponse.json(response);
  }),
  uploadFile: http.put(api('/file/upload/:token'), async () => {
    await delay(100);
    return new HttpResponse(null, { status: 204 });
  }),
};

/** Every quiz builder handler, in the order MSW should try them. */
export const quizBuilderHandlers = Object.values(quizHandlers);
