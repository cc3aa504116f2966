/** The bulk dialog's calls: the machine's actors and the meta of the calls whose failures the dialog shows itself. */
import { fromPromise } from 'xstate';
import {
  acknowledgeBulkProcess,
  bulkInsertSchedules,
  bulkRescheduleSchedules,
  getBulkProcessStatus,
  listPatients,
  type ListPatientsData,
  handled,
} from '@acompanha/api-client';
import type { BulkStatus, PatientFilter, ResolvePatientsInput, SubmitBulkInput } from '@acompanha/machines';
import { SCHEDULE_FORM_CODES } from './labels';

/** The largest page the patient list serves, used to turn "select all" into ids. */
const RESOLVE_PAGE = 100;

export type PatientQuery = NonNullable<ListPatientsData['query']>;

/** Every patient id matching `filter`, page by page (a few pages at a time), without `excludedIds`. */
async function resolvePatientIds(filter: PatientFilter, excludedIds: string[]): Promise<string[]> {
  const query = filter as Omit<PatientQuery, 'take' | 'skip'>;
  const page = async (skip: number) => {
    const { data } = await listPatients({ query: { ...query, take: RESOLVE_PAGE, skip }, throwOnError: true });
    return data;
  };
  const first = await page(0);
  const ids = first.items.map((p) => p.id);
  const skips: number[] = [];
  for (let skip = RESOLVE_PAGE; skip < first.total; skip += RESOLVE_PAGE) skips.push(skip);
  let last = first;
  for (let i = 0; i < skips.length; i += 4) {
    const pages = await Promise.all(skips.slice(i, i + 4).map(page));
    for (const p of pages) ids.push(...p.items.map((x) => x.id));
    last = pages.at(-1) ?? last;
  }
  // A capped total (a common name, which may have grown past 1.000 since "select all") is only how far the
  // count went: read on until a page comes short.
  let skip = RESOLVE_PAGE * (skips.length + 1);
  while (first.totalCapped && last.items.length === RESOLVE_PAGE) {
    last = await page(skip);
    ids.push(...last.items.map((x) => x.id));
    skip += RESOLVE_PAGE;
  }
  const excluded = new Set(excludedIds);
  return ids.filter((id) => !excluded.has(id));
}

/** Calls whose failures the dialog shows itself (no toast on top). */
const POLL_META = handled('NETWORK_ERROR', 'INTERNAL_ERROR', 'UNKNOWN', 'BULK_PROCESS_IN_PROGRESS');
const SUBMIT_META = handled(...SCHEDULE_FORM_CODES, 'WRONG_COMMAND_PARAMETERS', 'QUIZ_NOT_FOUND');

/** The actors `bulkScheduleMachine` is provided with: status, patient resolution, submit, acknowledge. */
export const bulkScheduleActors = () => ({
  getStatus: fromPromise<BulkStatus, { quizId: string }>(async ({ input }) => {
    const { data } = await getBulkProcessStatus({
      path: { quizId: input.quizId },
      meta: POLL_META,
      throwOnError: true,
    });
    return data as BulkStatus;
  }),
  resolvePatients: fromPromise<string[], ResolvePatientsInput>(({ input }) =>
    resolvePatientIds(input.filter, input.excludedIds),
  ),
  submit: fromPromise<BulkStatus, SubmitBulkInput>(async ({ input }) => {
    const body = { patientIds: input.patientIds, ...input.recurrence };
    const call = input.kind === 'insert' ? bulkInsertSchedules : bulkRescheduleSchedules;
    const { data } = await call({
      path: { quizId: input.quizId },
      body,
      meta: SUBMIT_META,
      throwOnError: true,
    });
    return data as BulkStatus;
  }),
  acknowledge: fromPromise<BulkStatus, { quizId: string }>(async ({ input }) => {
    const { data } = await acknowledgeBulkProcess({
      path: { quizId: input.quizId },
      meta: POLL_META,
      throwOnError: true,
    });
    return data as BulkStatus;
  }),
});
