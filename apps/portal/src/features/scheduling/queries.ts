import type { QueryClient } from '@tanstack/react-query';
import { invalidateOperation } from '../../lib/queries';

/** Every list that shows schedules or their requests: after any change, all of them are fresh. */
export function invalidateSchedules(queryClient: QueryClient) {
  return invalidateOperation(
    queryClient,
    'listQuizSchedules',
    'getQuizSchedule',
    'listPatientQuizzes',
    'listSchedulesWithoutConfirmation',
    'getBulkProcessStatus',
  );
}
