/**
 * Writing events into the outbox (the `events` table), always through the transaction of the change that
 * causes them: an event exists exactly when its change committed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { events } from '../db/schema.js';
import type { EventPayload, EventType } from './catalog.js';

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  payload: EventPayload<T>;
}

const patientOf = (payload: object): string | null =>
  'patientId' in payload && typeof payload.patientId === 'string' ? payload.patientId : null;

/** Records events of one professional inside `tx` (the caller's transaction). */
export async function recordEvents(tx: Executor, professionalId: string, list: NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  // A batch of thousands stays one statement per 1,000 rows (the bind-parameter limit is far away).
  for (let i = 0; i < list.length; i += 1000) {
    await tx.insert(events).values(
      list.slice(i, i + 1000).map((e) => ({
        professionalId,
        type: e.type,
        payload: e.payload as Record<string, unknown>,
        patientId: patientOf(e.payload),
      })),
    );
  }
}

/** Records one event of the professional inside `tx`. */
export function recordEvent<T extends EventType>(
  tx: Executor,
  professionalId: string,
  type: T,
  payload: EventPayload<T>,
): Promise<void> {
  return recordEvents(tx, professionalId, [{ type, payload } as NewEvent]);
}

/**
 * A deleted patient's name leaves every event that carried it (LGPD): the notifications, which render
 * from their event, and the webhook payloads not yet sent read the anonymised `name` from then on.
 */
export async function anonymisePatientEvents(tx: Executor, patientIds: string[], name: string): Promise<void> {
  if (patientIds.length === 0) return;
  await tx
    .update(events)
    .set({ payload: sql`${events.payload} || jsonb_build_object('patientName', ${name}::text)` })
    .where(inArray(events.patientId, patientIds));
}
