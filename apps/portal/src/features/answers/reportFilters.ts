/** The answer report's filters: from and to the address, and as the API's queries. */
import { type GetAnswerStatusReportData, listDelayedAnswerRequestsOptions } from '@acompanha/api-client';
import { type Period, periodFromParams } from './filters';
import { last30Days } from '../../lib/today';

export const DELAYED_PAGE = 10;
export interface ReportFilters {
  period: Period;
  quizId: string | null;
  patientId: string | null;
  granularity: 'day' | 'week';
}

/** The report's filters from the address (the last 30 days by day when it says nothing). */
export function reportFiltersFrom(params: URLSearchParams): ReportFilters {
  return {
    period: periodFromParams(params) ?? last30Days(),
    quizId: params.get('quizId'),
    patientId: params.get('patientId'),
    granularity: params.get('granularity') === 'week' ? 'week' : 'day',
  };
}

/** The same filters as search params (also the print page's). */
export function reportSearch(f: ReportFilters): URLSearchParams {
  const search = new URLSearchParams({ from: f.period.start.toString(), to: f.period.end.toString() });
  if (f.quizId) search.set('quizId', f.quizId);
  if (f.patientId) search.set('patientId', f.patientId);
  if (f.granularity !== 'day') search.set('granularity', f.granularity);
  return search;
}

export function reportQuery(f: ReportFilters): NonNullable<GetAnswerStatusReportData['query']> {
  return {
    from: f.period.start.toString(),
    to: f.period.end.toString(),
    granularity: f.granularity,
    ...(f.quizId ? { quizId: f.quizId } : {}),
    ...(f.patientId ? { patientId: f.patientId } : {}),
  };
}

export const delayedOptions = (f: Pick<ReportFilters, 'quizId' | 'patientId'>, skip: number) =>
  listDelayedAnswerRequestsOptions({
    query: {
      take: DELAYED_PAGE,
      skip,
      ...(f.quizId ? { quizId: f.quizId } : {}),
      ...(f.patientId ? { patientId: f.patientId } : {}),
    },
  });
