/** What the bulk-schedule machine holds, receives and asks its actors for. */
import type { Recurrence, RecurrenceDraft, RecurrenceErrors } from './recurrence';

/** One patient the background process could not schedule, and why (an API error code). */
export interface BulkStatusDetail {
  patientId: string;
  patientName: string;
  application_error_code: string;
  message: string;
}

/** The API's `BulkStatus` of a quiz: at most one process per quiz at a time. */
export interface BulkStatus {
  quizId: string;
  kind: 'insert' | 'reschedule' | 'delete' | 'active-state' | null;
  state: 'idle' | 'processing' | 'done' | 'failed';
  total: number;
  processed: number;
  details: BulkStatusDetail[];
  startedAt: string | null;
  finishedAt: string | null;
}

/** The list filter in force when "select all" was chosen; opaque to the machine. */
export type PatientFilter = Record<string, unknown>;

/** Every patient that matches `filter` (`total` of them) but those in `excludedIds`. */
export interface AllMatchingSelection {
  filter: PatientFilter;
  total: number;
  excludedIds: string[];
}

export interface PatientSelection {
  /** Patients picked one by one (they stay picked when the search changes). */
  ids: string[];
  /** "Select all N": every patient matching a filter, resolved to ids only when sending. */
  all: AllMatchingSelection | null;
}

/** What the bulk dialog does to the chosen patients: schedule them anew, or move their existing schedules. */
export type BulkScheduleMode = 'insert' | 'reschedule';

export interface BulkScheduleInput {
  quizId: string;
  /** @default 'insert' */
  kind?: BulkScheduleMode;
  /** São Paulo's date today (`YYYY-MM-DD`): start dates before it are refused. */
  today: string;
  /** Patients already chosen (e.g. from a list's selection). */
  patientIds?: string[];
  recurrence?: Partial<RecurrenceDraft>;
  /** @default 1000 */
  pollIntervalMs?: number;
  /** Consecutive status reads that may fail before polling gives up. @default 5 */
  maxStatusFailures?: number;
}

export interface BulkScheduleContext {
  quizId: string;
  kind: BulkScheduleMode;
  today: string;
  pollIntervalMs: number;
  maxStatusFailures: number;
  selection: PatientSelection;
  recurrence: RecurrenceDraft;
  /** Shown once the professional tried to go on with an invalid form. */
  recurrenceErrors: RecurrenceErrors;
  showRecurrenceErrors: boolean;
  /** The ids sent (resolved from the selection when sending). */
  patientIds: string[];
  status: BulkStatus | null;
  statusFailures: number;
  /** True once this dialog started the process (a result found on opening belongs to an earlier one). */
  startedHere: boolean;
  /** The last failure of a call (submit, resolve, acknowledge, status), as the actor threw it. */
  error: unknown;
}

export type BulkScheduleEvent =
  | { type: 'patients.toggle'; patientId: string; selected: boolean }
  | { type: 'patients.set'; patientIds: string[] }
  | { type: 'patients.selectAll'; filter: PatientFilter; total: number }
  | { type: 'patients.clear' }
  /** The list's filter changed: a "select all" of the previous filter no longer means anything. */
  | { type: 'patients.filterChanged' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'recurrence.change'; patch: Partial<RecurrenceDraft> }
  | { type: 'bulk.submit' }
  | { type: 'bulk.retry' }
  | { type: 'bulk.acknowledge' }
  | { type: 'bulk.close' };

export interface SubmitBulkInput {
  quizId: string;
  kind: BulkScheduleMode;
  patientIds: string[];
  recurrence: Recurrence;
}

export interface ResolvePatientsInput {
  filter: PatientFilter;
  excludedIds: string[];
}
