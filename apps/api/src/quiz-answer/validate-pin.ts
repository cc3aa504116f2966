/** POST /quiz-answer/validate-pin: the PIN gate in front of a survey link. */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { quizSchedules } from '../db/schema.js';
import { refund, reserveAll } from '../lib/rate-limit.js';
import { sleep } from '../lib/crypto.js';
import { throttleDelayMs } from '../auth/throttle.js';
import { AppError } from '../errors/app-error.js';
import { PIN_LOCK_MS, PIN_MAX_ATTEMPTS, verifyPin } from './pin.js';
import type { ValidatePinBody } from './schemas.js';
import { issueSurveyToken } from './token.js';
import { scheduleNotFound } from './errors.js';

/**
 * One attempt = one reservation: a single UPDATE takes an attempt only while the link is not locked
 * (fewer than 5 counted, or the lock has run out, which starts a new count), and the 5th reservation
 * sets the lock in that same statement. Only a reserved attempt is compared with the hash, so however
 * many guesses arrive at once, at most 5 are evaluated per 15 minutes.
 */
export async function validatePin(
  ctx: AppContext,
  body: z.infer<typeof ValidatePinBody>,
  meta: { ip: string },
): Promise<{ token: string; expiresAt: string }> {
  const now = ctx.config.now();
  // One address guessing across many links: slowed after a few wrong PINs, then refused for a while.
  const { limits } = ctx.config;
  const addressKey = `pin-ip:${meta.ip}`;
  const [addressCount] = await reserveAll(
    ctx.db,
    [
      {
        key: addressKey,
        limit: limits.pinFailuresPerAddress,
        message: 'Muitas tentativas de PIN a partir deste endereço. Tente novamente mais tarde.',
      },
    ],
    now,
  );
  const delay = throttleDelayMs(addressCount! - 1, {
    ...ctx.config.throttle,
    delayAfterFailures: limits.pinDelayAfterFailures,
  });
  if (delay > 0) await sleep(delay);
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const lockedUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const counted = sql`(CASE WHEN ${quizSchedules.pinLockedUntil} IS NOT NULL THEN 1 ELSE ${quizSchedules.pinFailedAttempts} + 1 END)`;
  const [reserved] = await ctx.db
    .update(quizSchedules)
    .set({
      pinFailedAttempts: counted,
      pinLockedUntil: sql`(CASE WHEN ${counted} >= ${PIN_MAX_ATTEMPTS} THEN ${lockedUntil.toISOString()}::timestamptz ELSE NULL END)`,
    })
    .where(
      and(
        eq(quizSchedules.id, body.quizScheduleId),
        isNull(quizSchedules.deletedAt),
        or(
          and(isNull(quizSchedules.pinLockedUntil), sql`${quizSchedules.pinFailedAttempts} < ${PIN_MAX_ATTEMPTS}`),
          lte(quizSchedules.pinLockedUntil, nowTs),
        ),
      ),
    )
    .returning({
      pinHash: quizSchedules.pinHash,
      attempts: quizSchedules.pinFailedAttempts,
      lockedUntil: quizSchedules.pinLockedUntil,
    });

  if (!reserved) {
    const [row] = await ctx.db
      .select({ lockedUntil: quizSchedules.pinLockedUntil })
      .from(quizSchedules)
      .where(and(eq(quizSchedules.id, body.quizScheduleId), isNull(quizSchedules.deletedAt)));
    await refund(ctx.db, [addressKey]);
    if (!row) throw scheduleNotFound();
    throw pinLocked(row.lockedUntil ?? lockedUntil);
  }

  if (verifyPin(reserved.pinHash, body.pin)) {
    await refund(ctx.db, [addressKey]);
    await ctx.db
      .update(quizSchedules)
      .set({ pinFailedAttempts: 0, pinLockedUntil: null })
      .where(eq(quizSchedules.id, body.quizScheduleId));
    return issueSurveyToken(ctx, body.quizScheduleId);
  }
  if (reserved.lockedUntil) throw pinLocked(reserved.lockedUntil);
  const remainingAttempts = Math.max(0, PIN_MAX_ATTEMPTS - reserved.attempts);
  throw new AppError(
    400,
    'WRONG_PIN',
    remainingAttempts === 1
      ? 'PIN incorreto. Você tem mais 1 tentativa antes de o link ser bloqueado por 15 minutos.'
      : `PIN incorreto. Você tem mais ${remainingAttempts} tentativas.`,
    { remainingAttempts },
  );
}

function pinLocked(until: Date): AppError {
  const time = new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(until);
  return new AppError(423, 'PIN_LOCKED', `Muitas tentativas com PIN incorreto. Tente novamente às ${time}.`, {
    lockedUntil: until.toISOString(),
  });
}
