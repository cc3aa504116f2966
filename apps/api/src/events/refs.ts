/** The names events carry beside the ids, read inside the change's own transaction. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { patients, quizSchedules, quizzes } from '../db/schema.js';

export interface ScheduleRef {
  scheduleId: string;
  quizId: string;
  quizTitle: string;
  patientId: string;
  patientName: string;
}

/** A schedule as events name it: its quiz and patient, with their titles and names. */
export async function scheduleRef(tx: Executor, scheduleId: string): Promise<ScheduleRef> {
  const [row] = await tx
    .select({
      scheduleId: quizSchedules.id,
      quizId: quizSchedules.quizId,
      quizTitle: quizzes.title,
      patientId: quizSchedules.patientId,
      patientName: patients.name,
    })
    .from(quizSchedules)
    .innerJoin(quizzes, eq(quizzes.id, quizSchedules.quizId))
    .innerJoin(patients, eq(patients.id, quizSchedules.patientId))
    .where(eq(quizSchedules.id, scheduleId));
  if (!row) throw new Error(`schedule ${scheduleId} not found for its event`);
  return row;
}

/** A patient as events name her. */
export async function patientRef(tx: Executor, patientId: string): Promise<{ patientId: string; patientName: string }> {
  const [row] = await tx.select({ name: patients.name }).from(patients).where(eq(patients.id, patientId));
  return { patientId, patientName: row?.name ?? '' };
}
