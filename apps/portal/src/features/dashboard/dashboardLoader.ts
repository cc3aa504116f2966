import { noop } from '@tanstack/react-query';
import {
  getAnswerStatusReportOptions,
  getDashboardSummaryOptions,
  listDelayedAnswerRequestsOptions,
} from '@acompanha/api-client';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient } from '../../app/queryClient';
import { pendingCountOptions } from '../../lib/queries';

/** The answer figures: pending total (the drawer badge's query), delayed total, the last 30 days' report. */
export const delayedCountOptions = () => listDelayedAnswerRequestsOptions({ query: { take: 1, skip: 0 } });
export const last30DaysReportOptions = () => getAnswerStatusReportOptions();

/**
 * The dashboard's loader, in a module of its own: the route loads it apart from the screen (`lazy.loader` in
 * app/routes.tsx), so the figures are asked for while the screen's code (and the private layout's) still downloads.
 */
export async function dashboardLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, async () => {
    // The answer figures are welcome but not required: they load beside the summary and never fail the page.
    void queryClient.query(pendingCountOptions()).catch(noop);
    void queryClient.query(delayedCountOptions()).catch(noop);
    void queryClient.query(last30DaysReportOptions()).catch(noop);
    await queryClient.query({ ...getDashboardSummaryOptions(), staleTime: 'static' });
  });
  return null;
}
