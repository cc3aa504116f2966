/**
 * Occurrences: the pending answer requests of a schedule.
 *
 * Invariant: a live, enabled schedule has at most one pending (status 'scheduled') request of kind
 * 'scheduled' — its next occurrence. It is created here (schedule, reschedule, enable, cancel) and by the
 * delivery worker after each occurrence; every writer locks the schedule row first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { answerRequests, quizAnswers } from '../db/schema.js';
import { spDate, spDayStart } from '../lib/dates.js';
import { nextOccurrence } from './recurrence.js';
import type { ScheduleRow } from './rows.js';
import { ruleOf } from './recurrence-validation.js';

/** Cancels the pending requests of a schedule (only the recurrence's own ones unless `allKinds`). */
export async function cancelPending(tx: Executor, scheduleId: string, now: Date, allKinds: boolean): Promise<void> {
  await tx
    .update(answerRequests)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(answerRequests.scheduleId, scheduleId),
        eq(answerRequests.status, 'scheduled'),
        allKinds ? undefined : eq(answerRequests.kind, 'scheduled'),
      ),
    );
}

/**
 * Creates the schedule's next occurrence at or after `notBefore` (unless one is pending, or the schedule is
 * disabled, deleted or finished). An occurrence already sent is skipped; a cancelled one is replaced.
 * The caller holds the schedule row lock. Returns the pending request's due time, or null.
 */
export async function materializeNext(
  tx: Executor,
  schedule: ScheduleRow,
  notBefore: Date,
  now: Date,
): Promise<Date | null> {
  if (!schedule.enabled || schedule.deletedAt) return null;
  const [pending] = await tx
    .select({ dueAt: answerRequests.dueAt })
    .from(answerRequests)
    .where(
      and(
        eq(answerRequests.scheduleId, schedule.id),
        eq(answerRequests.status, 'scheduled'),
        eq(answerRequests.kind, 'scheduled'),
      ),
    )
    .limit(1);
  if (pending) return pending.dueAt;
  const rule = ruleOf(schedule);
  let from = notBefore;
  for (let i = 0; i < 100; i++) {
    const dueAt = nextOccurrence(rule, from);
    if (!dueAt) return null;
    const inserted = await tx
      .insert(answerRequests)
      .values({
        scheduleId: schedule.id,
        professionalId: schedule.professionalId,
        patientId: schedule.patientId,
        quizId: schedule.quizId,
        kind: 'scheduled',
        dueAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: answerRequests.id });
    if (inserted.length > 0) return dueAt;
    // That occurrence exists already: a cancelled one comes back (as a new request), a delivered one is skipped.
    const removed = await tx
      .delete(answerRequests)
      .where(
        and(
          eq(answerRequests.scheduleId, schedule.id),
          eq(answerRequests.kind, 'scheduled'),
          eq(answerRequests.dueAt, dueAt),
          eq(answerRequests.status, 'cancelled'),
          sql`NOT EXISTS (SELECT 1 FROM ${quizAnswers} WHERE ${quizAnswers.answerRequestId} = ${answerRequests.id})`,
        ),
      )
      .returning({ id: answerRequests.id });
    if (removed.length === 0) {
      from = new Date(dueAt.getTime() + 1);
      continue;
    }
  }
  return null;
}

/** The first occurrence may be today's even when its hour has passed (then it is sent right away). */
export const startOfToday = (now: Date) => spDayStart(spDate(now));
