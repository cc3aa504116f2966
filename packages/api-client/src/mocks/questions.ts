import { delay, http, HttpResponse } from 'msw';
import type {
  Category,
  CreateQuestionData,
  Question,
  QuestionPage,
  SignedUrlResponse,
  UploadResult,
  UpdateQuestionData,
} from '../gen/types.gen';
import { api, fail } from './respond';

/** Categories as `GET /category` answers them: the starter library's first, then the professional's own. */
export const categoryFixtures: Category[] = [
  {
    id: '0b6f1f5e-1c2d-4e3f-8a9b-0c1d2e3f4a01',
    name: 'Hábitos alimentares',
    color: '#16A34A',
    isDefault: true,
    questionCount: 4,
    createdAt: '2026-10-01T12:00:00.000Z',
  },
  {
    id: '0b6f1f5e-1c2d-4e3f-8a9b-0c1d2e3f4a02',
    name: 'Medidas',
    color: '#2563EB',
    isDefault: true,
    questionCount: 2,
    createdAt: '2026-10-01T12:00:00.000Z',
  },
  {
    id: '0b6f1f5e-1c2d-4e3f-8a9b-0c1d2e3f4a03',
    name: 'Sono',
    color: '#7C3AED',
    isDefault: false,
    questionCount: 1,
    createdAt: '2026-11-03T12:00:00.000Z',
  },
];

const [habits, measures, sleep] = categoryFixtures as [Category, Category, Category];

function question(fields: Partial<Question> & Pick<Question, 'id' | 'title' | 'type' | 'config'>): Question {
  return {
    draft: false,
    image: null,
    iconId: null,
    acronym: null,
    categoryId: habits.id,
    description: null,
    isDefault: false,
    isActive: true,
    copiedFromId: null,
    createdAt: '2026-11-10T13:00:00.000Z',
    updatedAt: '2026-11-10T13:00:00.000Z',
    ...fields,
  };
}

/** The professional's published multiple-choice question, with a sub-question on “Sim”. */
export const multipleChoiceQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  title: 'Você pratica atividade física?',
  acronym: 'ATV',
  description: 'Considere os últimos 7 dias.',
  type: 'multiple-choice',
  config: {
    allowMultiple: false,
    alternatives: [
      { id: 'alt-sim', label: 'Sim', order: 0, subQuestionIds: ['5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c04'] },
      { id: 'alt-nao', label: 'Não', order: 1, subQuestionIds: [] },
    ],
  },
});

export const linearScaleQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02',
  title: 'Como você avalia sua fome hoje?',
  categoryId: habits.id,
  type: 'linear-scale',
  config: { min: 0, max: 10, minLabel: 'Sem fome', maxLabel: 'Muita fome' },
});

export const likertScaleQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c03',
  title: 'Sobre a sua alimentação',
  type: 'likert-scale',
  config: {
    statements: [
      { id: 'st-1', text: 'Como frutas todos os dias.' },
      { id: 'st-2', text: 'Bebo água suficiente.' },
    ],
    levels: [
      { id: 'lv-1', label: 'Discordo totalmente' },
      { id: 'lv-2', label: 'Discordo' },
      { id: 'lv-3', label: 'Neutro' },
      { id: 'lv-4', label: 'Concordo' },
      { id: 'lv-5', label: 'Concordo totalmente' },
    ],
  },
});

export const freeFieldQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c04',
  title: 'Quais atividades você praticou?',
  type: 'free-field',
  config: { multiline: true, maxLength: 500 },
});

export const fileUploadQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c05',
  title: 'Envie uma foto do seu almoço',
  type: 'file-upload',
  config: { acceptedTypes: ['image/jpeg', 'image/png'], maxSizeMb: 10 },
});

export const metricsQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c06',
  title: 'Qual é o seu peso hoje?',
  acronym: 'PESO',
  categoryId: measures.id,
  type: 'metrics',
  config: { unit: 'kg', decimals: 1, min: 20, max: 300 },
});

/** A draft: saved with only a title, incomplete configuration. */
export const draftQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c07',
  title: 'Quantas horas você dorme por noite?',
  categoryId: sleep.id,
  draft: true,
  type: 'linear-scale',
  config: {},
});

/** A question of the starter library: read-only, copyable. */
export const defaultQuestionFixture = question({
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c08',
  title: 'Qual é a sua circunferência abdominal?',
  acronym: 'CA',
  categoryId: measures.id,
  isDefault: true,
  type: 'metrics',
  config: { unit: 'cm', decimals: 1, min: 30, max: 250 },
});

