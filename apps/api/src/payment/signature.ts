/**
 * Reading the professional's subscription (`GET /payment/signatures`) and its charges
 * (`GET /payment/signatures/history`). One data-access home for "her subscription" and "her charges".
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { professionals, subscriptionCharges, subscriptions, type ChargeStatus } from '../db/schema.js';
import { spDayStart } from '../lib/dates.js';
import { expireDue, graceEndsAt } from './expiry.js';
import { PLANS, REFUND_WINDOW_DAYS, type PlanId } from './plans.js';
import type { ChargeHistorySchema, SignatureDetailSchema } from './schemas.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;
type SignatureDetail = z.infer<typeof SignatureDetailSchema>;

const DAY_MS = 86_400_000;
export const PENDING_STATUSES: ChargeStatus[] = ['pending', 'awaiting_risk_analysis'];
export const PAID_STATUSES: ChargeStatus[] = ['confirmed', 'received'];

export async function findOwnSubscription(
  tx: Executor,
  professionalId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const q = tx.select().from(subscriptions).where(eq(subscriptions.professionalId, professionalId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function listOwnCharges(tx: Executor, professionalId: string): Promise<ChargeRow[]> {
  return tx
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.professionalId, professionalId))
    .orderBy(desc(subscriptionCharges.dueDate), desc(subscriptionCharges.createdAt));
}

/** A charge of her current gateway subscription still being decided. */
export async function hasPendingCharge(tx: Executor, row: SubscriptionRow): Promise<boolean> {
  if (!row.gatewaySubscriptionId) return false;
  const [pending] = await tx
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.professionalId, row.professionalId),
        eq(subscriptionCharges.gatewaySubscriptionId, row.gatewaySubscriptionId),
        inArray(subscriptionCharges.status, PENDING_STATUSES),
      ),
    )
    .limit(1);
  return !!pending;
}

const refundDeadline = (charge: ChargeRow): Date =>
  new Date(spDayStart(charge.paidDate!).getTime() + (REFUND_WINDOW_DAYS + 1) * DAY_MS);

/** Her first paid charge while it may still be refunded (CDC art. 49: within 7 days), else undefined. */
export async function refundableCharge(
  tx: Executor,
  professionalId: string,
  now: Date,
): Promise<ChargeRow | undefined> {
  const [first] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.professionalId, professionalId),
        inArray(subscriptionCharges.status, [...PAID_STATUSES, 'refund_requested', 'refunded', 'chargeback']),
      ),
    )
    .orderBy(asc(subscriptionCharges.dueDate), asc(subscriptionCharges.createdAt))
    .limit(1);
  if (!first?.paidDate || !PAID_STATUSES.includes(first.status) || first.refundedCents > 0) return undefined;
  return refundDeadline(first) > now ? first : undefined;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function readSignature(ctx: AppContext, professionalId: string): Promise<SignatureDetail> {
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    await expireDue(tx, now, professionalId);
    const row = await findOwnSubscription(tx, professionalId);
    if (!row) {
      return {
        ...{ state: 'expired' as const, plan: null, trialEndsAt: null, currentPeriodStart: null },
        ...{ currentPeriodEnd: null, nextChargeAt: null, cancelAt: null, cancelReason: null, card: null },
        ...{ chargePending: false, graceEndsAt: null, nextRetryAt: null, refundAllowed: false },
        refundAllowedUntil: null,
      };
    }
    const refundable = await refundableCharge(tx, professionalId, now);
    const refundUntil = refundable ? refundDeadline(refundable) : null;
    const [month, year] = row.cardExpiry?.split('/') ?? [];
    const renews = (row.status === 'active' || row.status === 'past_due') && !row.cancelAt;
    return {
      state: row.status,
      plan: row.plan,
      trialEndsAt: iso(row.trialEndsAt),
      currentPeriodStart: iso(row.currentPeriodStart),
      currentPeriodEnd: iso(row.currentPeriodEnd),
      nextChargeAt: renews ? iso(row.currentPeriodEnd) : null,
      cancelAt: iso(row.cancelAt),
      cancelReason: row.cancelReason,
      card:
        row.cardBrand && row.cardLast4
          ? { brand: row.cardBrand, last4: row.cardLast4, expiryMonth: month ?? null, expiryYear: year ?? null }
          : null,
      chargePending: await hasPendingCharge(tx, row),
      graceEndsAt: row.status === 'past_due' && row.pastDueSince ? graceEndsAt(row.pastDueSince).toISOString() : null,
      nextRetryAt: row.status === 'past_due' ? iso(row.renewalRetryAt) : null,
      refundAllowed: refundUntil !== null,
      refundAllowedUntil: iso(refundUntil),
    };
  });
}

export async function readHistory(
  ctx: AppContext,
  professionalId: string,
): Promise<z.infer<typeof ChargeHistorySchema>> {
  const [pro] = await ctx.db
    .select({ name: professionals.name, document: professionals.document })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  const charges = await listOwnCharges(ctx.db, professionalId);
  return {
    items: charges.map((c) => {
      const plan = c.plan && c.plan in PLANS ? PLANS[c.plan as PlanId] : undefined;
      const description = `Assinatura Acompanha${plan ? ` — plano ${plan.name}` : ''}`;
      const paid = c.paidDate && (PAID_STATUSES.includes(c.status) || c.refundedCents > 0 || c.status === 'refunded');
      return {
        id: c.id,
        state: c.status,
        plan: c.plan,
        amountCents: c.amountCents,
        refundedCents: c.refundedCents,
        dueDate: c.dueDate,
        paidDate: c.paidDate,
        cardBrand: c.cardBrand,
        cardLast4: c.cardLast4,
        receipt: paid
          ? {
              number: `ACP-${c.dueDate.slice(0, 4)}-${c.id.slice(0, 8).toUpperCase()}`,
              issuedTo: pro?.name ?? '',
              document: pro?.document ?? null,
              description,
              amountCents: c.amountCents,
              paidDate: c.paidDate!,
              cardBrand: c.cardBrand,
              cardLast4: c.cardLast4,
            }
          : null,
      };
    }),
  };
}
