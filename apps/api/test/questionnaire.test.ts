import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultCategoryId,
  defaultQuestionId,
  DEFAULT_CATEGORIES,
  DEFAULT_QUESTIONS,
  seedLibrary,
} from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

type Res = { statusCode: number; json(): any; body: string };
const paths = (res: Res) => (res.json().details as { path: string[] }[]).map((d) => d.path.join('.')).sort();
const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};

const metricsQ = (categoryId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Peso de jejum',
  acronym: 'PJ',
  categoryId,
  type: 'metrics',
  config: { unit: 'kg', decimals: 1 },
  ...extra,
});

describe.each(backends)('categories, questions and quizzes on $name', (backend) => {
  let t: TestApp;
  let a: string; // professional A
  let b: string; // professional B
  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.signUp('ana@example.com');
    b = await t.signUp('bia@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('starter library', () => {
    it('has the default categories and at least 30 default questions, all valid, seeded idempotently', async () => {
      expect(DEFAULT_QUESTIONS.length).toBeGreaterThanOrEqual(30);
      await seedLibrary(t.database.db); // again: nothing changes
      const cats = await call('GET', '/category', a);
      expect(cats.statusCode).toBe(200);
      const names = cats.json().map((c: { name: string }) => c.name);
      for (const n of [
        'Antropometria',
        'Hidratação',
        'Sono',
        'Intestino',
        'Fome e saciedade',
        'Adesão ao plano',
        'Atividade física',
        'Humor e bem-estar',
        'Alimentação',
      ]) {
        expect(names).toContain(n);
      }
      expect(cats.json()).toHaveLength(DEFAULT_CATEGORIES.length);
      expect(cats.json().every((c: { isDefault: boolean }) => c.isDefault)).toBe(true);
      const list = await call('GET', '/question?origin=default&take=100', a);
      expect(list.statusCode).toBe(200);
      expect(list.json().total).toBe(DEFAULT_QUESTIONS.length);
      // Every default question is a valid published question (config checked by the same rules as POST).
      for (const q of list.json().items) {
        const { id: _id, isDefault, isActive: _a, copiedFromId: _c, createdAt: _cr, updatedAt: _u, ...body } = q;
        expect(isDefault).toBe(true);
        const check = await call('POST', '/question', b, body);
        expect(check.statusCode, `${q.title}: ${check.body}`).toBe(201);
        await call('DELETE', `/question/${check.json().id}`, b);
      }
      const weight = await call('GET', `/question/${defaultQuestionId('peso')}`, a);
      expect(weight.json()).toMatchObject({
        type: 'metrics',
        config: { unit: 'kg', decimals: 1 },
        isDefault: true,
        categoryId: defaultCategoryId('antropometria'),
      });
      const cravings = await call('GET', `/question/${defaultQuestionId('vontade')}`, a);
      expect(cravings.json().config.alternatives[0]).toMatchObject({
        label: 'Sim',
        subQuestionIds: [defaultQuestionId('qual-alimento')],
      });
      const bristol = await call('GET', `/question/${defaultQuestionId('bristol')}`, a);
      expect(bristol.json().config.alternatives).toHaveLength(7);
    });

    it('default categories and questions are read-only (403 NOT_OWNER) and questions are copyable', async () => {
      const catId = defaultCategoryId('sono');
      expectCode(await call('PUT', `/category/${catId}`, a, { name: 'X' }), 403, 'NOT_OWNER');
      expectCode(await call('DELETE', `/category/${catId}`, a), 403, 'NOT_OWNER');
      const qid = defaultQuestionId('sono-qualidade');
      expectCode(await call('PUT', `/question/${qid}`, a, { title: 'X' }), 403, 'NOT_OWNER');
      expectCode(await call('DELETE', `/question/${qid}`, a), 403, 'NOT_OWNER');
      const copy = await call('POST', `/question/${qid}/copy`, a);
      expect(copy.statusCode).toBe(201);
      expect(copy.json()).toMatchObject({
        isDefault: false,
        copiedFromId: qid,
        type: 'linear-scale',
        config: { min: 1, max: 5 },
      });
      const edited = await call('PUT', `/question/${copy.json().id}`, a, { title: 'Como você dormiu?' });
      expect(edited.json()).toMatchObject({
        title: 'Como você dormiu?',
        config: { min: 1, max: 5, minLabel: 'Muito ruim' },
      });
      expect((await call('GET', `/question/${qid}`, a)).json().title).not.toBe('Como você dormiu?');
      expect((await call('GET', `/question/${copy.json().id}`, b)).statusCode).toBe(404);
    });
  });

  describe('categories', () => {
    it('CRUD with questionCount; delete refused with 409 CATEGORY_HAS_QUESTIONS while in use', async () => {
      const created = await call('POST', '/category', a, { name: '  Exames  ', color: '#ff0000' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Exames', color: '#FF0000', isDefault: false, questionCount: 0 });
      const id = created.json().id as string;
      const q = await call('POST', '/question', a, metricsQ(id));
      expect(q.statusCode, q.body).toBe(201);
      expect((await call('GET', `/category/${id}`, a)).json().questionCount).toBe(1);
      expectCode(await call('DELETE', `/category/${id}`, a), 409, 'CATEGORY_HAS_QUESTIONS');
      const renamed = await call('PUT', `/category/${id}`, a, { name: 'Exames laboratoriais' });
      expect(renamed.json()).toMatchObject({ name: 'Exames laboratoriais', color: '#FF0000' });
      expect((await call('DELETE', `/question/${q.json().id}`, a)).json()).toEqual({
        id: q.json().id,
        mode: 'deleted',
      });
      expect((await call('DELETE', `/category/${id}`, a)).statusCode).toBe(204);
      expectCode(await call('GET', `/category/${id}`, a), 404, 'NOT_FOUND');
    });

    it('bad input → 400 with field paths', async () => {
      const res = await call('POST', '/category', a, { name: '', color: 'red' });
      expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(res)).toEqual(['color', 'name']);
      expectCode(await call('GET', '/category/not-a-uuid', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it("another professional's category is invisible (404) and never returned", async () => {
      const mine = (await call('POST', '/category', a, { name: 'Privada', color: '#000' })).json();
      for (const [m, body] of [['GET'], ['PUT', { name: 'hack' }], ['DELETE']] as const) {
        const res = await call(m, `/category/${mine.id}`, b, body);
        expectCode(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain('Privada');
      }
      expect((await call('GET', '/category', b)).json().map((c: { id: string }) => c.id)).not.toContain(mine.id);
      expectCode(await call('POST', '/question', b, metricsQ(mine.id)), 400, 'WRONG_COMMAND_PARAMETERS');
    });
  });

  describe('questions', () => {
    const catId = defaultCategoryId('geral');

    it('creates every type and validates each config with field paths', async () => {
      const bodies = [
        {
          type: 'multiple-choice',
          config: {
            allowMultiple: false,
            alternatives: [
              { id: 'x', label: 'Sim', order: 0, subQuestionIds: [] },
              { id: 'y', label: 'Não', order: 1, subQuestionIds: [] },
            ],
          },
        },
        { type: 'linear-scale', config: { min: 0, max: 10, minLabel: 'Nada', maxLabel: 'Muito' } },
        {
          type: 'likert-scale',
          config: {
            statements: [{ id: 's', text: 'Gosto' }],
            levels: [
              { id: '1', label: 'Não' },
              { id: '2', label: 'Talvez' },
              { id: '3', label: 'Sim' },
            ],
          },
        },
        { type: 'free-field', config: { multiline: true, maxLength: 500 } },
        { type: 'file-upload', config: { acceptedTypes: ['image/png', 'application/pdf'], maxSizeMb: 5 } },
        { type: 'metrics', config: { unit: 'cintura-cm', decimals: 0, min: 0, max: 10 } },
      ];
      for (const body of bodies) {
        const res = await call('POST', '/question', a, { title: `Q ${body.type}`, categoryId: catId, ...body });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ ...body, draft: false, isDefault: false, isActive: true });
      }
      const bad = [
        [
          {
            type: 'multiple-choice',
            config: { allowMultiple: false, alternatives: [{ id: 'x', label: 'Sim', order: 0, subQuestionIds: [] }] },
          },
          ['config.alternatives'],
        ],
        [
          {
            type: 'multiple-choice',
            config: {
              allowMultiple: false,
              alternatives: [
                { id: 'x', label: 'Sim', order: 0, subQuestionIds: [] },
                { id: 'y', label: 'sim', order: 1, subQuestionIds: [] },
              ],
            },
          },
          ['config.alternatives.1.label'],
        ],
        [{ type: 'linear-scale', config: { min: 1, max: 11 } }, ['config.max']],
        [{ type: 'linear-scale', config: { min: 2, max: 5 } }, ['config.min']],
        [
          { type: 'likert-scale', config: { statements: [], levels: [{ id: '1', label: 'a' }] } },
          ['config.levels', 'config.statements'],
        ],
        [{ type: 'free-field', config: { multiline: true, maxLength: 6000 } }, ['config.maxLength']],
        [
          { type: 'file-upload', config: { acceptedTypes: ['text/html'], maxSizeMb: 30 } },
          ['config.acceptedTypes.0', 'config.maxSizeMb'],
        ],
        [
          { type: 'metrics', config: { unit: 'unidade-longa-demais', decimals: 4 } },
          ['config.decimals', 'config.unit'],
        ],
        [{ type: 'metrics' }, ['config']],
      ] as const;
      for (const [body, expected] of bad) {
        const res = await call('POST', '/question', a, { title: 'Ruim', categoryId: catId, ...body });
        expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
        expect(paths(res), JSON.stringify(body)).toEqual(expected);
      }
      const missing = await call('POST', '/question', a, { type: 'nope', config: {} });
      expectCode(missing, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(missing)).toEqual(expect.arrayContaining(['categoryId', 'title', 'type']));
    });

    it('lists with filters: origin, category, type, accent/case-insensitive search, drafts, pagination', async () => {
      const cat = (await call('POST', '/category', a, { name: 'Filtros', color: '#123456' })).json().id;
      await call('POST', '/question', a, metricsQ(cat, { title: 'Ingestão de Açúcar', acronym: 'AÇÚCAR' }));
      await call('POST', '/question', a, {
        title: 'Rascunho de açúcar',
        categoryId: cat,
        type: 'multiple-choice',
        draft: true,
        config: { alternatives: [] },
      });
      const byCat = (await call('GET', `/question?categoryId=${cat}`, a)).json();
      expect(byCat.total).toBe(1);
      expect((await call('GET', `/question?categoryId=${cat}&includeDrafts=true`, a)).json().total).toBe(2);
      const search = (await call('GET', `/question?search=${encodeURIComponent('acucar')}&origin=own`, a)).json();
      expect(search.items.map((q: { title: string }) => q.title)).toEqual(['Ingestão de Açúcar']);
      expect((await call('GET', `/question?search=ACUC&origin=own&includeDrafts=true`, a)).json().total).toBe(2);
      expect((await call('GET', `/question?search=${encodeURIComponent('açúcar')}`, b)).json().total).toBe(0);
      const defaults = (await call('GET', '/question?origin=default&type=metrics&take=100', a)).json();
      expect(defaults.items.length).toBeGreaterThan(3);
      expect(
        defaults.items.every((q: { type: string; isDefault: boolean }) => q.type === 'metrics' && q.isDefault),
      ).toBe(true);
      const page = (await call('GET', '/question?take=5&skip=5', a)).json();
      expect(page.items).toHaveLength(5);
      expect(page.total).toBeGreaterThan(30);
      const all = (await call('GET', '/question?origin=all&take=100', a)).json();
      expect(all.items.some((q: { isDefault: boolean }) => !q.isDefault)).toBe(true);
      expect(all.items.some((q: { isDefault: boolean }) => q.isDefault)).toBe(true);
      const bad = await call('GET', '/question?take=101&origin=mine', a);
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['origin', 'take']);
    });

    it('drafts: relaxed validation, then published with PUT only when complete', async () => {
      const draft = await call('POST', '/question', a, {
        title: 'Em construção',
        categoryId: catId,
        type: 'likert-scale',
        draft: true,
        config: { statements: [] },
      });
      expect(draft.statusCode, draft.body).toBe(201);
      expect(draft.json()).toMatchObject({ draft: true, config: { statements: [] } });
      const noTitle = await call('POST', '/question', a, { categoryId: catId, type: 'likert-scale', draft: true });
      expect(paths(noTitle)).toEqual(['title']);
      const publish = await call('PUT', `/question/${draft.json().id}`, a, { draft: false });
      expectCode(publish, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(publish)).toEqual(['config.levels', 'config.statements']);
      const ok = await call('PUT', `/question/${draft.json().id}`, a, {
        draft: false,
        config: {
          statements: [{ id: 's1', text: 'Comi bem' }],
          levels: ['1', '2', '3'].map((id) => ({ id, label: `N${id}` })),
        },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().draft).toBe(false);
    });

    it('sub-questions: own or default, not itself, not drafts, one level only', async () => {
      const sub = (
        await call('POST', '/question', a, {
          title: 'Qual?',
          categoryId: catId,
          type: 'free-field',
          config: { multiline: false, maxLength: 100 },
        })
      ).json();
      const draft = (
        await call('POST', '/question', a, { title: 'Rasc', categoryId: catId, type: 'free-field', draft: true })
      ).json();
      const foreign = (
        await call('POST', '/question', b, {
          title: 'Dela',
          categoryId: catId,
          type: 'free-field',
          config: { multiline: false, maxLength: 100 },
        })
      ).json();
      const mcBody = (subs: string[]) => ({
        title: 'Teve sintomas?',
        categoryId: catId,
        type: 'multiple-choice',
        config: {
          allowMultiple: false,
          alternatives: [
            { id: 's', label: 'Sim', order: 0, subQuestionIds: subs },
            { id: 'n', label: 'Não', order: 1, subQuestionIds: [] },
          ],
        },
      });
      const ok = await call('POST', '/question', a, mcBody([sub.id, defaultQuestionId('qual-alimento')]));
      expect(ok.statusCode, ok.body).toBe(201);
      const bad = await call('POST', '/question', a, mcBody([draft.id, foreign.id, defaultQuestionId('vontade')]));
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual([
        'config.alternatives.0.subQuestionIds.0',
        'config.alternatives.0.subQuestionIds.1',
        'config.alternatives.0.subQuestionIds.2',
      ]);
      expect(bad.body).not.toContain('Dela');
      const self = await call('PUT', `/question/${ok.json().id}`, a, mcBody([ok.json().id]));
      expect(paths(self)).toEqual(['config.alternatives.0.subQuestionIds.0']);
      // `sub` is a sub-question of `ok`: it cannot get sub-questions of its own.
      const nest = await call('PUT', `/question/${sub.id}`, a, mcBody([defaultQuestionId('qual-alimento')]));
      expectCode(nest, 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it("another professional's question: 404 QUESTION_NOT_FOUND everywhere, never data", async () => {
      const mine = (await call('POST', '/question', a, metricsQ(catId, { title: 'Segredo da Ana' }))).json();
      for (const [m, url, body] of [
        ['GET', `/question/${mine.id}`],
        ['PUT', `/question/${mine.id}`, { title: 'hack' }],
        ['DELETE', `/question/${mine.id}`],
        ['POST', `/question/${mine.id}/copy`],
      ] as const) {
        const res = await call(m, url, b, body);
        expectCode(res, 404, 'QUESTION_NOT_FOUND');
        expect(res.body).not.toContain('Segredo');
      }
      expect((await call('GET', '/question?search=segredo', b)).json().total).toBe(0);
      expect((await call('GET', `/question/${mine.id}`, a)).json().title).toBe('Segredo da Ana');
    });
  });

  describe('quizzes', () => {
    const catId = defaultCategoryId('geral');
    let q1: string;
    let q2: string;
    let mcId: string;
    let subId: string;
    let draftId: string;
    let foreignId: string;

    beforeAll(async () => {
      q1 = (await call('POST', '/question', a, metricsQ(catId, { title: 'Q1' }))).json().id;
      q2 = (await call('POST', '/question', a, metricsQ(catId, { title: 'Q2' }))).json().id;
      subId = (
        await call('POST', '/question', a, {
          title: 'Sub',
          categoryId: catId,
          type: 'free-field',
          config: { multiline: false, maxLength: 50 },
        })
      ).json().id;
      mcId = (
        await call('POST', '/question', a, {
          title: 'MC',
          categoryId: catId,
          type: 'multiple-choice',
          config: {
            allowMultiple: false,
            alternatives: [
              { id: 's', label: 'Sim', order: 0, subQuestionIds: [subId] },
              { id: 'n', label: 'Não', order: 1, subQuestionIds: [] },
            ],
          },
        })
      ).json().id;
      draftId = (
        await call('POST', '/question', a, { title: 'Rascunho', categoryId: catId, type: 'metrics', draft: true })
      ).json().id;
      foreignId = (await call('POST', '/question', b, metricsQ(catId, { title: 'Da Bia' }))).json().id;
    });

    it('creates, reads (with resolved questions and built-in appearance), lists and searches', async () => {
      const res = await call('POST', '/quiz', a, {
        title: 'Retorno Semanal',
        description: 'Acompanhamento',
        folder: { title: 'Olá!', buttonColors: { background: '#030712' } },
        chosenQuestions: [
          { id: q1 },
          { id: mcId, subquestions: [{ id: subId }] },
          { id: defaultQuestionId('peso'), enabled: false },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const quiz = res.json();
      expect(quiz).toMatchObject({
        title: 'Retorno Semanal',
        isActive: true,
        appearanceId: null,
        questionsList: [q1, mcId, defaultQuestionId('peso')],
        chosenQuestions: [
          { id: q1, enabled: true, subquestions: [] },
          { id: mcId, enabled: true, subquestions: [{ id: subId }] },
          { id: defaultQuestionId('peso'), enabled: false, subquestions: [] },
        ],
        questionCount: 3,
        folder: {
          title: 'Olá!',
          image: null,
          subtitle: null,
          quizTitle: null,
          titlesColor: null,
          buttonTitle: null,
          buttonColors: { background: '#030712', text: null },
        },
        appearance: {
          id: null,
          subtitle: 'Nutricionista',
          forwardText: 'Prosseguir',
          colorScheme: { body: { primary: '#030712' } },
        },
      });
      expect(quiz.questions.map((q: { id: string }) => q.id).sort()).toEqual(
        [q1, mcId, subId, defaultQuestionId('peso')].sort(),
      );
      const got = await call('GET', `/quiz/${quiz.id}`, a);
      expect(got.json()).toEqual(quiz);
      await call('POST', '/quiz', a, { title: 'Anamnese Inicial' });
      const list = (await call('GET', '/quiz', a)).json();
      expect(list.total).toBe(2);
      expect(list.items[0]).toMatchObject({ title: 'Anamnese Inicial', questionCount: 0 });
      expect(list.items[1]).toMatchObject({ title: 'Retorno Semanal', questionCount: 3 });
      expect(
        (await call('GET', `/quiz?search=${encodeURIComponent('RETORNO semanal')}`, a))
          .json()
          .items.map((q: { id: string }) => q.id),
      ).toEqual([quiz.id]);
      expect((await call('GET', '/quiz?take=1&skip=1', a)).json()).toMatchObject({
        total: 2,
        items: [{ id: quiz.id }],
      });
      expect((await call('GET', '/quiz', b)).json()).toEqual({ items: [], total: 0 });
      const patients = await call('GET', `/professional/me/quiz/${quiz.id}/patients`, a);
      expect(patients.json()).toEqual({ items: [], total: 0 });
      expectCode(await call('GET', `/professional/me/quiz/${quiz.id}/patients`, b), 404, 'QUIZ_NOT_FOUND');
    });

    it('flowchart validation: duplicates, drafts, foreign/unknown questions, sub-questions → UPDATE_QUESTIONS_ERROR with details', async () => {
      const quiz = (await call('POST', '/quiz', a, { title: 'Validação' })).json();
      const res = await call('PUT', `/quiz/${quiz.id}`, a, {
        chosenQuestions: [
          { id: q1 },
          { id: q1 },
          { id: draftId },
          { id: foreignId },
          { id: '00000000-0000-4000-8000-000000000000' },
          { id: mcId, subquestions: [{ id: q2 }] },
          { id: q2, subquestions: [{ id: subId }] },
        ],
      });
      expectCode(res, 400, 'UPDATE_QUESTIONS_ERROR');
      expect(paths(res)).toEqual([
        'chosenQuestions.1.id',
        'chosenQuestions.2.id',
        'chosenQuestions.3.id',
        'chosenQuestions.4.id',
        'chosenQuestions.5.subquestions.0.id',
        'chosenQuestions.6.subquestions.0.id',
      ]);
      expect(res.body).not.toContain('Da Bia');
      expect((await call('GET', `/quiz/${quiz.id}`, a)).json().questionsList).toEqual([]);
      const draftAdd = await call('POST', `/quiz/${quiz.id}/question`, a, { questionId: draftId });
      expectCode(draftAdd, 400, 'UPDATE_QUESTIONS_ERROR');
      expect(draftAdd.json().details[0]).toMatchObject({
        path: ['questionId'],
        message: expect.stringContaining('rascunho'),
      });
      expectCode(
        await call('POST', `/quiz/${quiz.id}/question`, a, { questionId: foreignId }),
        400,
        'UPDATE_QUESTIONS_ERROR',
      );
      const bad = await call('PUT', `/quiz/${quiz.id}`, a, {
        title: '',
        folder: { titlesColor: 'azul' },
        chosenQuestions: [{ id: 'x' }],
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['chosenQuestions.0.id', 'folder.titlesColor', 'title']);
    });

    it('adds at an index, disables and enables a question, saves the whole flowchart, duplicates and disables', async () => {
      const quiz = (
        await call('POST', '/quiz', a, { title: 'Fluxo', chosenQuestions: [{ id: q1 }, { id: q2 }] })
      ).json();
      const added = await call('POST', `/quiz/${quiz.id}/question`, a, { questionId: mcId, index: 1 });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().questionsList).toEqual([q1, mcId, q2]);
      expectCode(await call('POST', `/quiz/${quiz.id}/question`, a, { questionId: q1 }), 400, 'UPDATE_QUESTIONS_ERROR');
      const end = await call('POST', `/quiz/${quiz.id}/question`, a, { questionId: defaultQuestionId('agua') });
      expect(end.json().questionsList).toEqual([q1, mcId, q2, defaultQuestionId('agua')]);
      const off = await call('DELETE', `/quiz/${quiz.id}/question/${q2}`, a);
      expect(off.json().chosenQuestions.find((c: { id: string }) => c.id === q2).enabled).toBe(false);
      const on = await call('PUT', `/quiz/${quiz.id}/question/${q2}`, a);
      expect(on.json().chosenQuestions.find((c: { id: string }) => c.id === q2).enabled).toBe(true);
      expectCode(await call('DELETE', `/quiz/${quiz.id}/question/${subId}`, a), 404, 'QUESTION_NOT_FOUND');
      const saved = await call('PUT', `/quiz/${quiz.id}`, a, {
        title: 'Fluxo 2',
        folder: { quizTitle: 'Check-in' },
        chosenQuestions: [
          { id: mcId, subquestions: [{ id: subId }] },
          { id: q1, enabled: false },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        title: 'Fluxo 2',
        folder: { quizTitle: 'Check-in' },
        questionsList: [mcId, q1],
        chosenQuestions: [
          { id: mcId, enabled: true, subquestions: [{ id: subId }] },
          { id: q1, enabled: false, subquestions: [] },
        ],
      });
      const dup = await call('POST', `/quiz/${quiz.id}/duplicate`, a);
      expect(dup.statusCode).toBe(201);
      expect(dup.json()).toMatchObject({
        title: 'Fluxo 2 (cópia)',
        questionsList: [mcId, q1],
        folder: { quizTitle: 'Check-in' },
      });
      expect(dup.json().id).not.toBe(quiz.id);
      expect((await call('DELETE', `/quiz/${quiz.id}`, a)).statusCode).toBe(204);
      const disabled = await call('GET', `/quiz/${quiz.id}`, a);
      expect(disabled.json()).toMatchObject({ isActive: false, questionsList: [mcId, q1] });
      const active = (await call('GET', '/quiz?status=active&take=100', a))
        .json()
        .items.map((x: { id: string }) => x.id);
      expect(active).not.toContain(quiz.id);
      const inactive = (await call('GET', '/quiz?status=inactive', a)).json().items.map((x: { id: string }) => x.id);
      expect(inactive).toEqual([quiz.id]);
    });

    it('deleting a question used by a quiz only disables it in the bank; the quiz keeps it', async () => {
      const q = (await call('POST', '/question', a, metricsQ(catId, { title: 'Usada' }))).json();
      const quiz = (await call('POST', '/quiz', a, { title: 'Histórico', chosenQuestions: [{ id: q.id }] })).json();
      expect((await call('DELETE', `/question/${q.id}`, a)).json()).toEqual({ id: q.id, mode: 'disabled' });
      expect((await call('GET', `/question/${q.id}`, a)).json().isActive).toBe(false);
      expect((await call('GET', '/question?search=usada&origin=own', a)).json().total).toBe(0);
      const detail = (await call('GET', `/quiz/${quiz.id}`, a)).json();
      expect(detail.questions).toEqual([expect.objectContaining({ id: q.id, isActive: false })]);
      // Saving the flowchart it already had still works; adding it to another quiz does not.
      expect((await call('PUT', `/quiz/${quiz.id}`, a, { chosenQuestions: [{ id: q.id }] })).statusCode).toBe(200);
      const other = (await call('POST', '/quiz', a, { title: 'Outro' })).json();
      expectCode(
        await call('POST', `/quiz/${other.id}/question`, a, { questionId: q.id }),
        400,
        'UPDATE_QUESTIONS_ERROR',
      );
      // A question used as a sub-question is only disabled too.
      expect((await call('DELETE', `/question/${subId}`, a)).json().mode).toBe('disabled');
    });

    it("another professional's quiz: 404 QUIZ_NOT_FOUND everywhere, never data", async () => {
      const quiz = (await call('POST', '/quiz', a, { title: 'Quiz secreto', chosenQuestions: [{ id: q1 }] })).json();
      for (const [m, url, body] of [
        ['GET', `/quiz/${quiz.id}`],
        ['PUT', `/quiz/${quiz.id}`, { title: 'hack' }],
        ['DELETE', `/quiz/${quiz.id}`],
        ['POST', `/quiz/${quiz.id}/duplicate`],
        ['POST', `/quiz/${quiz.id}/question`, { questionId: foreignId }],
        ['DELETE', `/quiz/${quiz.id}/question/${q1}`],
        ['PUT', `/quiz/${quiz.id}/question/${q1}`],
      ] as const) {
        const res = await call(m, url, b, body);
        expectCode(res, 404, 'QUIZ_NOT_FOUND');
        expect(res.body).not.toContain('secreto');
      }
      const got = (await call('GET', `/quiz/${quiz.id}`, a)).json();
      expect(got).toMatchObject({
        title: 'Quiz secreto',
        isActive: true,
        chosenQuestions: [{ id: q1, enabled: true }],
      });
      // B cannot attach A's appearance either.
      const app = (await call('POST', '/quiz/my/appearance', a, { name: 'Da Ana' })).json();
      const res = await call('POST', '/quiz', b, { title: 'X', appearanceId: app.id });
      expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(res)).toEqual(['appearanceId']);
    });

    it('needs a token', async () => {
      for (const url of ['/api/quiz', '/api/question', '/api/category', '/api/quiz/my/appearance']) {
        expectCode(await t.call({ method: 'GET', url }), 401, 'Unauthorized');
      }
    });
  });
});
