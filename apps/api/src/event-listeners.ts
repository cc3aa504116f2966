/**
 * Who hears of the events: the composition root hands this list to the event dispatcher (main.ts, the tests).
 * `events/` knows none of them; a new listener is a line here and a file in its own area.
 *
 * Order matters where it shows: late requests are recorded before the outbox is read (so they go out in the
 * same round), and digests are sent after that, as they were before listeners registered.
 */
import { lateRequestsListener } from './answer-revision/late-events.js';
import type { EventListener } from './events/listeners.js';
import { notificationListener, type NotificationListenerDeps } from './notifications/listener.js';
import { webhookListener } from './webhook/dispatch.js';

export function eventListeners(deps: NotificationListenerDeps = {}): EventListener[] {
  return [lateRequestsListener, notificationListener(deps), webhookListener];
}
