import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { findOwnQuiz, type QuizRow } from './lookup.js';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { quizQuestions, quizzes } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import type { ValidationIssue } from '../errors/schemas.js';
import { findOwnAppearance, resolveAppearance } from '../appearance/service.js';
import { likeContains, searchable } from '../lib/text.js';
import { loadVisibleQuestions, questionNotFound, subQuestionIdsOf, toQuestionDto } from '../question/service.js';
import type {
  AddQuizQuestionBody,
  ChosenQuestionSchema,
  CreateQuizBody,
  ListQuizzesQuery,
  QuizDetailSchema,
  QuizFolderSchema,
  QuizSchema,
  UpdateQuizBody,
} from './schemas.js';

type Chosen = z.infer<typeof ChosenQuestionSchema>;
type Folder = z.infer<typeof QuizFolderSchema>;
export type QuizDto = z.infer<typeof QuizSchema>;
export type QuizDetailDto = z.infer<typeof QuizDetailSchema>;
type ChosenInput = { id: string; enabled?: boolean; subquestions?: { id: string }[] };

const EMPTY_FOLDER: Folder = {
  title: null,
  image: null,
  subtitle: null,
  quizTitle: null,
  titlesColor: null,
  buttonTitle: null,
  buttonColors: { background: null, text: null },
};

function mergeFolder(current: Partial<Folder> | undefined, patch: z.infer<typeof CreateQuizBody>['folder']): Folder {
  const base: Folder = {
    ...EMPTY_FOLDER,
    ...current,
    buttonColors: { ...EMPTY_FOLDER.buttonColors, ...current?.buttonColors },
  };
  if (!patch) return base;
  const out: Folder = { ...base, buttonColors: { ...base.buttonColors } };
  for (const k of ['title', 'image', 'subtitle', 'quizTitle', 'titlesColor', 'buttonTitle'] as const) {
    if (patch[k] !== undefined) out[k] = patch[k] ?? null;
  }
  if (patch.buttonColors?.background !== undefined) out.buttonColors.background = patch.buttonColors.background;
  if (patch.buttonColors?.text !== undefined) out.buttonColors.text = patch.buttonColors.text;
  return out;
}

async function loadChosen(db: Executor, quizIds: string[]): Promise<Map<string, Chosen[]>> {
  const out = new Map<string, Chosen[]>(quizIds.map((id) => [id, []]));
  if (quizIds.length === 0) return out;
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(inArray(quizQuestions.quizId, quizIds))
    .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.position));
  for (const r of rows) {
    out
      .get(r.quizId)!
      .push({ id: r.questionId, enabled: r.enabled, subquestions: r.subquestionIds.map((id) => ({ id })) });
  }
  return out;
}

function toQuizDto(row: QuizRow, chosen: Chosen[]): QuizDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    isActive: row.isActive,
    appearanceId: row.appearanceId,
    folder: mergeFolder(row.folder as Partial<Folder>, undefined),
    questionsList: chosen.map((c) => c.id),
    chosenQuestions: chosen,
    questionCount: chosen.length,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const updateQuestionsError = (issues: ValidationIssue[]) =>
  new AppError(400, 'UPDATE_QUESTIONS_ERROR', 'Não foi possível atualizar as perguntas do questionário.', issues);

/**
 * Validates a whole flowchart: no duplicates, only the professional's own or default questions,
 * no drafts, sub-questions offered by the question's alternatives. Questions removed from the bank
 * may stay only where the quiz already had them.
 */
