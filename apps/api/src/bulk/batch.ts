/**
 * Set-based bulk insert: what `upsertSchedule` (src/schedule/lifecycle.ts) does to one patient, done for a
 * whole chunk with a handful of statements, so that 10,000 patients take seconds. It must give exactly the
 * rows and the errors of calling `upsertSchedule` for each patient: the checks run in the same order, with
 * the same exported error factories, the schedules are upserted with the same ON CONFLICT target and values,
 * each schedule's event is recorded, and each first occurrence is created like `materializeNext` does (which is called as is for the rare
 * schedule whose occurrence already exists). test/bulk.test.ts compares both paths row by row.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { answerRequests, patients, quizSchedules, quizzes } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { recordEvents } from '../events/record.js';
import { spDate, spDayStart } from '../lib/dates.js';
import { patientNotFound } from '../patient/lookup.js';
import { quizNotFound } from '../quiz/lookup.js';
import { nextOccurrence } from '../schedule/recurrence.js';
import { deliveryRuleProblem, patientNotActive, quizNotActive, withoutActiveService } from '../schedule/errors.js';
import { hasActiveServiceSql } from '../schedule/lookups.js';
import { materializeNext } from '../schedule/occurrences.js';
import { validateRecurrence } from '../schedule/recurrence-validation.js';
import { type Recurrence } from '../schedule/schemas.js';

export interface BatchResult {
  /** patientId → why it was not scheduled. */
  refused: Map<string, AppError>;
  /** Earliest pending due time created (to wake the delivery worker when it is already due). */
  firstDueAt: Date | null;
}

