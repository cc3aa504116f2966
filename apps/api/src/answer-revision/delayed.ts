/** Delayed requests: sent, unanswered past DELAY_HOURS. */
import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerRequests, patients, quizSchedules } from '../db/schema.js';
import { sentRequestsPage } from '../schedule/answer-requests.js';
import { DELAY_HOURS, type DelayedQuery, type DelayedRequestSchema } from './schemas.js';

export const delayCutoff = (now: Date) => new Date(now.getTime() - DELAY_HOURS * 3_600_000);

export async function listDelayed(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof DelayedQuery>,
): Promise<{ items: z.infer<typeof DelayedRequestSchema>[]; total: number }> {
  const cutoff = delayCutoff(ctx.config.now());
  const where = and(
    eq(answerRequests.professionalId, professionalId),
    eq(answerRequests.status, 'sent'),
    lte(answerRequests.sentAt, cutoff),
    isNull(quizSchedules.deletedAt),
    ne(patients.status, 'deleted'),
    q.quizId ? eq(answerRequests.quizId, q.quizId) : undefined,
    q.patientId ? eq(answerRequests.patientId, q.patientId) : undefined,
  );
  const { items, total } = await sentRequestsPage(ctx, where, q);
  return {
    items: items.map((item) => ({
      ...item,
      delayedSince: new Date(new Date(item.sentAt).getTime() + DELAY_HOURS * 3_600_000).toISOString(),
    })),
    total,
  };
}
