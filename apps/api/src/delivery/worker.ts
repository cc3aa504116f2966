/**
 * The delivery worker: pg-boss on the application's own database (PostgreSQL or embedded PGlite).
 *
 * - A sweeper finds 'scheduled' answer requests that are due (by the app clock) and enqueues one job per
 *   request, with the request id as the job id: enqueuing twice, from any number of workers, is a no-op.
 * - pg-boss hands each job to one worker at a time (FOR UPDATE SKIP LOCKED); a failing channel throws and
 *   the job is retried with exponential backoff; a worker that dies mid-send leaves its job active until it
 *   expires, then another worker's maintenance puts it back in the queue.
 * - Any number of workers (API processes or dedicated ones) may run on one database.
 */
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { and, asc, eq, lte, not, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { answerRequests } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { createChannels, type Channels } from './channels.js';
import { deliverAnswerRequest, type DeliveryOutcome } from './deliver.js';
import { onDueRequests } from '../schedule/due-signal.js';
import { createWhatsAppProvider } from './whatsapp.js';
import { accountExpiredSql } from '../payment/access.js';
import { ensureQueue, PGBOSS_SCHEMA, poolExecutor } from '../lib/pg-boss.js';

export const DELIVERY_QUEUE = 'deliver-answer-request';

export interface DeliveryWorkerOptions {
  /** Jobs handled at once by this worker. Default 4. */
  concurrency?: number;
  /** How often the queue is polled. Default 2 s (pg-boss minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often due requests are looked for. Default 5000 ms. */
  sweepIntervalMs?: number;
  /** A job still active after this long is considered lost (its worker died) and is retried. Default 300 s. */
  expireInSeconds?: number;
  /** Retries after the first attempt. Default 6. */
  retryLimit?: number;
  /** First retry delay in seconds; doubles each time (with jitter). Default 30. */
  retryDelaySeconds?: number;
  /** pg-boss maintenance (expiring lost jobs, archiving). Default 60 s. */
  maintenanceIntervalSeconds?: number;
  /** Requests enqueued per sweep round. Default 500. */
  sweepBatchSize?: number;
}

export interface DeliveryWorkerDeps {
  db: Db;
  /** pg-boss runs its SQL through this pool (one connection on PGlite, shared with the app). */
  pool: pg.Pool;
  config: Pick<AppConfig, 'now' | 'publicUrl'>;
  /** Default: e-mail through `mailer`, WhatsApp through the Cloud API when configured, else the outbox. */
  channels?: Channels;
  mailer?: Mailer;
  /** Overrides the pg-boss SQL executor (tests use it to cut a worker off the database, as if it died). */
  executor?: PgBoss.Db;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  /** Called after each job with its outcome (tests). */
  onOutcome?(requestId: string, outcome: DeliveryOutcome | 'retry'): void;
}

const defaults = {
  concurrency: 4,
  pollingIntervalSeconds: 2,
  sweepIntervalMs: 5000,
  expireInSeconds: 300,
  retryLimit: 6,
  retryDelaySeconds: 30,
  maintenanceIntervalSeconds: 60,
  sweepBatchSize: 500,
} satisfies Required<DeliveryWorkerOptions>;

export class DeliveryWorker {
  readonly boss: PgBoss;
  private readonly opts: Required<DeliveryWorkerOptions>;
  private readonly channels: Channels;
  private workerIds: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private sweeping: Promise<number> | undefined;
  private sweepAgain = false;
  private stopped = false;

  constructor(
    private readonly deps: DeliveryWorkerDeps,
    options: DeliveryWorkerOptions = {},
  ) {
    this.opts = { ...defaults, ...options };
    if (!deps.channels && !deps.mailer) throw new Error('DeliveryWorker needs channels or a mailer.');
    this.channels = deps.channels ?? createChannels(deps.mailer!, createWhatsAppProvider(deps.db));
    this.boss = new PgBoss({
      db: deps.executor ?? poolExecutor(deps.pool),
      schema: PGBOSS_SCHEMA,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: this.opts.maintenanceIntervalSeconds,
    });
    this.boss.on('error', (err) => this.deps.log?.error({ err }, 'delivery worker (pg-boss) error'));
  }

  async start(): Promise<this> {
    await this.boss.start();
    const queue = {
      retryLimit: this.opts.retryLimit,
      retryDelay: this.opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.opts.expireInSeconds,
    };
    await ensureQueue(this.boss, { name: DELIVERY_QUEUE, ...queue });
    for (let i = 0; i < this.opts.concurrency; i++) {
      this.workerIds.push(
        await this.boss.work<{ requestId: string }>(
          DELIVERY_QUEUE,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.opts.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            const lastAttempt = job.retryCount >= job.retryLimit;
            try {
              const outcome = await deliverAnswerRequest(
                { db: this.deps.db, config: this.deps.config, channels: this.channels },
                job.data.requestId,
                { lastAttempt },
              );
              this.deps.onOutcome?.(job.data.requestId, outcome);
              return { outcome };
            } catch (err) {
              this.deps.onOutcome?.(job.data.requestId, 'retry');
              throw err;
            }
          },
        ),
      );
    }
    this.unsubscribe = onDueRequests(this.deps.db, () => void this.sweep().catch(() => {}));
    this.timer = setInterval(
      () => void this.sweep().catch((err) => this.deps.log?.error({ err }, 'delivery sweep failed')),
      this.opts.sweepIntervalMs,
    );
    this.timer.unref();
    await this.sweep();
    return this;
  }

  /**
   * Enqueues every due 'scheduled' request that has no job yet; returns how many were enqueued. Concurrent
   * calls share one run (and ask for one more round).
   */
  sweep(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      let total = 0;
      try {
        do {
          this.sweepAgain = false;
          for (;;) {
            const n = await this.sweepOnce();
            total += n;
            if (n < this.opts.sweepBatchSize || this.stopped) break;
          }
        } while (this.sweepAgain && !this.stopped);
      } finally {
        this.sweeping = undefined;
      }
      if (total > 0) for (const id of this.workerIds) this.boss.notifyWorker(id);
      return total;
    })();
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    const now = this.deps.config.now();
    const due = await this.deps.db
      .select({ id: answerRequests.id })
      .from(answerRequests)
      .where(
        and(
          eq(answerRequests.status, 'scheduled'),
          lte(answerRequests.dueAt, now),
          // An expired account's deliveries wait (still scheduled) until she pays again.
          not(accountExpiredSql(answerRequests.professionalId, now)),
          sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(PGBOSS_SCHEMA)}.job j WHERE j.name = ${DELIVERY_QUEUE} AND j.id = ${answerRequests.id})`,
        ),
      )
      .orderBy(asc(answerRequests.dueAt))
      .limit(this.opts.sweepBatchSize);
    if (due.length === 0) return 0;
    await this.boss.insert(
      due.map(({ id }) => ({
        id,
        name: DELIVERY_QUEUE,
        data: { requestId: id },
        singletonKey: id,
        retryLimit: this.opts.retryLimit,
        retryDelay: this.opts.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: this.opts.expireInSeconds,
      })),
    );
    return due.length;
  }

  /** Stops polling, waits up to `timeoutMs` for the jobs in progress (the rest are retried later). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await Promise.all([
      this.sweeping?.catch(() => {}),
      this.boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true }),
    ]);
  }
}

/** Starts a delivery worker with the production defaults (main.ts). */
export async function startDeliveryWorker(
  deps: DeliveryWorkerDeps,
  options: DeliveryWorkerOptions = {},
): Promise<DeliveryWorker> {
  return new DeliveryWorker(deps, options).start();
}
