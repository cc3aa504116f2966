/**
 * Our retries of a refused renewal. Asaas does not charge a subscription's refused card again by itself, so
 * when a renewal is refused (the charge goes OVERDUE, she becomes past due, charges.ts) we plan retries
 * 1, 3 and 5 days later, inside the 7-day grace period, each paying the open charge with the card token she
 * gave us (`payWithCardToken`). Swapping the card while past due retries at once with the new card.
 *
 * Each retry is reserved before the gateway is called: one conditional UPDATE moves the plan on (the next
 * slot, or none after the last), so two sweepers never charge the same slot and a crash loses a retry at
 * worst, never charges twice. The gateway itself refuses to pay a charge that is no longer open.
 */
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { subscriptionCharges, subscriptions } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import { applyPayment } from './charges.js';
import { isGatewayError } from './gateway/errors.js';
import type { GatewayPayment, PaymentGateway } from './gateway/port.js';
import { graceEndsAt } from './expiry.js';
import { nextRetryAt } from './plans.js';

export type RetryOutcome = 'paid' | 'pending' | 'refused' | 'unavailable' | 'nothing_to_pay';

interface Deps {
  db: Db;
  gateway: PaymentGateway;
  now: () => Date;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** Her current subscription's latest overdue charge (the one a retry pays). */
async function overdueCharge(tx: Executor, professionalId: string, gatewaySubscriptionId: string) {
  const [charge] = await tx
    .select({
      id: subscriptionCharges.gatewayPaymentId,
      amountCents: subscriptionCharges.amountCents,
      dueDate: subscriptionCharges.dueDate,
    })
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.professionalId, professionalId),
        eq(subscriptionCharges.gatewaySubscriptionId, gatewaySubscriptionId),
        eq(subscriptionCharges.status, 'overdue'),
      ),
    )
    .orderBy(desc(subscriptionCharges.dueDate))
    .limit(1);
  return charge;
}

/** Applies what the gateway says of the charge, under her subscription's lock (as a webhook would). */
async function apply(db: Db, professionalId: string, payment: GatewayPayment, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.professionalId, professionalId))
      .for('update');
    if (sub) await applyPayment(tx, sub, payment, now);
  });
}

/**
 * Pays her overdue charge now with her stored card token. `scheduled` says whether this is a planned retry
 * (a refusal is then told to her, with the next retry or the end of the grace period).
 */
export async function retryRenewal(deps: Deps, professionalId: string, scheduled: boolean): Promise<RetryOutcome> {
  const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.professionalId, professionalId));
  if (!sub || sub.status !== 'past_due' || !sub.gatewaySubscriptionId || !sub.cardToken) return 'nothing_to_pay';
  const charge = await overdueCharge(deps.db, professionalId, sub.gatewaySubscriptionId);
  if (!charge) return 'nothing_to_pay';
  try {
    const payment = await deps.gateway.payWithCardToken(charge.id, { cardToken: sub.cardToken });
    await apply(deps.db, professionalId, payment, deps.now());
    return payment.status === 'confirmed' || payment.status === 'received' ? 'paid' : 'pending';
  } catch (err) {
    if (!isGatewayError(err)) throw err;
    if (err.failure === 'unavailable') {
      // The outcome is unknown (a timeout may have charged): the gateway's own record says.
      const payment = await deps.gateway.getPayment(charge.id).catch(() => undefined);
      if (payment) await apply(deps.db, professionalId, payment, deps.now());
      const settled = payment && (payment.status === 'confirmed' || payment.status === 'received');
      return settled ? 'paid' : 'unavailable';
    }
    if (scheduled && err.failure === 'refused') {
      // The plan was moved on when this retry was reserved: it now says when the next one is.
      await recordEvent(deps.db, professionalId, 'subscription.payment_failed', {
        amountCents: charge.amountCents,
        dueDate: charge.dueDate,
        graceEndsAt: graceEndsAt(sub.pastDueSince ?? deps.now()).toISOString(),
        nextRetryAt: sub.renewalRetryAt?.toISOString() ?? null,
      });
    }
    deps.log?.warn({ code: err.code, failure: err.failure }, 'renewal retry failed');
    return err.failure === 'refused' ? 'refused' : 'unavailable';
  }
}

/**
 * Runs the retries that are due, each reserved first (the plan moves on before the gateway is called).
 * Returns how many were tried.
 */
export async function retryDueRenewals(deps: Deps, batch = 50): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({
      professionalId: subscriptions.professionalId,
      retryAt: subscriptions.renewalRetryAt,
      retries: subscriptions.renewalRetries,
      pastDueSince: subscriptions.pastDueSince,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'past_due'),
        isNotNull(subscriptions.renewalRetryAt),
        lte(subscriptions.renewalRetryAt, now),
      ),
    )
    .limit(batch);
  let tried = 0;
  for (const row of due) {
    const done = row.retries + 1;
    const claimed = await deps.db
      .update(subscriptions)
      .set({ renewalRetries: done, renewalRetryAt: nextRetryAt(row.pastDueSince ?? now, done), updatedAt: now })
      .where(
        and(
          eq(subscriptions.professionalId, row.professionalId),
          eq(subscriptions.status, 'past_due'),
          eq(subscriptions.renewalRetries, row.retries),
        ),
      )
      .returning({ id: subscriptions.professionalId });
    if (claimed.length === 0) continue; // another sweeper took this slot
    tried++;
    await retryRenewal(deps, row.professionalId, true).catch((err: unknown) =>
      deps.log?.warn({ err: err instanceof Error ? err.name : 'error' }, 'renewal retry could not run'),
    );
  }
  return tried;
}

/** Runs the due retries every `everyMs` (jobs on); returns a stop function. */
export function startRenewalRetries(
  ctx: { db: Db; gateway: () => Promise<PaymentGateway>; now: () => Date },
  log: { warn(obj: unknown, msg?: string): void },
  everyMs = 15 * 60_000,
): () => void {
  const tick = () =>
    void ctx
      .gateway()
      .then((gateway) => retryDueRenewals({ db: ctx.db, gateway, now: ctx.now, log }))
      .catch((err: unknown) => log.warn({ err }, 'renewal retries could not run'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