async function validateChosen(
  db: Executor,
  professionalId: string,
  list: ChosenInput[],
  already: Set<string>,
): Promise<Chosen[]> {
  const ids = list.flatMap((c) => [c.id, ...(c.subquestions ?? []).map((s) => s.id)]);
  const found = await loadVisibleQuestions(db, professionalId, ids);
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  list.forEach((c, i) => {
    const path = ['chosenQuestions', String(i), 'id'];
    const q = found.get(c.id);
    if (seen.has(c.id)) issues.push({ path, message: 'Pergunta repetida no questionário.' });
    seen.add(c.id);
    if (!q || (!q.isActive && !already.has(c.id)))
      return void issues.push({ path, message: 'Pergunta não encontrada.' });
    if (q.draft)
      issues.push({
        path,
        message: `A pergunta "${q.title}" é um rascunho e não pode ser adicionada ao questionário.`,
      });
    const offered = new Set(subQuestionIdsOf(q.type, q.config));
    const subSeen = new Set<string>();
    (c.subquestions ?? []).forEach((s, j) => {
      const subPath = ['chosenQuestions', String(i), 'subquestions', String(j), 'id'];
      const sub = found.get(s.id);
      if (subSeen.has(s.id)) issues.push({ path: subPath, message: 'Sub-pergunta repetida.' });
      subSeen.add(s.id);
      if (!offered.has(s.id))
        issues.push({ path: subPath, message: 'Esta sub-pergunta não pertence às alternativas da pergunta.' });
      else if (!sub) issues.push({ path: subPath, message: 'Sub-pergunta não encontrada.' });
      else if (sub.draft) issues.push({ path: subPath, message: 'Rascunhos não podem ser sub-perguntas.' });
    });
  });
  if (issues.length) throw updateQuestionsError(issues);
  return list.map((c) => ({
    id: c.id,
    enabled: c.enabled ?? true,
    subquestions: (c.subquestions ?? []).map((s) => ({ id: s.id })),
  }));
}

async function saveChosen(db: Executor, quizId: string, list: Chosen[]): Promise<void> {
  await db.delete(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  if (list.length === 0) return;
  await db.insert(quizQuestions).values(
    list.map((c, position) => ({
      quizId,
      questionId: c.id,
      position,
      enabled: c.enabled,
      subquestionIds: c.subquestions.map((s) => s.id),
    })),
  );
}

async function checkAppearance(
  db: Executor,
  professionalId: string,
  appearanceId: string | null | undefined,
): Promise<void> {
  if (appearanceId && !(await findOwnAppearance(db, professionalId, appearanceId))) {
    throw errors.field(['appearanceId'], 'Aparência não encontrada.');
  }
}

export async function getQuizDetail(db: Executor, professionalId: string, id: string): Promise<QuizDetailDto> {
  const row = await findOwnQuiz(db, professionalId, id);
  const chosen = (await loadChosen(db, [id])).get(id) ?? [];
  const ids = chosen.flatMap((c) => [c.id, ...c.subquestions.map((s) => s.id)]);
  const found = await loadVisibleQuestions(db, professionalId, ids);
  const questions = [...new Set(ids)].flatMap((qid) => {
    const q = found.get(qid);
    return q ? [toQuestionDto(q)] : [];
  });
  return {
    ...toQuizDto(row, chosen),
    questions,
    appearance: await resolveAppearance(db, professionalId, row.appearanceId),
  };
}

export async function listQuizzes(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListQuizzesQuery>,
): Promise<{ items: QuizDto[]; total: number }> {
  const conds: (SQL | undefined)[] = [eq(quizzes.professionalId, professionalId)];
  if (q.status !== 'all') conds.push(eq(quizzes.isActive, q.status === 'active'));
  if (q.search && searchable(q.search)) conds.push(sql`${quizzes.searchText} LIKE ${likeContains(q.search)}`);
  const where = and(...conds);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(quizzes).where(where);
  const rows = await ctx.db
    .select()
    .from(quizzes)
    .where(where)
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(q.take)
    .offset(q.skip);
  const chosen = await loadChosen(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toQuizDto(r, chosen.get(r.id) ?? [])), total: Number(n) };
}

export async function createQuiz(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateQuizBody>,
): Promise<QuizDetailDto> {
  await checkAppearance(ctx.db, professionalId, body.appearanceId);
  const chosen = await validateChosen(ctx.db, professionalId, body.chosenQuestions ?? [], new Set());
  const now = ctx.config.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizzes)
      .values({
        professionalId,
        title: body.title,
        description: body.description ?? null,
        appearanceId: body.appearanceId ?? null,
        folder: mergeFolder(undefined, body.folder),
        searchText: searchable(body.title),
        updatedAt: now,
      })
      .returning({ id: quizzes.id });
    await saveChosen(tx, row!.id, chosen);
    return row!.id;
  });
  return getQuizDetail(ctx.db, professionalId, id);
}

