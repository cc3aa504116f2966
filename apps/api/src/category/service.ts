import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { categories, questions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { CategorySchema, CreateCategoryBody, UpdateCategoryBody } from './schemas.js';

type CategoryRow = typeof categories.$inferSelect;
export type CategoryDto = z.infer<typeof CategorySchema>;

const notFound = () => new AppError(404, 'NOT_FOUND', 'Categoria não encontrada.');
const readOnly = () => new AppError(403, 'NOT_OWNER', 'As categorias padrão não podem ser alteradas.');

/** Categories the professional may use: their own and the global defaults. */
export const visibleCategory = (professionalId: string) =>
  or(
    eq(categories.professionalId, professionalId),
    and(isNull(categories.professionalId), eq(categories.isDefault, true)),
  );

const questionCountSql = (professionalId: string) => sql<number>`(
  SELECT count(*)::int FROM ${questions} q
  WHERE q.category_id = "categories"."id" AND q.is_active
    AND (q.professional_id = ${professionalId} OR (q.professional_id IS NULL AND q.is_default))
)`;

function toDto(row: CategoryRow, questionCount: number): CategoryDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    isDefault: row.isDefault,
    questionCount: Number(questionCount),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCategories(ctx: AppContext, professionalId: string): Promise<CategoryDto[]> {
  const rows = await ctx.db
    .select({ row: categories, n: questionCountSql(professionalId) })
    .from(categories)
    .where(visibleCategory(professionalId))
    .orderBy(desc(categories.isDefault), asc(categories.name), asc(categories.id));
  return rows.map((r) => toDto(r.row, r.n));
}

/** A category the professional can see (own or default) or 404. */
export async function findVisibleCategory(
  db: Executor,
  professionalId: string,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), visibleCategory(professionalId)));
  return row;
}

export async function getCategory(ctx: AppContext, professionalId: string, id: string): Promise<CategoryDto> {
  const [r] = await ctx.db
    .select({ row: categories, n: questionCountSql(professionalId) })
    .from(categories)
    .where(and(eq(categories.id, id), visibleCategory(professionalId)));
  if (!r) throw notFound();
  return toDto(r.row, r.n);
}

export async function createCategory(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateCategoryBody>,
): Promise<CategoryDto> {
  const now = ctx.config.now();
  const [row] = await ctx.db
    .insert(categories)
    .values({ professionalId, name: body.name, color: body.color.toUpperCase(), createdAt: now, updatedAt: now })
    .returning();
  return toDto(row!, 0);
}

async function ownCategory(ctx: AppContext, professionalId: string, id: string): Promise<CategoryRow> {
  const row = await findVisibleCategory(ctx.db, professionalId, id);
  if (!row) throw notFound();
  if (row.professionalId !== professionalId) throw readOnly();
  return row;
}

export async function updateCategory(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateCategoryBody>,
): Promise<CategoryDto> {
  await ownCategory(ctx, professionalId, id);
  const set: Partial<typeof categories.$inferInsert> = { updatedAt: ctx.config.now() };
  if (body.name !== undefined) set.name = body.name;
  if (body.color !== undefined) set.color = body.color.toUpperCase();
  await ctx.db.update(categories).set(set).where(eq(categories.id, id));
  return getCategory(ctx, professionalId, id);
}

export async function deleteCategory(ctx: AppContext, professionalId: string, id: string): Promise<void> {
  await ownCategory(ctx, professionalId, id);
  // Every question still pointing at it counts, also those removed from the bank but kept in quiz history.
  const [used] = await ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.categoryId, id)).limit(1);
  if (used) {
    throw new AppError(
      409,
      'CATEGORY_HAS_QUESTIONS',
      'Esta categoria ainda tem perguntas. Mova ou exclua as perguntas antes de excluí-la.',
    );
  }
  await ctx.db.delete(categories).where(and(eq(categories.id, id), eq(categories.professionalId, professionalId)));
}
