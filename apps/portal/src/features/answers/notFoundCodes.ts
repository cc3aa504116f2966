import type { ApiErrorCode } from '@acompanha/api-client';

/** Codes a screen answers with its own "not found" page (no toast). */
export const REVISION_NOT_FOUND_CODES: readonly ApiErrorCode[] = [
  'REVISION_NOT_FOUND',
  'SCHEDULE_NOT_ANSWERED',
  'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
  'PATIENT_NOT_FOUND_ERROR',
  'NOT_FOUND',
];
