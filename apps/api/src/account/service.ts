import { recordActivity } from '../access/activity.js';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { passwordRecoveryTokens, professionals } from '../db/schema.js';
import type { Meta } from '../auth/service.js';
import { clearLoginCounts } from '../auth/throttle.js';
import { refund, reserveAll } from '../lib/rate-limit.js';
import { AppError } from '../errors/app-error.js';
import { hashPassword } from '../lib/passwords.js';
import { randomToken, sha256Hex } from '../lib/crypto.js';
import { passwordRecoveryEmail } from '../mail/templates.js';
import { recordEvent } from '../events/record.js';

/** Silent for unknown e-mails (no account enumeration); limited per e-mail and per client address either way. */
export async function requestPasswordRecovery(ctx: AppContext, email: string, meta: Pick<Meta, 'ip'>): Promise<void> {
  const { limits } = ctx.config;
  await reserveAll(
    ctx.db,
    [
      {
        key: `recovery-ip:${meta.ip}`,
        limit: limits.recoveryEmailsPerAddress,
        message: 'Muitos pedidos de recuperação a partir deste endereço. Tente novamente mais tarde.',
      },
      {
        key: `recovery-mail:${email}`,
        limit: limits.recoveryEmailsPerEmail,
        message:
          'Já enviamos vários e-mails de recuperação para este endereço. Confira sua caixa de entrada ou tente mais tarde.',
      },
    ],
    ctx.config.now(),
  );
  const [pro] = await ctx.db.select().from(professionals).where(eq(professionals.email, email));
  if (!pro) return;
  const token = randomToken();
  const now = ctx.config.now();
  await ctx.db.insert(passwordRecoveryTokens).values({
    professionalId: pro.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + ctx.config.recoveryTokenTtlSeconds * 1000),
    createdAt: now,
  });
  const link = `${ctx.config.publicUrl}/recovery?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send(
    passwordRecoveryEmail(pro.email, pro.name, link, Math.round(ctx.config.recoveryTokenTtlSeconds / 60)),
  );
}

/**
 * Single use: sets the password, burns every open recovery token of the professional, revokes every
 * session, marks the e-mail verified (the mailbox was proven) and clears the sign-in throttle.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  meta: Pick<Meta, 'ip'>,
): Promise<void> {
  const now = ctx.config.now();
  // Unknown or used links tried from one address are limited (the token is reserved before it is looked up).
  const addressKey = `recovery-reset-ip:${meta.ip}`;
  await reserveAll(
    ctx.db,
    [
      {
        key: addressKey,
        limit: ctx.config.limits.recoveryTokenFailuresPerAddress,
        message: 'Muitas tentativas com links inválidos. Tente novamente mais tarde.',
      },
    ],
    now,
  );
  const tokenHash = sha256Hex(token);
  const [row] = await ctx.db
    .select()
    .from(passwordRecoveryTokens)
    .where(
      and(
        eq(passwordRecoveryTokens.tokenHash, tokenHash),
        isNull(passwordRecoveryTokens.usedAt),
        gt(passwordRecoveryTokens.expiresAt, now),
      ),
    );
  const notFound = () =>
    new AppError(404, 'PASSWORD_RECOVERY_TOKEN_NOT_FOUND', 'Link de recuperação inválido ou expirado.');
  if (!row) throw notFound();
  await refund(ctx.db, [addressKey]);
  const passwordHash = await hashPassword(ctx.config, password);
  await ctx.db.transaction(async (tx) => {
    // Claim the token atomically so two concurrent resets cannot both succeed.
    const claimed = await tx
      .update(passwordRecoveryTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordRecoveryTokens.id, row.id), isNull(passwordRecoveryTokens.usedAt)))
      .returning({ id: passwordRecoveryTokens.id });
    if (claimed.length === 0) throw notFound();
    await tx
      .update(passwordRecoveryTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordRecoveryTokens.professionalId, row.professionalId), isNull(passwordRecoveryTokens.usedAt)));
    const [pro] = await tx.select().from(professionals).where(eq(professionals.id, row.professionalId));
    await tx
      .update(professionals)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: pro?.emailVerifiedAt ?? now })
      .where(eq(professionals.id, row.professionalId));
    await ctx.tokens.revokeAll(row.professionalId, tx);
    await recordEvent(tx, row.professionalId, 'account.password_changed', { changedAt: now.toISOString() });
    await recordActivity(tx, row.professionalId, 'password_reset', meta);
    if (pro) await clearLoginCounts(tx, pro.email);
  });
}
