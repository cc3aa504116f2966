import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { questions, quizQuestions, type QuestionType } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import type { ValidationIssue } from '../errors/schemas.js';
import { findVisibleCategory } from '../category/service.js';
import { likeContains, searchable } from '../lib/text.js';
import {
  TypedConfigSchema,
  type CreateQuestionBody,
  type ListQuestionsQuery,
  type QuestionSchema,
  type UpdateQuestionBody,
} from './schemas.js';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionDto = z.infer<typeof QuestionSchema>;

export const questionNotFound = () => new AppError(404, 'QUESTION_NOT_FOUND', 'Pergunta não encontrada.');
const readOnly = () =>
  new AppError(403, 'NOT_OWNER', 'As perguntas padrão não podem ser alteradas. Faça uma cópia para editar.');

/** Questions the professional may read and use: their own and the starter library. */
export const visibleQuestion = (professionalId: string) =>
  or(
    eq(questions.professionalId, professionalId),
    and(isNull(questions.professionalId), eq(questions.isDefault, true)),
  );

export function toQuestionDto(row: QuestionRow): QuestionDto {
  return {
    id: row.id,
    draft: row.draft,
    image: row.image,
    title: row.title,
    iconId: row.iconId,
    acronym: row.acronym,
    categoryId: row.categoryId,
    description: row.description,
    isDefault: row.isDefault,
    isActive: row.isActive,
    type: row.type,
    config: row.config,
    copiedFromId: row.copiedFromId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sub-question ids referenced by a multiple-choice config (any shape tolerated). */
export function subQuestionIdsOf(type: string, config: unknown): string[] {
  if (type !== 'multiple-choice' || !config || typeof config !== 'object') return [];
  const alts = (config as { alternatives?: unknown }).alternatives;
  if (!Array.isArray(alts)) return [];
  const out: string[] = [];
  for (const a of alts) {
    const ids = (a as { subQuestionIds?: unknown })?.subQuestionIds;
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string') out.push(id);
  }
  return out;
}

export async function loadVisibleQuestions(
  db: Executor,
  professionalId: string,
  ids: string[],
): Promise<Map<string, QuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(questions)
    .where(and(inArray(questions.id, [...new Set(ids)]), visibleQuestion(professionalId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Strict validation of a published question's config; drafts keep whatever object they sent. */
function validateConfig(type: QuestionType, config: unknown, draft: boolean): Record<string, unknown> {
  if (draft) return (config as Record<string, unknown> | undefined) ?? {};
  const parsed = TypedConfigSchema.safeParse({ type, config });
  if (!parsed.success) {
    throw errors.validation(
      parsed.error.issues.map((i) => ({
        path: i.path.length ? i.path.map(String) : ['config'],
        message: i.path.length ? i.message : 'Configuração inválida.',
      })),
      'Configuração da pergunta inválida.',
    );
  }
  return parsed.data.config as Record<string, unknown>;
}

/** Sub-questions: visible, active, published, not the question itself, one level deep only. */
async function validateSubQuestions(
  db: Executor,
  professionalId: string,
  selfId: string | undefined,
  type: QuestionType,
  config: Record<string, unknown>,
): Promise<void> {
  if (type !== 'multiple-choice') return;
  const alternatives = (config.alternatives ?? []) as { subQuestionIds: string[] }[];
  const all = alternatives.flatMap((a) => a.subQuestionIds);
  if (all.length === 0) return;
  const found = await loadVisibleQuestions(db, professionalId, all);
  const issues: ValidationIssue[] = [];
  alternatives.forEach((alt, i) =>
    alt.subQuestionIds.forEach((id, j) => {
      const path = ['config', 'alternatives', String(i), 'subQuestionIds', String(j)];
      const sub = found.get(id);
      if (id === selfId) issues.push({ path, message: 'Uma pergunta não pode ser sub-pergunta de si mesma.' });
      else if (!sub || !sub.isActive) issues.push({ path, message: 'Sub-pergunta não encontrada.' });
      else if (sub.draft) issues.push({ path, message: 'Rascunhos não podem ser sub-perguntas.' });
      else if (subQuestionIdsOf(sub.type, sub.config).length > 0)
        issues.push({ path, message: 'Uma sub-pergunta não pode ter sub-perguntas (só um nível).' });
    }),
  );
  if (issues.length === 0 && selfId) {
    // This question gets sub-questions: it must not itself be a sub-question of another one.
    const [parent] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.professionalId, professionalId),
          eq(questions.isActive, true),
          ne(questions.id, selfId),
          sql`${questions.config}::text LIKE ${`%${selfId}%`}`,
        ),
      )
      .limit(1);
    if (parent)
      issues.push({
        path: ['config', 'alternatives'],
        message: 'Esta pergunta já é sub-pergunta de outra (só um nível).',
      });
  }
  if (issues.length) throw errors.validation(issues, 'Sub-perguntas inválidas.');
}

async function checkCategory(db: Executor, professionalId: string, categoryId: string): Promise<void> {
  if (!(await findVisibleCategory(db, professionalId, categoryId)))
    throw errors.field(['categoryId'], 'Categoria não encontrada.');
}

export async function listQuestions(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListQuestionsQuery>,
): Promise<{ items: QuestionDto[]; total: number }> {
  const conds: (SQL | undefined)[] = [eq(questions.isActive, true)];
  if (q.origin === 'default') conds.push(and(isNull(questions.professionalId), eq(questions.isDefault, true)));
  else if (q.origin === 'own') conds.push(eq(questions.professionalId, professionalId));
  else conds.push(visibleQuestion(professionalId));
  if (q.includeDrafts !== 'true') conds.push(eq(questions.draft, false));
  if (q.categoryId) conds.push(eq(questions.categoryId, q.categoryId));
  if (q.type) conds.push(eq(questions.type, q.type));
  if (q.search && searchable(q.search)) conds.push(sql`${questions.searchText} LIKE ${likeContains(q.search)}`);
  const where = and(...conds);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(questions).where(where);
  const rows = await ctx.db
    .select()
    .from(questions)
    .where(where)
    .orderBy(asc(questions.isDefault), asc(questions.searchText), asc(questions.id))
    .limit(q.take)
    .offset(q.skip);
  return { items: rows.map(toQuestionDto), total: Number(n) };
}

export async function findVisibleQuestion(db: Executor, professionalId: string, id: string): Promise<QuestionRow> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), visibleQuestion(professionalId)));
  if (!row) throw questionNotFound();
  return row;
}

