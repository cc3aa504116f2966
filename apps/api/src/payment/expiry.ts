/**
 * When an account stops being paid for: a trial past its end, a past-due subscription past its grace period
 * (GRACE_DAYS after the refused charge) and a cancelled one past its paid period become `expired`. The move is
 * one conditional UPDATE per row, so `subscription.expired` is recorded exactly once however many readers and
 * sweepers race. It runs on every read of her subscription and in the hourly sweep (main.ts).
 */
import { and, eq, lte, or } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { subscriptions } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import { pruneAttempts } from './idempotency.js';
import { GRACE_DAYS } from './plans.js';

const DAY_MS = 86_400_000;

/** The instant a past-due subscription expires. */
export const graceEndsAt = (pastDueSince: Date): Date => new Date(pastDueSince.getTime() + GRACE_DAYS * DAY_MS);

function dueToExpire(now: Date) {
  const graceStart = new Date(now.getTime() - GRACE_DAYS * DAY_MS);
  return or(
    and(eq(subscriptions.status, 'trial'), lte(subscriptions.trialEndsAt, now)),
    and(eq(subscriptions.status, 'past_due'), lte(subscriptions.pastDueSince, graceStart)),
    and(eq(subscriptions.status, 'cancelled'), lte(subscriptions.currentPeriodEnd, now)),
  );
}

/** Expires what is due among `professionalId`'s subscription (or everyone's), recording the events. */
export async function expireDue(tx: Executor, now: Date, professionalId?: string): Promise<number> {
  // Locked first: a racing reader or sweeper waits, then finds the row no longer due (read committed re-checks).
  const due = await tx
    .select({ professionalId: subscriptions.professionalId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(dueToExpire(now), professionalId ? eq(subscriptions.professionalId, professionalId) : undefined))
    .for('update');
  for (const row of due) {
    await tx
      .update(subscriptions)
      .set({ status: 'expired', updatedAt: now })
      .where(eq(subscriptions.professionalId, row.professionalId));
    const previousState = row.status as 'trial' | 'past_due' | 'cancelled';
    await recordEvent(tx, row.professionalId, 'subscription.expired', { previousState });
  }
  return due.length;
}

/** The periodic sweep: one transaction per batch. */
export async function sweepExpired(db: Db, now: Date): Promise<number> {
  return db.transaction((tx) => expireDue(tx, now));
}

/** Runs the sweep (and forgets idempotency keys past 24 hours) every `everyMs` (jobs on); returns a stop function. */
export function startExpirySweep(
  db: Db,
  now: () => Date,
  log: { error(obj: unknown, msg?: string): void },
  everyMs = 3_600_000,
): () => void {
  const tick = () => {
    void sweepExpired(db, now()).catch((err: unknown) => log.error({ err }, 'subscription expiry sweep failed'));
    void pruneAttempts(db, now()).catch((err: unknown) => log.error({ err }, 'idempotency prune failed'));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
