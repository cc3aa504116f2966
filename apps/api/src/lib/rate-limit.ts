import { eq, inArray, like, sql } from 'drizzle-orm';
import type { RateLimit } from '../config.js';
import type { Executor } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { errors } from '../errors/app-error.js';

/**
 * Fixed-window counters in the database (table `login_attempts`: key, count, window start), shared by every
 * API process. Anything that checks a secret or sends a message *reserves* its attempt here before it does so:
 * one statement takes a slot only while the key is under its budget (or its window has run out, which starts a
 * new one), so however many requests arrive at once, at most `max` get through per window. A check that
 * succeeds may give its slot back ({@link refund}), so only failures stay counted where that is the rule.
 */

export type Reservation = { ok: true; count: number } | { ok: false; retryAfterSeconds: number };

export async function reserve(db: Executor, key: string, limit: RateLimit, now: Date): Promise<Reservation> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000).toISOString();
  const expired = sql`${loginAttempts.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStartedAt: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${nowIso}::timestamptz ELSE ${loginAttempts.windowStartedAt} END`,
        lastFailureAt: now,
      },
      setWhere: sql`${expired} OR ${loginAttempts.failures} < ${limit.max}`,
    })
    .returning({ failures: loginAttempts.failures });
  if (row) return { ok: true, count: row.failures };
  const [current] = await db
    .select({ startedAt: loginAttempts.windowStartedAt })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  const endsAt = (current?.startedAt.getTime() ?? now.getTime()) + limit.windowSeconds * 1000;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/**
 * Reserves a slot under every key, in order; when one is spent, gives back the slots already taken and
 * throws 429 TOO_MANY_ATTEMPTS with Retry-After. Returns each key's count, this attempt included.
 */
export async function reserveAll(
  db: Executor,
  budgets: { key: string; limit: RateLimit; message?: string | ((retryAfterSeconds: number) => string) }[],
  now: Date,
): Promise<number[]> {
  const counts: number[] = [];
  for (const [i, b] of budgets.entries()) {
    const r = await reserve(db, b.key, b.limit, now);
    if (!r.ok) {
      await refund(
        db,
        budgets.slice(0, i).map((x) => x.key),
      );
      throw errors.tooManyAttempts(
        r.retryAfterSeconds,
        typeof b.message === 'function' ? b.message(r.retryAfterSeconds) : b.message,
      );
    }
    counts.push(r.count);
  }
  return counts;
}

/** "Tente de novo em 12 minutos." — when a refused attempt may come back, in words. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (minutes <= 1) return 'Tente de novo em 1 minuto.';
  if (minutes < 60) return `Tente de novo em ${minutes} minutos.`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'Tente de novo em 1 hora.' : `Tente de novo em ${hours} horas.`;
}

/** Gives one slot back under each key (a check that succeeded). */
export async function refund(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(loginAttempts)
    .set({ failures: sql`GREATEST(${loginAttempts.failures} - 1, 0)` })
    .where(inArray(loginAttempts.key, keys));
}

/** Forgets the counts under these keys. */
export async function clear(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}

/** Forgets every count whose key starts with `prefix` (LIKE wildcards in it are escaped). */
export async function clearPrefix(db: Executor, prefix: string): Promise<void> {
  await db.delete(loginAttempts).where(like(loginAttempts.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
}
