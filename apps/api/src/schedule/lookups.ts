/** Lookups inside a scheduling transaction: the professional's quiz, patient (with her service) and schedule. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { findOwnQuiz, type QuizRow } from '../quiz/lookup.js';
import type { Executor } from '../db/client.js';
import { patients, quizSchedules, sales } from '../db/schema.js';
import { patientNotFound } from '../patient/lookup.js';
import type { Channel, PatientRow, ScheduleRow } from './rows.js';
import {
  deliveryRuleProblem,
  patientNotActive,
  quizNotActive,
  scheduleNotFound,
  withoutActiveService,
} from './errors.js';

/** Quizzes looked up inside one transaction are remembered (a bulk chunk schedules hundreds of patients on one quiz). */
const quizCache = new WeakMap<object, Map<string, QuizRow>>();

export async function findOwnQuizOnce(tx: Executor, professionalId: string, quizId: string): Promise<QuizRow> {
  let cache = quizCache.get(tx);
  const hit = cache?.get(quizId);
  if (hit && hit.professionalId === professionalId) return hit;
  const row = await findOwnQuiz(tx, professionalId, quizId);
  if (!cache) quizCache.set(tx, (cache = new Map()));
  cache.set(quizId, row);
  return row;
}

/**
 * "A paid sale covers `today` (and, when given, runs past `through` too)" — `isServiceActiveOn` of
 * @acompanha/calendar, the rule every screen shows — for the `patients` row of the
 * outer query. Written out with qualified names: drizzle leaves the columns of a one-table select
 * unqualified, which would bind to `sales`.
 */
export const hasActiveServiceSql = (today: string, through: string = today) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${sales} s WHERE s.patient_id = "patients"."id" AND s.status = 'paid' AND s.starts_at <= ${today} AND s.ends_at > ${through})`.mapWith(
    Boolean,
  );

/** The patient with a flag "has a paid sale covering `today`", or 404. */
export async function findPatientWithService(
  tx: Executor,
  professionalId: string,
  patientId: string,
  today: string,
): Promise<{ patient: PatientRow; hasService: boolean }> {
  const [row] = await tx
    .select({ patient: patients, hasService: hasActiveServiceSql(today) })
    .from(patients)
    .where(
      and(eq(patients.id, patientId), eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')),
    );
  if (!row) throw patientNotFound();
  return { patient: row.patient, hasService: Boolean(row.hasService) };
}

/** The checks every new delivery rule passes: quiz active, patient active with the contact of the channel and an active service. */
export function assertCanDeliver(quiz: QuizRow, patient: PatientRow, hasService: boolean, channel: Channel): void {
  if (!quiz.isActive) throw quizNotActive();
  if (patient.status !== 'active') throw patientNotActive();
  const rule = deliveryRuleProblem(patient, channel);
  if (rule) throw rule;
  if (!hasService) throw withoutActiveService();
}

export async function lockOwnSchedule(tx: Executor, professionalId: string, id: string): Promise<ScheduleRow> {
  const [row] = await tx
    .select()
    .from(quizSchedules)
    .where(and(eq(quizSchedules.id, id), eq(quizSchedules.professionalId, professionalId)))
    .for('update');
  if (!row) throw scheduleNotFound();
  return row;
}
