import type { QueryClient } from '@tanstack/react-query';
import { listPendingAnswerRevisionsOptions } from '@acompanha/api-client';
import { invalidateOperation } from '../../lib/queries';

/** The drawer badge: how many revisions wait for review (`total` of one item). */
export const pendingCountOptions = () => listPendingAnswerRevisionsOptions({ query: { take: 1, skip: 0 } });

/**
 * Every list and detail that shows revisions: after an approval or a note, all of them are fresh. The
 * schedules lists carry each schedule's answer counts (the "Revisão pendente" badge).
 */
export function invalidateRevisions(queryClient: QueryClient) {
  return invalidateOperation(
    queryClient,
    'listAnswerRevisions',
    'listPendingAnswerRevisions',
    'listQuizAnswerRevisions',
    'getAnswerRevision',
    'getScheduleAnswerRevisions',
    'listQuizSchedules',
    'getQuizSchedule',
  );
}

/** Codes a screen answers with its own "not found" page (no toast). */
export const REVISION_NOT_FOUND_CODES = [
  'REVISION_NOT_FOUND',
  'SCHEDULE_NOT_ANSWERED',
  'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
  'PATIENT_NOT_FOUND_ERROR',
  'NOT_FOUND',
];