export const questionFixtures: Question[] = [
  multipleChoiceQuestionFixture,
  linearScaleQuestionFixture,
  likertScaleQuestionFixture,
  freeFieldQuestionFixture,
  fileUploadQuestionFixture,
  metricsQuestionFixture,
  draftQuestionFixture,
  defaultQuestionFixture,
];

/** The id a created question (or a copy) gets in the mocks. */
export const createdQuestionId = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c99';

/** Where the mocked signed upload sends the file, and where it is served afterwards. */
export const signedUploadFixture: SignedUrlResponse = {
  key: 'professionals/story/question-image.png',
  downloadUrl: 'https://arquivos.acompanha.app/professionals/story/question-image.png',
  expiresAt: '2026-11-10T13:10:00.000Z',
  uploadData: {
    url: '/api/file/upload/story-token',
    metadata: { method: 'PUT', headers: { 'Content-Type': 'image/png' } },
  },
};

const now = '2026-11-10T14:00:00.000Z';
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Question, category and file calls answering as the API does when everything goes well. */
export const questionHandlers = {
  listCategories: http.get(api('/category'), () => HttpResponse.json(categoryFixtures)),
  listQuestions: http.get(api('/question'), ({ request }) => {
    const url = new URL(request.url);
    const search = url.searchParams.get('search')?.toLocaleLowerCase('pt-BR');
    const includeDrafts = url.searchParams.get('includeDrafts') === 'true';
    const items = questionFixtures.filter(
      (q) =>
        (includeDrafts || !q.draft) &&
        (!search ||
          q.title.toLocaleLowerCase('pt-BR').includes(search) ||
          (q.acronym ?? '').toLocaleLowerCase('pt-BR').includes(search)),
    );
    return HttpResponse.json({ items, total: items.length } satisfies QuestionPage);
  }),
  getQuestion: http.get(api('/question/:id'), ({ params }) => {
    const found = questionFixtures.find((q) => q.id === params.id);
    if (!found) return fail('QUESTION_NOT_FOUND');
    return HttpResponse.json(found);
  }),
  createQuestion: http.post(api('/question'), async ({ request }) => {
    const body = (await request.json()) as CreateQuestionData['body'];
    await delay(50);
    const created = question({
      ...body,
      id: createdQuestionId,
      draft: body.draft ?? false,
      config: (body.config ?? {}) as Question['config'],
      createdAt: now,
      updatedAt: now,
    });
    return HttpResponse.json(created, { status: 201 });
  }),
  updateQuestion: http.put(api('/question/:id'), async ({ params, request }) => {
    const body = (await request.json()) as NonNullable<UpdateQuestionData['body']>;
    await delay(50);
    const current =
      questionFixtures.find((q) => q.id === params.id) ??
      question({ id: String(params.id), title: '', type: 'free-field', config: {} });
    return HttpResponse.json({
      ...current,
      ...body,
      config: (body.config ?? current.config) as Question['config'],
      updatedAt: now,
    } satisfies Question);
  }),
  copyQuestion: http.post(api('/question/:id/copy'), async ({ params }) => {
    await delay(50);
    const source = questionFixtures.find((q) => q.id === params.id) ?? defaultQuestionFixture;
    return HttpResponse.json(
      {
        ...source,
        id: createdQuestionId,
        isDefault: false,
        copiedFromId: source.id,
        createdAt: now,
        updatedAt: now,
      } satisfies Question,
      {
        status: 201,
      },
    );
  }),
  /** The copy, once it exists (`GET /question/{createdQuestionId}`). */
  getCreatedQuestion: http.get(api(`/question/${createdQuestionId}`), () =>
    HttpResponse.json({
      ...defaultQuestionFixture,
      id: createdQuestionId,
      isDefault: false,
      copiedFromId: defaultQuestionFixture.id,
    } satisfies Question),
  ),
  createSignedUploadUrl: http.post(api('/file/signed-url'), async () => {
    await delay(50);
    return HttpResponse.json(signedUploadFixture);
  }),
  /** The uploaded image itself (a 1×1 PNG), so thumbnails load in stories. */
  downloadFile: http.get('https://arquivos.acompanha.app/*', () => {
    const bytes = Uint8Array.from(atob(ONE_PIXEL_PNG), (c) => c.charCodeAt(0));
    return new HttpResponse(bytes, { headers: { 'Content-Type': 'image/png' } });
  }),
  uploadFile: http.put(api('/file/upload/:token'), async ({ request }) => {
    const bytes = await request.arrayBuffer();
    await delay(50);
    return HttpResponse.json({
      key: signedUploadFixture.key,
      downloadUrl: signedUploadFixture.downloadUrl,
      contentType: request.headers.get('Content-Type') ?? 'application/octet-stream',
      contentSize: bytes.byteLength,
    } satisfies UploadResult);
  }),
};
