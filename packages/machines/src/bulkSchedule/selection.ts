/** The bulk dialog's selection and progress, read the same way by the machine and the screen. */
import type { BulkStatus, PatientSelection } from './bulkSchedule.types';

/** The error code an actor's failure carries (the API client's `ApiError.code`), if any. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** How many patients are selected. */
export function selectedCount(selection: PatientSelection): number {
  if (!selection.all) return selection.ids.length;
  return Math.max(0, selection.all.total - selection.all.excludedIds.length);
}

/** Is `id` selected (picked, or covered by "select all" and not excluded)? */
export function isPatientSelected(selection: PatientSelection, id: string): boolean {
  if (selection.all) return !selection.all.excludedIds.includes(id);
  return selection.ids.includes(id);
}

/** How many of the process's patients were scheduled (all but those with a per-patient error). */
export function succeededCount(status: BulkStatus | null): number {
  if (!status) return 0;
  return Math.max(0, status.processed - status.details.length);
}

/** 0–100: how far the background process is. */
export function progressPercent(status: BulkStatus | null): number {
  if (!status || status.total === 0) return 0;
  return Math.min(100, Math.round((status.processed / status.total) * 100));
}

export const EMPTY_SELECTION: PatientSelection = { ids: [], all: null };