/** upsertSchedule for every patient of `patientIds` (in one transaction, no savepoints). Throws only on unexpected errors. */
export async function upsertSchedulesBatch(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizId: string,
  patientIds: string[],
  recurrence: Recurrence,
): Promise<BatchResult> {
  const refused = new Map<string, AppError>();
  const refuseAll = (e: AppError): BatchResult => {
    for (const id of patientIds) refused.set(id, e);
    return { refused, firstDueAt: null };
  };

  // 1. validateRecurrence, then the quiz: the same for every patient.
  let rule: ReturnType<typeof validateRecurrence>;
  try {
    rule = validateRecurrence(ctx, recurrence);
  } catch (err) {
    if (err instanceof AppError) return refuseAll(err);
    throw err;
  }
  const now = ctx.config.now();
  const today = spDate(now);
  const [quiz] = await tx
    .select({ id: quizzes.id, title: quizzes.title, isActive: quizzes.isActive })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.professionalId, professionalId)));
  if (!quiz) return refuseAll(quizNotFound());

  // 2. The patients, with "has a paid sale covering today" (findPatientWithService). Ids go as one array
  // parameter: hundreds of separate parameters cost the embedded database more than the work itself.
  const rows = await tx
    .select({
      id: patients.id,
      name: patients.name,
      status: patients.status,
      email: patients.email,
      phone: patients.phone,
      preferences: patients.preferences,
      hasService: hasActiveServiceSql(today),
    })
    .from(patients)
    .where(
      and(
        sql`${patients.id} = ANY(${sql.param(patientIds)}::uuid[])`,
        eq(patients.professionalId, professionalId),
        ne(patients.status, 'deleted'),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));

  // 3. assertCanDeliver, in its order: quiz active, patient active, contact for the channel, active service.
  const accepted: { id: string; channel: string }[] = [];
  for (const id of patientIds) {
    const p = byId.get(id);
    if (!p) {
      refused.set(id, patientNotFound());
      continue;
    }
    const channel = rule.channel ?? p.preferences.channel;
    const problem = !quiz.isActive
      ? quizNotActive()
      : p.status !== 'active'
        ? patientNotActive()
        : (deliveryRuleProblem(p, channel) ?? (p.hasService ? null : withoutActiveService()));
    if (problem) refused.set(id, problem);
    else accepted.push({ id, channel });
  }
  if (accepted.length === 0) return { refused, firstDueAt: null };

  // 4. Create or replace the live schedules: upsertSchedule's insert … ON CONFLICT, for all of them at once.
  const upserted = await tx.execute<{ id: string; patient_id: string; inserted: boolean }>(sql`
    INSERT INTO ${quizSchedules} (professional_id, quiz_id, patient_id, start_date, hour, periodicity, interval_days, weekdays,
      end_date, channel, enabled, created_at, updated_at)
    SELECT ${professionalId}::uuid, ${quizId}::uuid, p.id, ${rule.startDate}::date, ${rule.hour}::int, ${rule.periodicity}::text,
      ${rule.intervalDays}::int, ${JSON.stringify(rule.weekdays)}::jsonb, ${rule.endDate}::date, p.channel, true, ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${sql.param(accepted.map((a) => a.id))}::uuid[], ${sql.param(accepted.map((a) => a.channel))}::text[])
      WITH ORDINALITY AS p(id, channel, ord)
    ORDER BY p.ord
    ON CONFLICT (quiz_id, patient_id) WHERE deleted_at IS NULL DO UPDATE SET
      start_date = excluded.start_date, hour = excluded.hour, periodicity = excluded.periodicity,
      interval_days = excluded.interval_days, weekdays = excluded.weekdays, end_date = excluded.end_date,
      channel = excluded.channel, enabled = excluded.enabled, updated_at = excluded.updated_at
    RETURNING id, patient_id, (xmax = 0) AS inserted`);
  const schedules = upserted.rows;

  // 5. A replaced schedule: its pending occurrence belonged to the old recurrence (cancelPending).
  const replaced = schedules.filter((s) => !s.inserted).map((s) => s.id);
  if (replaced.length > 0) {
    await tx
      .update(answerRequests)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(
        and(
          sql`${answerRequests.scheduleId} = ANY(${sql.param(replaced)}::uuid[])`,
          eq(answerRequests.status, 'scheduled'),
          eq(answerRequests.kind, 'scheduled'),
        ),
      );
  }

  // 6. Each schedule's event, as upsertSchedule records it (webhooks hear of every schedule of a bulk run).
  await recordEvents(
    tx,
    professionalId,
    schedules.map((s) => ({
      type: s.inserted ? 'schedule.created' : 'schedule.rescheduled',
      payload: {
        scheduleId: s.id,
        quizId,
        quizTitle: quiz.title,
        patientId: s.patient_id,
        patientName: byId.get(s.patient_id)?.name ?? '',
        periodicity: rule.periodicity,
        startDate: rule.startDate,
        hour: rule.hour,
      },
    })),
  );

  // 7. The first occurrence (materializeNext from the start of today): the same instant for every patient.
  const notBefore = spDayStart(spDate(now));
  const dueAt = nextOccurrence(rule, notBefore);
  if (!dueAt) return { refused, firstDueAt: null };
  const created = await tx.execute<{ schedule_id: string }>(sql`
    INSERT INTO ${answerRequests} (schedule_id, professional_id, patient_id, quiz_id, kind, due_at, created_at)
    SELECT s.id, ${professionalId}::uuid, s.patient_id, ${quizId}::uuid, 'scheduled', ${dueAt}::timestamptz, ${now}::timestamptz
    FROM unnest(${sql.param(schedules.map((x) => x.id))}::uuid[], ${sql.param(schedules.map((x) => x.patient_id))}::uuid[]) AS s(id, patient_id)
    ON CONFLICT DO NOTHING
    RETURNING schedule_id`);
  // That occurrence already exists for a replaced schedule (cancelled or sent): materializeNext sorts it out.
  const done = new Set(created.rows.map((c) => c.schedule_id));
  const left = schedules.filter((s) => !done.has(s.id)).map((s) => s.id);
  let firstDueAt: Date | null = done.size > 0 ? dueAt : null;
  if (left.length > 0) {
    for (const row of await tx.select().from(quizSchedules).where(inArray(quizSchedules.id, left))) {
      const at = await materializeNext(tx, row, notBefore, now);
      if (at && (!firstDueAt || at < firstDueAt)) firstDueAt = at;
    }
  }
  return { refused, firstDueAt };
}
