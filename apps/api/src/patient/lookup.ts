/** The professional's own patient, or 404 like a missing one: the one owner of this lookup. */
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { patients } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type PatientRow = typeof patients.$inferSelect;
export const patientNotFound = () => new AppError(404, 'PATIENT_NOT_FOUND_ERROR', 'Cliente não encontrado.');
/** A non-deleted patient of the professional, else 404 PATIENT_NOT_FOUND_ERROR. */
export async function findOwnPatient(db: Executor, professionalId: string, id: string): Promise<PatientRow> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')));
  if (!row) throw patientNotFound();
  return row;
}
