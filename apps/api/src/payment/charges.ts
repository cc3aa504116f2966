/**
 * A charge as the gateway reports it, applied to our records: the charge row (upserted by the gateway's
 * payment id) and, when its state really moved, the subscription and the events. States only move forward
 * (RANK): a late PAYMENT_CONFIRMED after PAYMENT_REFUNDED, or an OVERDUE after the confirmation, changes
 * nothing, so webhooks may arrive in any order and any number of times.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { subscriptionCharges, subscriptions, type ChargeStatus } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import { spDayStart } from '../lib/dates.js';
import { graceEndsAt } from './expiry.js';
import type { GatewayPayment, PaymentStatus } from './gateway/port.js';
import { nextRetryAt, PLANS, type PlanId } from './plans.js';
import type { ChargeRow, SubscriptionRow } from './signature.js';

const RANK: Record<ChargeStatus, number> = {
  pending: 0,
  awaiting_risk_analysis: 1,
  overdue: 2,
  confirmed: 3,
  received: 4,
  refund_requested: 5,
  refunded: 6,
  chargeback: 6,
};
const PAID_RANK = RANK.confirmed;

const toChargeStatus = (s: PaymentStatus): ChargeStatus | undefined => (s === 'other' ? undefined : s);

/** The date one cycle after `date` (the day of the month kept where the month has it). */
export function addCycle(date: string, plan: PlanId): string {
  const months = PLANS[plan].cycle === 'YEARLY' ? 12 : 1;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export const isPlanId = (p: string | null): p is PlanId => p === 'monthly' || p === 'yearly';

export interface Applied {
  moved: boolean;
  charge: ChargeRow | undefined;
}

/**
 * Records `payment` (a charge of her subscription) and moves the subscription with it. The caller's
 * transaction holds her subscription row's lock (`sub`, read FOR UPDATE).
 */
export async function applyPayment(
  tx: Executor,
  sub: SubscriptionRow,
  payment: GatewayPayment,
  now: Date,
): Promise<Applied> {
  const status = toChargeStatus(payment.status);
  if (!status) return { moved: false, charge: undefined };
  const refundedCents = status === 'refunded' ? payment.valueCents : 0;
  const inserted = await tx
    .insert(subscriptionCharges)
    .values({
      professionalId: sub.professionalId,
      gatewayPaymentId: payment.id,
      gatewaySubscriptionId: payment.subscriptionId,
      status,
      amountCents: payment.valueCents,
      refundedCents,
      dueDate: payment.dueDate,
      paidDate: payment.paidDate,
      cardBrand: payment.card?.brand ?? sub.cardBrand,
      cardLast4: payment.card?.last4 ?? sub.cardLast4,
      plan: sub.plan,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionCharges.id });
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.gatewayPaymentId, payment.id),
        eq(subscriptionCharges.professionalId, sub.professionalId),
      ),
    )
    .for('update');
  if (!charge) return { moved: false, charge: undefined };
  const from: ChargeStatus | null = inserted.length > 0 ? null : charge.status;
  if (from !== null && RANK[status] <= RANK[from]) return { moved: false, charge };

  const [updated] = await tx
    .update(subscriptionCharges)
    .set({
      status,
      refundedCents: Math.max(charge.refundedCents, refundedCents),
      paidDate: payment.paidDate ?? charge.paidDate,
      ...(payment.card && { cardBrand: payment.card.brand, cardLast4: payment.card.last4 }),
      updatedAt: now,
    })
    .where(eq(subscriptionCharges.id, charge.id))
    .returning();
  await moveSubscription(tx, sub, updated!, from, now);
  return { moved: true, charge: updated };
}

/** What a charge's move does to the subscription it belongs to (only charges of her current one count). */
async function moveSubscription(
  tx: Executor,
  sub: SubscriptionRow,
  charge: ChargeRow,
  from: ChargeStatus | null,
  now: Date,
): Promise<void> {
  if (charge.gatewaySubscriptionId !== sub.gatewaySubscriptionId || !isPlanId(sub.plan)) return;
  const to = charge.status;
  const wasPaid = from !== null && RANK[from] >= PAID_RANK;

  if ((to === 'confirmed' || to === 'received') && !wasPaid) {
    const start = spDayStart(charge.dueDate);
    const end = spDayStart(addCycle(charge.dueDate, sub.plan));
    const periodEnd = sub.currentPeriodEnd && sub.currentPeriodEnd > end ? sub.currentPeriodEnd : end;
    const status = sub.status === 'cancelled' ? 'cancelled' : 'active';
    await tx
      .update(subscriptions)
      .set({
        ...{ status, currentPeriodStart: start, currentPeriodEnd: periodEnd, pastDueSince: null },
        ...{ renewalRetryAt: null, renewalRetries: 0, updatedAt: now },
      })
      .where(eq(subscriptions.professionalId, sub.professionalId));
    if (sub.status !== 'active' && status === 'active') {
      await recordEvent(tx, sub.professionalId, 'subscription.activated', {
        plan: sub.plan,
        amountCents: charge.amountCents,
        currentPeriodEnd: periodEnd.toISOString(),
      });
    }
    Object.assign(sub, { status, currentPeriodStart: start, currentPeriodEnd: periodEnd, pastDueSince: null });
    Object.assign(sub, { renewalRetryAt: null, renewalRetries: 0 });
  } else if (to === 'overdue' && sub.status === 'active') {
    const retryAt = nextRetryAt(now, 0);
    await tx
      .update(subscriptions)
      .set({ status: 'past_due', pastDueSince: now, renewalRetryAt: retryAt, renewalRetries: 0, updatedAt: now })
      .where(eq(subscriptions.professionalId, sub.professionalId));
    await recordEvent(tx, sub.professionalId, 'subscription.payment_failed', {
      amountCents: charge.amountCents,
      dueDate: charge.dueDate,
      graceEndsAt: graceEndsAt(now).toISOString(),
      nextRetryAt: retryAt?.toISOString() ?? null,
    });
    Object.assign(sub, { status: 'past_due', pastDueSince: now, renewalRetryAt: retryAt, renewalRetries: 0 });
  } else if (to === 'refunded') {
    await recordEvent(tx, sub.professionalId, 'subscription.refunded', {
      amountCents: charge.refundedCents || charge.amountCents,
      dueDate: charge.dueDate,
    });
  }
}
