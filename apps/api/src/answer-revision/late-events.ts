/**
 * `answer_request.delayed`: recorded by the event dispatcher's sweep (a listener registered in
 * `event-listeners.ts`), once per request sent and still unanswered past the grace period, claimed by
 * `delayed_at` in the event's own transaction.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { answerRequests } from '../db/schema.js';
import type { EventListener } from '../events/listeners.js';
import { recordEvents, type NewEvent } from '../events/record.js';
import { scheduleRef } from '../events/refs.js';
import { DELAY_HOURS } from './schemas.js';

/** A request sent longer ago than this is not announced as late any more (it is history by then). */
const DELAY_LOOKBACK_DAYS = 7;

/** `answer_request.delayed` for every request sent past the grace period and still unanswered (each once). */
export async function recordDelayed(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DELAY_HOURS * 3_600_000);
  const floor = new Date(now.getTime() - DELAY_LOOKBACK_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    const late = await tx
      .update(answerRequests)
      .set({ delayedAt: now })
      .where(
        and(
          eq(answerRequests.status, 'sent'),
          isNull(answerRequests.delayedAt),
          lte(answerRequests.sentAt, cutoff),
          gt(answerRequests.sentAt, floor),
        ),
      )
      .returning({
        id: answerRequests.id,
        professionalId: answerRequests.professionalId,
        scheduleId: answerRequests.scheduleId,
        sentAt: answerRequests.sentAt,
      });
    const byProfessional = new Map<string, NewEvent[]>();
    for (const r of late) {
      const list = byProfessional.get(r.professionalId) ?? [];
      list.push({
        type: 'answer_request.delayed',
        payload: { answerRequestId: r.id, ...(await scheduleRef(tx, r.scheduleId)), sentAt: r.sentAt!.toISOString() },
      });
      byProfessional.set(r.professionalId, list);
    }
    for (const [professionalId, list] of byProfessional) await recordEvents(tx, professionalId, list);
    return late.length;
  });
}

/** Late requests become events at the start of every sweep round. */
export const lateRequestsListener: EventListener = {
  beforeSweep: (db, now) => recordDelayed(db, now),
};