async function findOwnQuestion(db: Executor, professionalId: string, id: string): Promise<QuestionRow> {
  const row = await findVisibleQuestion(db, professionalId, id);
  if (row.professionalId !== professionalId) throw readOnly();
  return row;
}

export async function createQuestion(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateQuestionBody>,
): Promise<QuestionDto> {
  const draft = body.draft ?? false;
  const config = validateConfig(body.type, body.config, draft);
  await checkCategory(ctx.db, professionalId, body.categoryId);
  if (!draft) await validateSubQuestions(ctx.db, professionalId, undefined, body.type, config);
  const now = ctx.config.now();
  const [row] = await ctx.db
    .insert(questions)
    .values({
      professionalId,
      categoryId: body.categoryId,
      draft,
      type: body.type,
      title: body.title,
      acronym: body.acronym ?? null,
      description: body.description ?? null,
      iconId: body.iconId ?? null,
      image: body.image ?? null,
      config,
      searchText: searchable(body.title, body.acronym),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toQuestionDto(row!);
}

export async function updateQuestion(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateQuestionBody>,
): Promise<QuestionDto> {
  const current = await findOwnQuestion(ctx.db, professionalId, id);
  const merged = {
    draft: body.draft ?? current.draft,
    type: body.type ?? current.type,
    config: body.config !== undefined ? body.config : current.config,
    title: body.title ?? current.title,
    acronym: body.acronym !== undefined ? body.acronym : current.acronym,
    description: body.description !== undefined ? body.description : current.description,
    iconId: body.iconId !== undefined ? body.iconId : current.iconId,
    image: body.image !== undefined ? body.image : current.image,
    categoryId: body.categoryId ?? current.categoryId,
  };
  const config = validateConfig(merged.type, merged.config, merged.draft);
  if (body.categoryId) await checkCategory(ctx.db, professionalId, body.categoryId);
  if (!merged.draft) await validateSubQuestions(ctx.db, professionalId, id, merged.type, config);
  if (merged.draft && !current.draft) {
    const [used] = await ctx.db
      .select({ q: quizQuestions.quizId })
      .from(quizQuestions)
      .where(eq(quizQuestions.questionId, id))
      .limit(1);
    if (used) throw errors.field(['draft'], 'Esta pergunta está em um questionário e não pode voltar a ser rascunho.');
  }
  const [row] = await ctx.db
    .update(questions)
    .set({ ...merged, config, searchText: searchable(merged.title, merged.acronym), updatedAt: ctx.config.now() })
    .where(and(eq(questions.id, id), eq(questions.professionalId, professionalId)))
    .returning();
  return toQuestionDto(row!);
}

/** Hard delete when nothing uses it; otherwise only removed from the bank (isActive=false). */
export async function deleteQuestion(
  ctx: AppContext,
  professionalId: string,
  id: string,
): Promise<'deleted' | 'disabled'> {
  await findOwnQuestion(ctx.db, professionalId, id);
  return ctx.db.transaction(async (tx) => {
    const [inQuiz] = await tx
      .select({ q: quizQuestions.quizId })
      .from(quizQuestions)
      .where(
        or(eq(quizQuestions.questionId, id), sql`${quizQuestions.subquestionIds} @> ${JSON.stringify([id])}::jsonb`),
      )
      .limit(1);
    const [asSub] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.professionalId, professionalId),
          ne(questions.id, id),
          sql`${questions.config}::text LIKE ${`%${id}%`}`,
        ),
      )
      .limit(1);
    if (inQuiz || asSub) {
      await tx.update(questions).set({ isActive: false, updatedAt: ctx.config.now() }).where(eq(questions.id, id));
      return 'disabled' as const;
    }
    await tx.delete(questions).where(and(eq(questions.id, id), eq(questions.professionalId, professionalId)));
    return 'deleted' as const;
  });
}

/** Copies a default (or own) question into the professional's own bank. */
export async function copyQuestion(ctx: AppContext, professionalId: string, id: string): Promise<QuestionDto> {
  const src = await findVisibleQuestion(ctx.db, professionalId, id);
  if (!src.isActive) throw questionNotFound();
  const now = ctx.config.now();
  const [row] = await ctx.db
    .insert(questions)
    .values({
      professionalId,
      categoryId: src.categoryId,
      isDefault: false,
      draft: src.draft,
      type: src.type,
      title: src.title,
      acronym: src.acronym,
      description: src.description,
      iconId: src.iconId,
      image: src.image,
      config: src.config,
      searchText: src.searchText,
      copiedFromId: src.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toQuestionDto(row!);
}
