/**
 * Webhook deliveries are born with their event's dispatch: the event dispatcher runs this listener (registered
 * in `event-listeners.ts`) inside the transaction that stamps events dispatched, so a delivery row exists for
 * each (event, subscribed endpoint) exactly when the event is marked; the unique (event, endpoint) absorbs
 * two sweepers racing. `deliveries.ts` sends them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { DueEvent, EventListener } from '../events/listeners.js';

/** Creates the deliveries of these events to every enabled endpoint of their professional that wants them. */
export async function createDeliveries(tx: Executor, due: DueEvent[], now: Date): Promise<number> {
  if (due.length === 0) return 0;
  const professionalIds = [...new Set(due.map((e) => e.professionalId))];
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      professionalId: webhookEndpoints.professionalId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.professionalId, professionalIds), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return 0;
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const e of due) {
    for (const ep of endpoints) {
      if (ep.professionalId !== e.professionalId || !ep.events.includes(e.type)) continue;
      rows.push({
        professionalId: e.professionalId,
        endpointId: ep.id,
        eventId: e.id,
        eventType: e.type,
        messageId: `msg_${e.id}`,
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(webhookDeliveries)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return rows.length;
}

/** The webhook side of the dispatch: deliveries created in the stamping transaction. */
export const webhookListener: EventListener = { onDispatch: createDeliveries };
