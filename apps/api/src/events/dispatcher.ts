/**
 * The event dispatcher: from the outbox to pg-boss jobs, and each job's work.
 *
 * - A sweeper hands every undispatched event to a job whose id is the event's id (enqueuing twice, from
 *   any number of dispatchers, is a no-op), then, in one transaction, creates its webhook deliveries (one
 *   per subscribed endpoint, sent by `webhook/deliverer.ts`) and stamps the event dispatched. A dispatcher
 *   that dies in between leaves the event for the next sweep, which enqueues nothing new.
 * - The same sweeper records `answer_request.delayed` for requests sent and unanswered past the grace
 *   period (each once, claimed by `delayed_at` in the event's own transaction).
 * - A job reads the professional's preferences when it runs (not when the event was recorded) and writes
 *   her in-app notification (once per event: the event id is unique among notifications).
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { answerRequests, events, notifications, professionals } from '../db/schema.js';
import { ensureQueue, PGBOSS_SCHEMA, poolExecutor } from '../delivery/worker.js';
import { DELAY_HOURS } from '../answer-revision/schemas.js';
import { emitLocally, signalNotifications } from '../notifications/live.js';
import { isNotificationType, preferenceOf } from '../notifications/types.js';
import { addToDigest, sendDueDigests, type DigestChannels } from '../notifications/digests.js';
import { recordEvents, type NewEvent } from './record.js';
import { scheduleRef } from './refs.js';
import { createDeliveries } from '../webhook/deliveries.js';

export const EVENT_QUEUE = 'dispatch-event';

/** A request sent longer ago than this is not announced as late any more (it is history by then). */
const DELAY_LOOKBACK_DAYS = 7;

export interface EventDispatcherOptions {
  /** Jobs handled at once. Default 4. */
  concurrency?: number;
  /** How often the queue is polled. Default 1 s. */
  pollingIntervalSeconds?: number;
  /** How often the outbox is swept. Default 1000 ms. */
  sweepIntervalMs?: number;
  /** Events handed over per sweep round. Default 500. */
  sweepBatchSize?: number;
  /** Retries of a failing job (exponential backoff from `retryDelaySeconds`). Default 8. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still active after this long is considered lost and retried. Default 120 s. */
  expireInSeconds?: number;
}

export interface EventDispatcherDeps {
  db: Db;
  pool: pg.Pool;
  config: Pick<AppConfig, 'now' | 'publicUrl'>;
  /** E-mail and WhatsApp to the professional (her notification digests); none: digests wait. */
  channels?: Omit<DigestChannels, 'publicUrl'>;
  /** Overrides the pg-boss SQL executor (tests cut a dispatcher off the database with it). */
  executor?: PgBoss.Db;
  log?: { error(obj: unknown, msg?: string): void };
  /** Called after each handled event (tests). */
  onHandled?(eventId: string): void;
}

const defaults = {
  concurrency: 4,
  pollingIntervalSeconds: 1,
  sweepIntervalMs: 1000,
  sweepBatchSize: 500,
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
} satisfies Required<EventDispatcherOptions>;

export class EventDispatcher {
  readonly boss: PgBoss;
  private readonly opts: Required<EventDispatcherOptions>;
  private workerIds: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: EventDispatcherDeps,
    options: EventDispatcherOptions = {},
  ) {
    this.opts = { ...defaults, ...options };
    this.boss = new PgBoss({
      db: deps.executor ?? poolExecutor(deps.pool),
      schema: PGBOSS_SCHEMA,
      schedule: false,
      supervise: true,
    });
    this.boss.on('error', (err) => this.deps.log?.error({ err }, 'event dispatcher (pg-boss) error'));
  }

  async start(): Promise<this> {
    await this.boss.start();
    const queue = {
      name: EVENT_QUEUE,
      retryLimit: this.opts.retryLimit,
      retryDelay: this.opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.opts.expireInSeconds,
    };
    await ensureQueue(this.boss, queue);
    for (let i = 0; i < this.opts.concurrency; i++) {
      this.workerIds.push(
        await this.boss.work<{ eventId: string }>(
          EVENT_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            await handleEvent({ db: this.deps.db, now: this.deps.config.now }, job.data.eventId);
            this.deps.onHandled?.(job.data.eventId);
          },
        ),
      );
    }
    this.timer = setInterval(
      () => void this.sweep().catch((err) => this.deps.log?.error({ err }, 'event sweep failed')),
      this.opts.sweepIntervalMs,
    );
    this.timer.unref();
    await this.sweep();
    return this;
  }

  /** Records late requests, then hands undispatched events to jobs; returns how many it handed over. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      let total = 0;
      try {
        await recordDelayed(this.deps.db, this.deps.config.now());
        if (this.deps.channels) {
          await sendDueDigests(
            this.deps.db,
            { ...this.deps.channels, publicUrl: this.deps.config.publicUrl },
            this.deps.config.now(),
            this.deps.log,
          );
        }
        for (;;) {
          const n = await this.sweepOnce();
          total += n;
          if (n < this.opts.sweepBatchSize || this.stopped) break;
        }
      } finally {
        this.sweeping = undefined;
      }
      if (total > 0) for (const id of this.workerIds) this.boss.notifyWorker(id);
      return total;
    })();
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const due = await this.deps.db
      .select({ id: events.id, type: events.type, professionalId: events.professionalId })
      .from(events)
      .where(isNull(events.dispatchedAt))
      .orderBy(asc(events.occurredAt))
      .limit(this.opts.sweepBatchSize);
    if (due.length === 0) return 0;
    // Only events someone hears about become jobs (a 10,000-row import records 10,000 events no one is
    // notified of); the rest are stamped dispatched at once.
    const work = due.filter((e) => isNotificationType(e.type));
    if (work.length > 0) {
      await this.boss.insert(work.map(({ id }) => ({ id, name: EVENT_QUEUE, data: { eventId: id } })));
    }
    await markDispatched(this.deps.db, due, this.deps.config.now());
    return due.length;
  }

  /** Stops sweeping, waits up to `timeoutMs` for the jobs in progress (the rest are retried later). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([
      this.sweeping?.catch(() => {}),
      this.boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true }),
    ]);
  }
}

/**
 * Stamps events dispatched and, in the same transaction, creates their webhook deliveries: they exist
 * exactly when the event is marked (a dispatcher that dies before this commits leaves both for the next
 * sweep; the unique (event, endpoint) absorbs two sweepers racing).
 */
export async function markDispatched(
  db: Db,
  due: { id: string; type: string; professionalId: string }[],
  now: Date,
): Promise<void> {
  if (due.length === 0) return;
  await db.transaction(async (tx) => {
    await createDeliveries(tx, due, now);
    await tx
      .update(events)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          events.id,
          due.map((d) => d.id),
        ),
      );
  });
}

/** Starts a dispatcher with the production defaults (main.ts). */
export function startEventDispatcher(deps: EventDispatcherDeps, options: EventDispatcherOptions = {}) {
  return new EventDispatcher(deps, options).start();
}

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
