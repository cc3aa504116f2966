/**
 * The notification centre as an event listener (registered in `event-listeners.ts`): a job per event she may
 * hear of, which reads her preferences when it runs (not when the event was recorded) and writes her in-app
 * notification (once per event: the event id is unique among notifications, then `pg_notify`) and adds it to
 * her e-mail and WhatsApp digests, which every sweep round sends when due.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { events, notifications, professionals } from '../db/schema.js';
import type { EventListener } from '../events/listeners.js';
import { emitLocally, signalNotifications } from './live.js';
import { isNotificationType, preferenceOf } from './types.js';
import { addToDigest, sendDueDigests, type DigestChannels } from './digests.js';

export interface NotificationListenerDeps {
  /** E-mail and WhatsApp to the professional (her notification digests); none: digests wait. */
  channels?: DigestChannels;
  log?: { error(obj: unknown, msg?: string): void };
}

export function notificationListener(deps: NotificationListenerDeps = {}): EventListener {
  const { channels, log } = deps;
  return {
    ...(channels ? { beforeSweep: (db: Db, now: Date) => sendDueDigests(db, channels, now, log) } : {}),
    wantsJob: isNotificationType,
    handleJob: handleEvent,
  };
}

/** One event's work, as the professional's preferences say now: her in-app notification and her digests. */
export async function handleEvent(deps: { db: Db; now?: () => Date }, eventId: string): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ event: events, preferences: professionals.notificationPreferences })
    .from(events)
    .innerJoin(professionals, eq(professionals.id, events.professionalId))
    .where(eq(events.id, eventId));
  if (!row || !isNotificationType(row.event.type)) return;
  const { event } = row;
  const type = row.event.type;
  const pref = preferenceOf(row.preferences, type);
  const now = deps.now?.() ?? new Date();
  // E-mail and WhatsApp: the event joins its digest (sent a few minutes later, after quiet hours).
  for (const channel of ['email', 'whatsapp'] as const) {
    if (pref[channel]) {
      await addToDigest(db, { professionalId: event.professionalId, channel, type, eventId: event.id }, pref, now);
    }
  }
  if (!pref.inApp) return;
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(notifications)
      .values({
        professionalId: event.professionalId,
        eventId: event.id,
        type: event.type,
        createdAt: event.occurredAt,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (inserted.length > 0) await signalNotifications(tx, [event.professionalId]);
    return inserted.length > 0;
  });
  if (created) emitLocally(db, [event.professionalId]);
}
