/**
 * What an expired account may still do. It is read-only, not locked out: reading, printing and exporting
 * every client and answer stay open (her duty to keep records), while new clients, new schedules and new
 * sends are refused with ACCOUNT_EXPIRED, and scheduled deliveries wait (the delivery sweep skips her) until
 * she pays again.
 *
 * "Expired" is judged at this instant, as the expiry sweep will judge it: a trial past its end, a past-due
 * subscription past its grace period, a cancelled one past its paid period, or `expired` already.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { subscriptions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { GRACE_DAYS } from './plans.js';

const DAY_MS = 86_400_000;

type Row = Pick<typeof subscriptions.$inferSelect, 'status' | 'trialEndsAt' | 'pastDueSince' | 'currentPeriodEnd'>;

/** Whether nothing paid covers `now` for this subscription (no row: an account from before subscriptions). */
export function isExpiredAt(row: Row | undefined, now: Date): boolean {
  if (!row) return false;
  switch (row.status) {
    case 'expired':
      return true;
    case 'trial':
      return !!row.trialEndsAt && row.trialEndsAt <= now;
    case 'past_due':
      return !!row.pastDueSince && row.pastDueSince.getTime() + GRACE_DAYS * DAY_MS <= now.getTime();
    case 'cancelled':
      return !!row.currentPeriodEnd && row.currentPeriodEnd <= now;
    case 'active':
      return false;
  }
}

/** The same judgement in SQL, for the professional whose id is `professionalId` (a column of the outer query). */
export function accountExpiredSql(professionalId: AnyPgColumn, now: Date): SQL {
  const at = now.toISOString();
  const graceStart = new Date(now.getTime() - GRACE_DAYS * DAY_MS).toISOString();
  return sql`EXISTS (SELECT 1 FROM ${subscriptions} s WHERE s.professional_id = ${professionalId} AND (
    s.status = 'expired'
    OR (s.status = 'trial' AND s.trial_ends_at <= ${at}::timestamptz)
    OR (s.status = 'past_due' AND s.past_due_since <= ${graceStart}::timestamptz)
    OR (s.status = 'cancelled' AND s.current_period_end <= ${at}::timestamptz)))`;
}

export const accountExpired = (what: string) =>
  new AppError(
    402,
    'ACCOUNT_EXPIRED',
    `Sua assinatura expirou: ${what} volta a funcionar quando você assinar. Você continua podendo consultar, imprimir e exportar seus registros.`,
  );

/**
 * Refuses a write an expired account may not make. `what` completes the sentence "… volta a funcionar
 * quando você assinar" (e.g. 'cadastrar clientes').
 */
export async function assertAccountActive(
  db: Executor,
  professionalId: string,
  now: Date,
  what: string,
): Promise<void> {
  const [row] = await db
    .select({
      status: subscriptions.status,
      trialEndsAt: subscriptions.trialEndsAt,
      pastDueSince: subscriptions.pastDueSince,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.professionalId, professionalId));
  if (isExpiredAt(row, now)) throw accountExpired(what);
}
