import { recordActivity } from '../access/activity.js';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { professionals, subscriptions } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { clear, reserveAll } from '../lib/rate-limit.js';
import { DEFAULT_TEMPLATE_MESSAGE, TEMPLATE_VARIABLES, validateTemplate } from '../delivery/template.js';
import type {
  ChangePasswordBody,
  ProfessionalSchema,
  SignatureSchema,
  TemplateMessageSchema,
  UpdateProfessionalBody,
  UpdateTemplateMessageBody,
} from './schemas.js';
import { recordEvent } from '../events/record.js';

type ProfessionalRow = typeof professionals.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ProfessionalDto = z.infer<typeof ProfessionalSchema>;
export type SignatureDto = z.infer<typeof SignatureSchema>;

export function toProfessionalDto(row: ProfessionalRow): ProfessionalDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    document: row.document,
    councilRegistration: row.councilRegistration,
    profession: row.profession,
    avatarUrl: row.avatarUrl,
    alias: row.alias,
    emailVerified: row.emailVerifiedAt !== null,
    notificationPreferences: row.notificationPreferences ?? {},
    tutorialSeenAt: row.tutorialSeenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A trial whose end has passed reads as expired. */
export function toSignatureDto(row: SubscriptionRow | undefined, now: Date): SignatureDto {
  if (!row) return { status: 'expired', plan: null, trialEndsAt: null, currentPeriodEnd: null };
  const status = row.status === 'trial' && row.trialEndsAt && row.trialEndsAt <= now ? 'expired' : row.status;
  return {
    status,
    plan: row.plan,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  };
}

export async function findProfessional(db: Db, id: string): Promise<ProfessionalRow> {
  const [row] = await db.select().from(professionals).where(eq(professionals.id, id));
  if (!row) throw new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');
  return row;
}

export async function findSubscription(db: Db, professionalId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.professionalId, professionalId));
  return row;
}

export async function updateProfessional(
  ctx: AppContext,
  id: string,
  patch: z.infer<typeof UpdateProfessionalBody>,
): Promise<ProfessionalRow> {
  const set: Partial<typeof professionals.$inferInsert> = {};
  for (const key of ['name', 'phone', 'document', 'councilRegistration', 'profession', 'avatarUrl'] as const) {
    if (patch[key] !== undefined) (set as Record<string, unknown>)[key] = patch[key];
  }
  if (Object.keys(set).length === 0) return findProfessional(ctx.db, id);
  set.updatedAt = ctx.config.now();
  const [row] = await ctx.db.update(professionals).set(set).where(eq(professionals.id, id)).returning();
  if (!row) throw new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');
  return row;
}

/** Marks the first-run tutorial seen. Idempotent: the first time stays, so a second device changes nothing. */
export async function markTutorialSeen(ctx: AppContext, id: string): Promise<ProfessionalRow> {
  const now = ctx.config.now();
  const [row] = await ctx.db
    .update(professionals)
    .set({ tutorialSeenAt: sql`coalesce(${professionals.tutorialSeenAt}, ${now})` })
    .where(eq(professionals.id, id))
    .returning();
  if (!row) throw new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');
  return row;
}

/** Checks the current password, stores the new one, revokes every session and returns a fresh token. */
export async function changePassword(
  ctx: AppContext,
  id: string,
  body: z.infer<typeof ChangePasswordBody>,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const row = await findProfessional(ctx.db, id);
  // The attempt is reserved before the check: a stolen session cannot guess the current password quickly.
  const key = `password-change:${id}`;
  await reserveAll(
    ctx.db,
    [
      {
        key,
        limit: ctx.config.limits.passwordChangeFailuresPerAccount,
        message: 'Muitas tentativas com a senha atual incorreta. Tente novamente mais tarde.',
      },
    ],
    ctx.config.now(),
  );
  if (!(await verifyPassword(row.passwordHash, body.currentPassword))) {
    throw errors.field(['currentPassword'], 'Senha atual incorreta.');
  }
  await clear(ctx.db, [key]);
  const passwordHash = await hashPassword(ctx.config, body.newPassword);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.config.now();
    await tx.update(professionals).set({ passwordHash, updatedAt: now }).where(eq(professionals.id, id));
    await ctx.tokens.revokeAll(id, tx);
    await recordEvent(tx, id, 'account.password_changed', { changedAt: now.toISOString() });
    await recordActivity(tx, id, 'password_changed', meta);
    return ctx.tokens.issue(id, meta, tx);
  });
}

export type TemplateMessageDto = z.infer<typeof TemplateMessageSchema>;

export function toTemplateMessageDto(row: Pick<ProfessionalRow, 'templateMessage'>): TemplateMessageDto {
  return {
    templateMessage: row.templateMessage ?? DEFAULT_TEMPLATE_MESSAGE,
    isDefault: row.templateMessage === null,
    defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE,
    variables: TEMPLATE_VARIABLES.map((v) => ({ name: v.name, description: v.description })),
  };
}

/** null = back to the default text. */
export async function updateTemplateMessage(
  ctx: AppContext,
  id: string,
  body: z.infer<typeof UpdateTemplateMessageBody>,
): Promise<TemplateMessageDto> {
  if (body.templateMessage !== null) validateTemplate(body.templateMessage);
  const [row] = await ctx.db
    .update(professionals)
    .set({ templateMessage: body.templateMessage, updatedAt: ctx.config.now() })
    .where(eq(professionals.id, id))
    .returning({ templateMessage: professionals.templateMessage });
  if (!row) throw new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');
  return toTemplateMessageDto(row);
}
