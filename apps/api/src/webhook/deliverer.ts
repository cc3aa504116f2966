/**
 * The webhook worker: every second it claims the deliveries that are due (up to `concurrency` in flight)
 * and attempts them. Any number of workers, in any processes, share the work through the claim's lease.
 *
 * Retries are rows with a time (`next_attempt_at`), not queue jobs: the schedule (5 s … 10 h, with jitter,
 * `Retry-After` honoured) is exact and the tests drive it with a fake clock.
 */
import type { Db } from '../db/client.js';
import { attemptDelivery, claimDue, type AttemptDeps } from './deliveries.js';
import { pruneDeliveries } from './paused.js';

export interface WebhookDelivererOptions {
  /** Attempts in flight at once. Default 8. */
  concurrency?: number;
  /** How often due deliveries are looked for. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How long a claim holds: longer than an attempt can take (15 s). Default 60 s. */
  leaseMs?: number;
}

export interface WebhookDelivererDeps extends AttemptDeps {
  db: Db;
  log?: AttemptDeps['log'] & { error(obj: unknown, msg?: string): void };
  /** Called after each attempt (tests). */
  onAttempt?(deliveryId: string): void;
}

const PRUNE_EVERY_MS = 3_600_000;

export class WebhookDeliverer {
  private readonly opts: Required<WebhookDelivererOptions>;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private ticking = false;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly deps: WebhookDelivererDeps,
    options: WebhookDelivererOptions = {},
  ) {
    this.opts = { concurrency: 8, pollIntervalMs: 1000, leaseMs: 60_000, ...options };
  }

  start(): this {
    this.timer = setInterval(() => void this.tick(), this.opts.pollIntervalMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /** Claims what is due and starts its attempts; returns how many it started. */
  async tick(): Promise<number> {
    if (this.stopped || this.ticking || this.inFlight.size >= this.opts.concurrency) return 0;
    this.ticking = true;
    try {
      const now = this.deps.config.now();
      if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = now.getTime();
        await pruneDeliveries(this.deps.db, now);
      }
      const claimed = await claimDue(this.deps.db, now, this.opts.concurrency - this.inFlight.size, this.opts.leaseMs);
      for (const d of claimed) {
        const p = attemptDelivery(this.deps, d)
          .then(() => this.deps.onAttempt?.(d.id))
          .catch((err) => this.deps.log?.error({ err, deliveryId: d.id }, 'webhook attempt could not be recorded'))
          .finally(() => {
            this.inFlight.delete(p);
            // A slot is free: more may be due already (a backlog drains at the endpoints' pace, not 1 s).
            void this.tick();
          });
        this.inFlight.add(p);
      }
      return claimed.length;
    } catch (err) {
      this.deps.log?.error({ err }, 'webhook claim failed');
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  /** Waits for the attempts in flight (those still unfinished after `timeoutMs` are retried by the lease). */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const wait = Promise.allSettled([...this.inFlight]);
    await Promise.race([wait, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }

  /** Stops without waiting, leaving any attempt in flight to its lease (tests: a worker that dies mid-send). */
  abandon(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }
}

export const startWebhookDeliverer = (deps: WebhookDelivererDeps, options?: WebhookDelivererOptions) =>
  new WebhookDeliverer(deps, options).start();
