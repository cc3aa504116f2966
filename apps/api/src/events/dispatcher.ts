/**
 * The event dispatcher: from the outbox to pg-boss jobs, and each job's work.
 *
 * - Each sweep round first runs the listeners' `beforeSweep` (late requests recorded, digests sent), then
 *   hands every undispatched event some listener wants a job for to a job whose id is the event's id
 *   (enqueuing twice, from any number of dispatchers, is a no-op), then, in one transaction, runs the
 *   listeners' `onDispatch` (the webhook deliveries) and stamps the events dispatched. A dispatcher that
 *   dies in between leaves the event for the next sweep, which enqueues nothing new.
 * - A job runs the listeners' `handleJob` (the in-app notification, the digests).
 *
 * The listeners come from above (`event-listeners.ts`, the composition root): this file imports no area it feeds.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { asc, inArray, isNull } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { events } from '../db/schema.js';
import { ensureQueue, PGBOSS_SCHEMA, poolExecutor } from '../lib/pg-boss.js';
import type { DueEvent, EventListener } from './listeners.js';

export const EVENT_QUEUE = 'dispatch-event';

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
  config: Pick<AppConfig, 'now'>;
  /** Who hears of the events, in order (`eventListeners()` in production); none: events are only stamped. */
  listeners?: readonly EventListener[];
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
  private readonly listeners: readonly EventListener[];
  private workerIds: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: EventDispatcherDeps,
    options: EventDispatcherOptions = {},
  ) {
    this.opts = { ...defaults, ...options };
    this.listeners = deps.listeners ?? [];
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
            for (const listener of this.listeners) {
              await listener.handleJob?.({ db: this.deps.db, now: this.deps.config.now }, job.data.eventId);
            }
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

  /** Runs the listeners' `beforeSweep`, then hands undispatched events over; returns how many it handed over. */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      let total = 0;
      try {
        for (const listener of this.listeners) {
          await listener.beforeSweep?.(this.deps.db, this.deps.config.now());
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
    // Only events a listener wants a job for become jobs (a 10,000-row import records 10,000 events no one
    // is notified of); the rest are stamped dispatched at once.
    const work = due.filter((e) => this.listeners.some((l) => l.wantsJob?.(e.type)));
    if (work.length > 0) {
      await this.boss.insert(work.map(({ id }) => ({ id, name: EVENT_QUEUE, data: { eventId: id } })));
    }
    await markDispatched(this.deps.db, due, this.deps.config.now(), this.listeners);
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
 * Stamps events dispatched and, in the same transaction, runs the listeners' `onDispatch` (the webhook
 * deliveries): what they create exists exactly when the event is marked (a dispatcher that dies before this
 * commits leaves both for the next sweep; the unique (event, endpoint) absorbs two sweepers racing).
 */
export async function markDispatched(
  db: Db,
  due: DueEvent[],
  now: Date,
  listeners: readonly EventListener[],
): Promise<void> {
  if (due.length === 0) return;
  await db.transaction(async (tx) => {
    for (const listener of listeners) await listener.onDispatch?.(tx, due, now);
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
