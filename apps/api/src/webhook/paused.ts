/** A delivery row's life outside the send loop: paused and resumed with its endpoint, forgotten after 30 days. */
import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { webhookDeliveries } from '../db/schema.js';

/** An endpoint turned off: its waiting messages pause (out of the due index) until it is on again. */
export async function pauseDeliveries(tx: Executor, endpointId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'paused' })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

/** Messages paused less than this long ago go out when the endpoint is on again; older ones fail (Reenviar). */
export const RESUME_WITHIN_MS = 24 * 3_600_000;

/** An endpoint turned on again: recent paused messages start a fresh round now; older ones are given up. */
export async function resumeDeliveries(tx: Executor, endpointId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - RESUME_WITHIN_MS);
  const paused = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'paused'));
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(and(paused, lt(webhookDeliveries.createdAt, since)));
  await tx
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      roundStart: sql`${webhookDeliveries.attempts}`,
      manual: false,
      lockedUntil: null,
    })
    .where(paused);
}

/** Deliveries and attempts older than this are forgotten (the log shows recent traffic). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/** Forgets deliveries (and their attempts) past the retention period, a thousand at a time. */
export async function pruneDeliveries(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_MS);
  for (;;) {
    const old = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.createdAt, before)))
      .limit(1000);
    const gone = await db
      .delete(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, old))
      .returning({ id: webhookDeliveries.id });
    if (gone.length < 1000) return;
  }
}
