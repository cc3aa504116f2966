import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor, Tx } from '../db/client.js';
import { appearances, professionals } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import {
  COLOR_GROUPS,
  DEFAULT_COLOR_SCHEME,
  DEFAULT_FORWARD_TEXT,
  DEFAULT_SUBTITLE,
  type AppearanceSchema,
  type ColorScheme,
  type CreateAppearanceBody,
  type ResolvedAppearanceSchema,
  type UpdateAppearanceBody,
} from './schemas.js';

type AppearanceRow = typeof appearances.$inferSelect;
export type AppearanceDto = z.infer<typeof AppearanceSchema>;
export type ResolvedAppearanceDto = z.infer<typeof ResolvedAppearanceSchema>;

const notFound = () => new AppError(404, 'NOT_FOUND', 'Aparência não encontrada.');

/** Stored groups merged over the built-in defaults, colour by colour. */
export function mergeScheme(
  ...layers: (Partial<Record<string, Record<string, string | undefined>>> | undefined)[]
): ColorScheme {
  const out = {} as ColorScheme;
  for (const g of COLOR_GROUPS) {
    const merged: Record<string, string> = { ...DEFAULT_COLOR_SCHEME[g] } as Record<string, string>;
    for (const layer of layers) {
      for (const [k, v] of Object.entries(layer?.[g] ?? {})) if (typeof v === 'string') merged[k] = v.toUpperCase();
    }
    out[g] = merged;
  }
  return out;
}

export function toAppearanceDto(row: AppearanceRow): AppearanceDto {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    colorScheme: mergeScheme(row.colorScheme),
    profilePic: row.profilePic,
    subtitle: row.subtitle,
    forwardText: row.forwardText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const BUILT_IN_APPEARANCE: ResolvedAppearanceDto = {
  id: null,
  name: 'Padrão',
  colorScheme: mergeScheme(),
  profilePic: null,
  subtitle: DEFAULT_SUBTITLE,
  forwardText: DEFAULT_FORWARD_TEXT,
};

/** Serialises appearance changes of one professional (row lock on the professional). */
async function lockProfessional(tx: Tx, professionalId: string): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM ${professionals} WHERE ${professionals.id} = ${professionalId} FOR UPDATE`);
}

export async function listAppearances(ctx: AppContext, professionalId: string): Promise<AppearanceDto[]> {
  const rows = await ctx.db
    .select()
    .from(appearances)
    .where(eq(appearances.professionalId, professionalId))
    .orderBy(desc(appearances.isDefault), desc(appearances.createdAt), desc(appearances.id));
  return rows.map(toAppearanceDto);
}

export async function findOwnAppearance(
  db: Executor,
  professionalId: string,
  id: string,
): Promise<AppearanceRow | undefined> {
  const [row] = await db
    .select()
    .from(appearances)
    .where(and(eq(appearances.id, id), eq(appearances.professionalId, professionalId)));
  return row;
}

export async function createAppearance(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateAppearanceBody>,
): Promise<AppearanceDto> {
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    await lockProfessional(tx, professionalId);
    const [existing] = await tx
      .select({ id: appearances.id })
      .from(appearances)
      .where(eq(appearances.professionalId, professionalId))
      .limit(1);
    const [row] = await tx
      .insert(appearances)
      .values({
        professionalId,
        name: body.name,
        isDefault: !existing,
        colorScheme: mergeScheme(body.colorScheme),
        profilePic: body.profilePic ?? null,
        subtitle: body.subtitle ?? DEFAULT_SUBTITLE,
        forwardText: body.forwardText ?? DEFAULT_FORWARD_TEXT,
        updatedAt: now,
      })
      .returning();
    return toAppearanceDto(row!);
  });
}

export async function updateAppearance(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateAppearanceBody>,
): Promise<AppearanceDto> {
  const current = await findOwnAppearance(ctx.db, professionalId, id);
  if (!current) throw notFound();
  const set: Partial<typeof appearances.$inferInsert> = { updatedAt: ctx.config.now() };
  if (body.name !== undefined) set.name = body.name;
  if (body.colorScheme !== undefined) set.colorScheme = mergeScheme(current.colorScheme, body.colorScheme);
  if (body.profilePic !== undefined) set.profilePic = body.profilePic;
  if (body.subtitle !== undefined) set.subtitle = body.subtitle;
  if (body.forwardText !== undefined) set.forwardText = body.forwardText;
  const [row] = await ctx.db
    .update(appearances)
    .set(set)
    .where(and(eq(appearances.id, id), eq(appearances.professionalId, professionalId)))
    .returning();
  if (!row) throw notFound();
  return toAppearanceDto(row);
}

/** Deleting the default makes the most recent remaining appearance the default. */
export async function deleteAppearance(ctx: AppContext, professionalId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockProfessional(tx, professionalId);
    const [row] = await tx
      .delete(appearances)
      .where(and(eq(appearances.id, id), eq(appearances.professionalId, professionalId)))
      .returning();
    if (!row) throw notFound();
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: appearances.id })
      .from(appearances)
      .where(eq(appearances.professionalId, professionalId))
      .orderBy(desc(appearances.createdAt), desc(appearances.id))
      .limit(1);
    if (next) await tx.update(appearances).set({ isDefault: true }).where(eq(appearances.id, next.id));
  });
}

/**
 * Makes one appearance the default. The professional's row lock serialises concurrent calls and the
 * partial unique index `appearances_one_default_key` guarantees at most one default.
 */
export async function setDefaultAppearance(
  ctx: AppContext,
  professionalId: string,
  id: string,
): Promise<AppearanceDto> {
  return ctx.db.transaction(async (tx) => {
    await lockProfessional(tx, professionalId);
    if (!(await findOwnAppearance(tx, professionalId, id))) throw notFound();
    await tx
      .update(appearances)
      .set({ isDefault: false })
      .where(and(eq(appearances.professionalId, professionalId), eq(appearances.isDefault, true)));
    const [row] = await tx
      .update(appearances)
      .set({ isDefault: true, updatedAt: ctx.config.now() })
      .where(eq(appearances.id, id))
      .returning();
    return toAppearanceDto(row!);
  });
}

/** The appearance a quiz renders with: its own, else the professional's default, else the built-in one. */
export async function resolveAppearance(
  db: Executor,
  professionalId: string,
  appearanceId: string | null,
): Promise<ResolvedAppearanceDto> {
  let row: AppearanceRow | undefined;
  if (appearanceId) row = await findOwnAppearance(db, professionalId, appearanceId);
  if (!row) {
    [row] = await db
      .select()
      .from(appearances)
      .where(and(eq(appearances.professionalId, professionalId), eq(appearances.isDefault, true)));
  }
  if (!row) return BUILT_IN_APPEARANCE;
  const { isDefault: _d, createdAt: _c, updatedAt: _u, ...rest } = toAppearanceDto(row);
  return rest;
}
