/**
 * Changing a subscription after the purchase, each behind an `Idempotency-Key` (idempotency.ts):
 * - cancel: the gateway stops the recurrence; she keeps what she paid for until the period ends;
 * - refund: only within 7 days of the first charge (CDC art. 49, the right of withdrawal): the gateway
 *   refunds the whole first charge and the recurrence ends at once;
 * - card swap: a new card token replaces the old one on the gateway subscription, with no charge now.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { professionals, subscriptions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { recordEvent } from '../events/record.js';
import { reserveAll } from '../lib/rate-limit.js';
import { applyPayment } from './charges.js';
import { retryRenewal } from './renewal.js';
import { fingerprintOf, idempotent, type Answer } from './idempotency.js';
import type { CreditCardInput } from './schemas.js';
import { checkCardExpiry } from './subscribe.js';
import { findOwnSubscription, refundableCharge, readSignature, type SubscriptionRow } from './signature.js';

const notFound = () => new AppError(404, 'CUSTOMER_SIGNATURE_NOT_FOUND', 'Você não tem uma assinatura ativa.');

/** Her live gateway subscription (active, past due, or cancelled with days still paid for). */
function liveSubscription(row: SubscriptionRow | undefined, now: Date, allowCancelled: boolean): SubscriptionRow {
  if (!row?.gatewaySubscriptionId || !row.gatewayCustomerId) throw notFound();
  if (row.status === 'active' || row.status === 'past_due') return row;
  if (allowCancelled && row.status === 'cancelled' && row.currentPeriodEnd && row.currentPeriodEnd > now) return row;
  throw notFound();
}

const ok = async (ctx: AppContext, professionalId: string): Promise<Answer> => ({
  status: 200,
  body: await readSignature(ctx, professionalId),
});

/** Records the end of the recurrence: a paid period runs to its end; an unpaid (past-due) one ends now. */
async function endAtPeriodEnd(ctx: AppContext, row: SubscriptionRow, reason: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const cancelAt = row.status === 'active' && row.currentPeriodEnd ? row.currentPeriodEnd : now;
    await tx
      .update(subscriptions)
      .set({
        ...{ status: 'cancelled', cancelAt, cancelReason: reason, currentPeriodEnd: cancelAt },
        ...{ renewalRetryAt: null, updatedAt: now },
      })
      .where(eq(subscriptions.professionalId, row.professionalId));
    await recordEvent(tx, row.professionalId, 'subscription.cancelled', { cancelAt: cancelAt.toISOString() });
  });
}

export async function cancel(ctx: AppContext, professionalId: string, key: string, reason: string): Promise<Answer> {
  const now = ctx.config.now();
  const k = { professionalId, operation: 'cancel', idempotencyKey: key };
  return idempotent(ctx.db, k, fingerprintOf({ reason }), now, async () => {
    const row = liveSubscription(await findOwnSubscription(ctx.db, professionalId), now, false);
    const gateway = await ctx.gateway();
    await gateway.cancelSubscription(row.gatewaySubscriptionId!);
    await endAtPeriodEnd(ctx, row, reason, now);
    return ok(ctx, professionalId);
  });
}

export async function refund(ctx: AppContext, professionalId: string, key: string): Promise<Answer> {
  const now = ctx.config.now();
  const k = { professionalId, operation: 'refund', idempotencyKey: key };
  return idempotent(ctx.db, k, fingerprintOf({}), now, async () => {
    const row = await findOwnSubscription(ctx.db, professionalId);
    const charge = await refundableCharge(ctx.db, professionalId, now);
    if (!row || !charge) {
      throw new AppError(
        400,
        'REFUND_NOT_ALLOWED',
        'O estorno só pode ser pedido em até 7 dias após a primeira cobrança (direito de arrependimento).',
      );
    }
    const gateway = await ctx.gateway();
    const live = row.gatewaySubscriptionId && (row.status === 'active' || row.status === 'past_due');
    if (live) await gateway.cancelSubscription(row.gatewaySubscriptionId!);
    let payment;
    try {
      payment = await gateway.refundPayment(charge.gatewayPaymentId);
    } catch (err) {
      // The recurrence already ended at the gateway: ours ends with it (no charge will come), and the
      // refund can be asked again — the charge is still refundable and the cancellation is not repeated.
      if (live) await endAtPeriodEnd(ctx, row, 'Direito de arrependimento (CDC art. 49): estorno pendente.', now);
      throw err;
    }
    await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.professionalId, professionalId))
        .for('update');
      if (locked) await applyPayment(tx, locked, payment, now);
      await tx
        .update(subscriptions)
        .set({
          status: 'cancelled',
          cancelAt: now,
          currentPeriodEnd: now,
          cancelReason: 'Direito de arrependimento (CDC art. 49): pagamento estornado.',
          updatedAt: now,
        })
        .where(eq(subscriptions.professionalId, professionalId));
      // Already told when an earlier try ended the recurrence and the refund failed.
      if (row.status !== 'cancelled') {
        await recordEvent(tx, professionalId, 'subscription.cancelled', { cancelAt: now.toISOString() });
      }
    });
    return ok(ctx, professionalId);
  });
}

export async function swapCard(
  ctx: AppContext,
  professionalId: string,
  key: string,
  body: CreditCardInput,
  remoteIp: string,
): Promise<Answer> {
  const now = ctx.config.now();
  checkCardExpiry(body.card, now);
  const { holderName, expiryMonth, expiryYear, number } = body.card;
  const fingerprint = fingerprintOf({
    ...body,
    card: { holderName, expiryMonth, expiryYear, last4: number.slice(-4) },
  });
  const k = { professionalId, operation: 'credit-card', idempotencyKey: key };
  return idempotent(ctx.db, k, fingerprint, now, async () => {
    const row = liveSubscription(await findOwnSubscription(ctx.db, professionalId), now, true);
    await reserveAll(
      ctx.db,
      [
        { key: `subscribe:pro:${professionalId}`, limit: ctx.config.limits.subscribeAttemptsPerAccount },
        { key: `subscribe:ip:${remoteIp}`, limit: ctx.config.limits.subscribeAttemptsPerAddress },
      ],
      now,
    );
    const gateway = await ctx.gateway();
    const [pro] = await ctx.db
      .select({ email: professionals.email })
      .from(professionals)
      .where(eq(professionals.id, professionalId));
    const token = await gateway.tokenizeCard({
      customerId: row.gatewayCustomerId!,
      card: { holderName, number, expiryMonth, expiryYear, ccv: body.card.cvv },
      holder: {
        name: holderName,
        email: pro?.email ?? '',
        cpfCnpj: body.holder.cpf,
        postalCode: body.holder.postalCode,
        addressNumber: body.holder.addressNumber,
        ...(body.holder.addressComplement && { addressComplement: body.holder.addressComplement }),
        phone: body.holder.phone,
      },
      remoteIp,
    });
    await gateway.updateSubscriptionCard(row.gatewaySubscriptionId!, { cardToken: token.token, remoteIp });
    await ctx.db
      .update(subscriptions)
      .set({
        cardBrand: token.brand,
        cardLast4: token.last4,
        cardExpiry: `${expiryMonth}/${expiryYear}`,
        cardToken: token.token,
        updatedAt: now,
      })
      .where(eq(subscriptions.professionalId, professionalId));
    // Past due: the new card pays the refused charge now (what she changed the card for); a refusal
    // leaves her past due with the planned retries, and the answer's state says which happened.
    if (row.status === 'past_due') {
      await retryRenewal({ db: ctx.db, gateway, now: ctx.config.now }, professionalId, false);
    }
    return ok(ctx, professionalId);
  });
}
