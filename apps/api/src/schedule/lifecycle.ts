/** A schedule's lifecycle, run inside the caller's transaction (shared by the routes and the bulk process). */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { answerRequests, quizSchedules } from '../db/schema.js';
import { spDate } from '../lib/dates.js';
import type { Recurrence } from './schemas.js';
import type { ScheduleInput } from './rows.js';
import { validateRecurrence } from './recurrence-validation.js';
import { deletedSchedule, scheduleNotFound } from './errors.js';
import { assertCanDeliver, findOwnQuizOnce, findPatientWithService, lockOwnSchedule } from './lookups.js';
import { cancelPending, materializeNext, startOfToday } from './occurrences.js';
import { recordEvent } from '../events/record.js';
import { scheduleRef } from '../events/refs.js';
import type { ScheduleRow } from './rows.js';

/** What a schedule event says about it (thin: ids, names, the recurrence's headline). */
const scheduleEvent = (s: ScheduleRow, quiz: { title: string }, patient: { name: string }) => ({
  scheduleId: s.id,
  quizId: s.quizId,
  quizTitle: quiz.title,
  patientId: s.patientId,
  patientName: patient.name,
  periodicity: s.periodicity,
  startDate: s.startDate,
  hour: s.hour,
});

/**
 * Creates the (quiz, patient) schedule, or replaces the live one (a reschedule), and materialises its first
 * occurrence. Throws AppError with the scheduling codes.
 */
export async function upsertSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  input: ScheduleInput,
): Promise<{ id: string }> {
  const rule = validateRecurrence(ctx, input);
  const now = ctx.config.now();
  const quiz = await findOwnQuizOnce(tx, professionalId, input.quizId);
  const { patient, hasService } = await findPatientWithService(tx, professionalId, input.patientId, spDate(now));
  const channel = rule.channel ?? patient.preferences.channel;
  assertCanDeliver(quiz, patient, hasService, channel);
  const values = {
    startDate: rule.startDate,
    hour: rule.hour,
    periodicity: rule.periodicity,
    intervalDays: rule.intervalDays,
    weekdays: rule.weekdays,
    endDate: rule.endDate,
    channel,
    enabled: true,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(quizSchedules)
    .values({ ...values, professionalId, quizId: quiz.id, patientId: patient.id, createdAt: now })
    .onConflictDoUpdate({
      target: [quizSchedules.quizId, quizSchedules.patientId],
      targetWhere: sql`${quizSchedules.deletedAt} IS NULL`,
      set: values,
    })
    .returning({ ...getTableColumns(quizSchedules), inserted: sql<boolean>`(xmax = 0)`.mapWith(Boolean) });
  const { inserted, ...schedule } = row!;
  // A replaced schedule: its pending occurrence belonged to the old recurrence.
  if (!inserted) await cancelPending(tx, schedule.id, now, false);
  await materializeNext(tx, schedule, startOfToday(now), now);
  const type = inserted ? 'schedule.created' : 'schedule.rescheduled';
  await recordEvent(tx, professionalId, type, scheduleEvent(schedule, quiz, patient));
  return { id: schedule.id };
}

/** New recurrence for a live schedule: the pending occurrence is cancelled and the new first one created. */
export async function rescheduleSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
  recurrence: Recurrence,
): Promise<{ id: string }> {
  const rule = validateRecurrence(ctx, recurrence);
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw deletedSchedule();
  const quiz = await findOwnQuizOnce(tx, professionalId, current.quizId);
  const { patient, hasService } = await findPatientWithService(tx, professionalId, current.patientId, spDate(now));
  const channel = rule.channel ?? current.channel;
  assertCanDeliver(quiz, patient, hasService, channel);
  const [schedule] = await tx
    .update(quizSchedules)
    .set({
      startDate: rule.startDate,
      hour: rule.hour,
      periodicity: rule.periodicity,
      intervalDays: rule.intervalDays,
      weekdays: rule.weekdays,
      endDate: rule.endDate,
      channel,
      enabled: true,
      updatedAt: now,
    })
    .where(eq(quizSchedules.id, current.id))
    .returning();
  await cancelPending(tx, current.id, now, false);
  await materializeNext(tx, schedule!, startOfToday(now), now);
  await recordEvent(tx, professionalId, 'schedule.rescheduled', scheduleEvent(schedule!, quiz, patient));
  return { id: current.id };
}

/** Enable: the next occurrence from now is created. Disable: every pending request is cancelled. */
export async function setScheduleEnabled(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
  enabled: boolean,
): Promise<{ id: string }> {
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw deletedSchedule();
  const [schedule] = await tx
    .update(quizSchedules)
    .set({ enabled, updatedAt: now })
    .where(eq(quizSchedules.id, current.id))
    .returning();
  if (enabled) await materializeNext(tx, schedule!, now, now);
  else await cancelPending(tx, current.id, now, true);
  return { id: current.id };
}

/**
 * Soft delete: hidden from lists and never sent again; pending requests cancelled, sent and unanswered ones
 * expired (the survey refuses a deleted schedule). Answers stay for the history.
 */
export async function deleteSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
): Promise<void> {
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw scheduleNotFound();
  await tx.update(quizSchedules).set({ deletedAt: now, updatedAt: now }).where(eq(quizSchedules.id, current.id));
  await cancelPending(tx, current.id, now, true);
  await tx
    .update(answerRequests)
    .set({ status: 'expired' })
    .where(and(eq(answerRequests.scheduleId, current.id), eq(answerRequests.status, 'sent')));
  await recordEvent(tx, professionalId, 'schedule.cancelled', await scheduleRef(tx, current.id));
}
