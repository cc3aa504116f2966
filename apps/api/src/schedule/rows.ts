/** The row types of the schedule area, and what a new schedule names. */
import { type answerRequests, type patients, type quizSchedules } from '../db/schema.js';
import type { Recurrence } from './schemas.js';

export type ScheduleRow = typeof quizSchedules.$inferSelect;
export type RequestRow = typeof answerRequests.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;
export type Channel = ScheduleRow['channel'];

export interface ScheduleInput extends Recurrence {
  quizId: string;
  patientId: string;
}