export async function updateQuiz(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateQuizBody>,
): Promise<QuizDetailDto> {
  const current = await findOwnQuiz(ctx.db, professionalId, id);
  await checkAppearance(ctx.db, professionalId, body.appearanceId);
  let chosen: Chosen[] | undefined;
  if (body.chosenQuestions) {
    const already = new Set(
      ((await loadChosen(ctx.db, [id])).get(id) ?? []).flatMap((c) => [c.id, ...c.subquestions.map((s) => s.id)]),
    );
    chosen = await validateChosen(ctx.db, professionalId, body.chosenQuestions, already);
  }
  const set: Partial<typeof quizzes.$inferInsert> = { updatedAt: ctx.config.now() };
  if (body.title !== undefined) {
    set.title = body.title;
    set.searchText = searchable(body.title);
  }
  if (body.description !== undefined) set.description = body.description;
  if (body.appearanceId !== undefined) set.appearanceId = body.appearanceId;
  if (body.folder !== undefined) set.folder = mergeFolder(current.folder as Partial<Folder>, body.folder);
  await ctx.db.transaction(async (tx) => {
    await tx.update(quizzes).set(set).where(eq(quizzes.id, id));
    if (chosen) await saveChosen(tx, id, chosen);
  });
  return getQuizDetail(ctx.db, professionalId, id);
}

/** Disables the quiz (history kept). */
export async function disableQuiz(ctx: AppContext, professionalId: string, id: string): Promise<void> {
  await findOwnQuiz(ctx.db, professionalId, id);
  await ctx.db.update(quizzes).set({ isActive: false, updatedAt: ctx.config.now() }).where(eq(quizzes.id, id));
}

export async function duplicateQuiz(ctx: AppContext, professionalId: string, id: string): Promise<QuizDetailDto> {
  const src = await findOwnQuiz(ctx.db, professionalId, id);
  const chosen = (await loadChosen(ctx.db, [id])).get(id) ?? [];
  const now = ctx.config.now();
  const title = `${src.title} (cópia)`.slice(0, 200);
  const newId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizzes)
      .values({
        professionalId,
        title,
        description: src.description,
        appearanceId: src.appearanceId,
        folder: src.folder,
        searchText: searchable(title),
        updatedAt: now,
      })
      .returning({ id: quizzes.id });
    await saveChosen(tx, row!.id, chosen);
    return row!.id;
  });
  return getQuizDetail(ctx.db, professionalId, newId);
}

export async function addQuizQuestion(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof AddQuizQuestionBody>,
): Promise<QuizDetailDto> {
  await findOwnQuiz(ctx.db, professionalId, id);
  const current = (await loadChosen(ctx.db, [id])).get(id) ?? [];
  const next: ChosenInput[] = [...current];
  const index = Math.min(body.index ?? next.length, next.length);
  next.splice(index, 0, { id: body.questionId, enabled: true, subquestions: [] });
  const already = new Set(current.map((c) => c.id));
  let chosen: Chosen[];
  try {
    chosen = await validateChosen(ctx.db, professionalId, next, already);
  } catch (err) {
    // Report the problems of the added question under `questionId`.
    if (err instanceof AppError && Array.isArray(err.details)) {
      const mine = err.details.filter((d) => d.path[1] === String(index) || d.message.includes('repetida'));
      throw updateQuestionsError(
        (mine.length ? mine : err.details).map((d) => ({ path: ['questionId'], message: d.message })),
      );
    }
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await saveChosen(tx, id, chosen);
    await tx.update(quizzes).set({ updatedAt: ctx.config.now() }).where(eq(quizzes.id, id));
  });
  return getQuizDetail(ctx.db, professionalId, id);
}

/** Enables or disables one question of the flowchart. */
export async function setQuizQuestionEnabled(
  ctx: AppContext,
  professionalId: string,
  id: string,
  questionId: string,
  enabled: boolean,
): Promise<QuizDetailDto> {
  await findOwnQuiz(ctx.db, professionalId, id);
  const [row] = await ctx.db
    .update(quizQuestions)
    .set({ enabled })
    .where(and(eq(quizQuestions.quizId, id), eq(quizQuestions.questionId, questionId)))
    .returning();
  if (!row) throw questionNotFound();
  await ctx.db.update(quizzes).set({ updatedAt: ctx.config.now() }).where(eq(quizzes.id, id));
  return getQuizDetail(ctx.db, professionalId, id);
}

/** Ownership check for the patients list (scheduling lands in a later issue). */
export async function assertOwnQuiz(ctx: AppContext, professionalId: string, id: string): Promise<void> {
  await findOwnQuiz(ctx.db, professionalId, id);
}
