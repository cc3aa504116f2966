/**
 * The daily reconciliation: webhooks can be lost (an outage on our side longer than the gateway's retries), so
 * once a day every subscription the gateway knows is read from the gateway itself and each of its charges is
 * applied exactly as a webhook would (`applyPayment`: states only move forward, so a charge already known
 * changes nothing). Any number of processes may run it at once: the result is the same.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { subscriptions } from '../db/schema.js';
import { applyPayment } from './charges.js';
import type { PaymentGateway } from './gateway/port.js';

export interface ReconcileResult {
  checked: number;
  /** Charges whose state moved (news the webhooks had not brought). */
  moved: number;
  failed: number;
}

const BATCH = 100;

export async function reconcileSubscriptions(deps: {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log?: { warn(obj: unknown, msg?: string): void };
}): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, moved: 0, failed: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await deps.db
      .select({ professionalId: subscriptions.professionalId, gatewayId: subscriptions.gatewaySubscriptionId })
      .from(subscriptions)
      .where(and(isNotNull(subscriptions.gatewaySubscriptionId), gt(subscriptions.professionalId, after)))
      .orderBy(asc(subscriptions.professionalId))
      .limit(BATCH);
    if (page.length === 0) return result;
    for (const { professionalId, gatewayId } of page) {
      result.checked++;
      try {
        const payments = await deps.gateway.listSubscriptionPayments(gatewayId!);
        const now = deps.now();
        result.moved += await deps.db.transaction(async (tx) => {
          const [sub] = await tx
            .select()
            .from(subscriptions)
            .where(eq(subscriptions.professionalId, professionalId))
            .for('update');
          // Replaced meanwhile (a new purchase): that subscription's charges are another day's check.
          if (!sub || sub.gatewaySubscriptionId !== gatewayId) return 0;
          let moved = 0;
          for (const payment of payments) if ((await applyPayment(tx, sub, payment, now)).moved) moved++;
          return moved;
        });
      } catch (err) {
        result.failed++;
        deps.log?.warn(
          { err: err instanceof Error ? err.name : 'error', gatewaySubscriptionId: gatewayId },
          'reconciliation failed',
        );
      }
    }
    after = page.at(-1)!.professionalId;
    if (page.length < BATCH) return result;
  }
}

/** Runs the reconciliation a minute after the start and then daily (jobs on); returns a stop function. */
export function startReconciliation(
  deps: {
    db: Db;
    gateway: () => Promise<PaymentGateway>;
    now: () => Date;
    log: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
  },
  everyMs = 24 * 3_600_000,
  firstAfterMs = 60_000,
): () => void {
  const run = () =>
    void deps
      .gateway()
      .then((gateway) => reconcileSubscriptions({ ...deps, gateway }))
      .then((r) => deps.log.info(r, 'subscriptions reconciled with the gateway'))
      .catch((err: unknown) => deps.log.warn({ err }, 'reconciliation could not run'));
  const first = setTimeout(run, firstAfterMs);
  first.unref();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
