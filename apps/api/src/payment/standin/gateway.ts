/**
 * The stand-in's clock work, like the sandbox's back office: `tick(now)` charges the renewals whose due date
 * has come, moves pending charges through risk analysis to confirmation (and confirmed ones to received), and
 * POSTs the queued webhook events. `start()` ticks every second (main.ts, when the stand-in is in use and
 * jobs are on); tests call `tick` with a moved clock. Any number of processes may tick the same database:
 * renewals and settlements lock their row, webhook events are claimed with a lease.
 *
 * Webhooks go to `webhookUrl` (default `<selfUrl>/api/payment/webhook`) with the `asaas-access-token`
 * header, at least once and in no guaranteed order (as Asaas); a failed post is retried with backoff
 * (5 s, 15 s, 45 s… at most 1 h apart) and given up after 15 attempts.
 */
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { renew, settle } from './billing.js';
import { claimEvents, dueIds, getObject, pruneEvents, standinSecrets, updateObject, type StandinRow } from './store.js';
import { WEBHOOK_TOKEN_HEADER } from '../gateway/asaas-webhook.js';

export const WEBHOOK_MAX_ATTEMPTS = 15;
const BATCH = 50;
const MAX_BATCHES = 20;
const LEASE_MS = 60_000;
const POST_TIMEOUT_MS = 10_000;
/** Finished webhook events are kept this long, then deleted (checked hourly). */
const KEEP_EVENTS_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Delay before attempt `attempts + 1`. */
export const webhookRetryDelayMs = (attempts: number): number =>
  Math.min(5_000 * 3 ** Math.max(0, attempts - 1), 3_600_000);

export interface StandinGatewayDeps {
  db: Db;
  config: Pick<AppConfig, 'now' | 'gatewayStandin'>;
  /** Posts the webhooks; default the global fetch. */
  fetch?: typeof globalThis.fetch;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export interface TickResult {
  renewals: number;
  settlements: number;
  webhooksSent: number;
  webhooksFailed: number;
}

/** Where webhooks go, if anywhere. */
export function standinWebhookUrl(config: Pick<AppConfig, 'gatewayStandin'>): string | undefined {
  const s = config.gatewayStandin;
  return s.webhookUrl ?? (s.selfUrl ? `${s.selfUrl.replace(/\/+$/, '')}/api/payment/webhook` : undefined);
}

export class StandinGateway {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickResult> | undefined;
  private stopped = false;
  private token: Promise<string> | undefined;
  private lastPrune = 0;

  constructor(
    private readonly deps: StandinGatewayDeps,
    private readonly pollIntervalMs = 1000,
  ) {}

  start(): this {
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.pollIntervalMs);
    this.timer.unref();
    void this.tick().catch(() => undefined);
    return this;
  }

  /** Runs what is due at `now` (default the app's clock). Concurrent calls share one run. */
  tick(now: Date = this.deps.config.now()): Promise<TickResult> {
    if (this.stopped) return Promise.resolve({ renewals: 0, settlements: 0, webhooksSent: 0, webhooksFailed: 0 });
    this.running ??= this.run(now).finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.running) await Promise.race([this.running, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }

  private async run(now: Date): Promise<TickResult> {
    const settings = this.deps.config.gatewayStandin;
    const renewals = await this.each('subscription', now, async (tx, row) => {
      if (row.data.deleted === true || row.data.status !== 'ACTIVE') {
        await updateObject(tx, row.id, { dueAt: null }, now);
        return 0;
      }
      return renew(tx, row, now, settings);
    });
    const settlements = await this.each('payment', now, async (tx, row) => {
      await settle(tx, row, now, settings);
      return 1;
    });
    const { sent, failed } = await this.sendWebhooks(now);
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await pruneEvents(this.deps.db, new Date(now.getTime() - KEEP_EVENTS_MS));
    }
    return { renewals, settlements, webhooksSent: sent, webhooksFailed: failed };
  }

  /** Locks each due object of `kind` in its own transaction and runs `step` on it; sums what it returns. */
  private async each(
    kind: 'subscription' | 'payment',
    now: Date,
    step: (tx: Tx, row: StandinRow) => Promise<number>,
  ): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const ids = await dueIds(this.deps.db, kind, now, BATCH);
      let progressed = 0;
      for (const id of ids) {
        try {
          total += await this.deps.db.transaction(async (tx) => {
            const row = await getObject(tx, kind, id, true);
            // Another process may have handled it since it was listed.
            if (!row?.dueAt || row.dueAt.getTime() > now.getTime()) return 0;
            progressed++;
            return step(tx, row);
          });
        } catch (err) {
          this.deps.log?.error({ err, id }, 'gateway stand-in: step failed');
        }
      }
      if (ids.length < BATCH || progressed === 0) break;
    }
    return total;
  }

  private async sendWebhooks(now: Date): Promise<{ sent: number; failed: number }> {
    const url = standinWebhookUrl(this.deps.config);
    if (!url) return { sent: 0, failed: 0 };
    this.token ??= standinSecrets(this.deps.db, this.deps.config.gatewayStandin)
      .then((s) => s.webhookToken)
      .catch((err: unknown) => {
        this.token = undefined;
        throw err;
      });
    const token = await this.token;
    let sent = 0;
    let failed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const events = await claimEvents(this.deps.db, now, BATCH, LEASE_MS);
      const results = await Promise.all(events.map((e) => this.post(url, token, e, now)));
      sent += results.filter(Boolean).length;
      failed += results.filter((ok) => !ok).length;
      if (events.length < BATCH) break;
    }
    return { sent, failed };
  }

  private async post(url: string, token: string, event: StandinRow, now: Date): Promise<boolean> {
    const attempts = Number(event.state.attempts ?? 1);
    let status: number | undefined;
    try {
      const res = await (this.deps.fetch ?? globalThis.fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Acompanha-gateway-standin/1.0',
          [WEBHOOK_TOKEN_HEADER]: token,
        },
        body: JSON.stringify(event.data),
        redirect: 'manual',
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = undefined;
    }
    const ok = status !== undefined && status >= 200 && status < 300;
    const state = { ...event.state, lastStatus: status ?? null };
    if (ok) {
      await updateObject(this.deps.db, event.id, { state: { ...state, sentAt: now.toISOString() }, dueAt: null }, now);
    } else if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
      this.deps.log?.warn({ eventId: event.id, status }, 'gateway stand-in: webhook given up');
      await updateObject(
        this.deps.db,
        event.id,
        { state: { ...state, gaveUpAt: now.toISOString() }, dueAt: null },
        now,
      );
    } else {
      const dueAt = new Date(now.getTime() + webhookRetryDelayMs(attempts));
      await updateObject(this.deps.db, event.id, { state, dueAt }, now);
    }
    return ok;
  }
}

export const startStandinGateway = (deps: StandinGatewayDeps) => new StandinGateway(deps).start();
