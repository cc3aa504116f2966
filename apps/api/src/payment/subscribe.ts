/**
 * `POST /payment/signatures/service`: subscribing to a plan with a card. The card number and security code
 * go to the gateway's tokenization once and nowhere else (not the database, not the log, not the
 * idempotency fingerprint). The first charge is today: it is captured during the call (active), or is left
 * in the issuer's analysis (PAYMENT_PENDING: the row records the pending charge, and the webhook settles it).
 */
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { professionals, subscriptions } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { spDate } from '../lib/dates.js';
import { reserveAll } from '../lib/rate-limit.js';
import { applyPayment } from './charges.js';
import { GatewayError, isGatewayError } from './gateway/errors.js';
import type { CardSummary, CreatedSubscription, GatewayPayment, PaymentGateway } from './gateway/port.js';
import { countTry, fingerprintOf, idempotent, type Answer, type AttemptKey } from './idempotency.js';
import { chargeCents, findCoupon, PLANS } from './plans.js';
import type { SubscribeInput } from './schemas.js';
import { findOwnSubscription, hasPendingCharge, readSignature } from './signature.js';

/** A card past its expiry month, or dated absurdly far ahead, is refused before the gateway sees it. */
export function checkCardExpiry(card: { expiryMonth: string; expiryYear: string }, now: Date): void {
  const { expiryMonth, expiryYear } = card;
  const today = spDate(now);
  if (`${expiryYear}-${expiryMonth}` < today.slice(0, 7)) throw errors.field(['card', 'expiryYear'], 'Cartão vencido.');
  if (Number(expiryYear) > Number(today.slice(0, 4)) + 20) {
    throw errors.field(['card', 'expiryYear'], 'Ano de validade inválido.');
  }
}

function checkRequest(body: SubscribeInput, now: Date): void {
  checkCardExpiry(body.card, now);
  if (body.coupon !== undefined && !findCoupon(body.coupon)) {
    throw new AppError(400, 'INVALID_COUPON', 'Cupom inválido ou expirado.');
  }
}

export async function subscribe(
  ctx: AppContext,
  professionalId: string,
  idempotencyKey: string,
  body: SubscribeInput,
  remoteIp: string,
): Promise<Answer> {
  const now = ctx.config.now();
  checkRequest(body, now);
  const { holderName, expiryMonth, expiryYear, number } = body.card;
  const fingerprint = fingerprintOf({
    ...body,
    coupon: body.coupon?.toUpperCase(),
    card: { holderName, expiryMonth, expiryYear, last4: number.slice(-4) },
  });
  const key: AttemptKey = { professionalId, operation: 'subscribe', idempotencyKey };
  return idempotent(ctx.db, key, fingerprint, now, (attempt) => run(ctx, key, attempt, body, remoteIp, now));
}

/** Longer than a card call may take; a process that dies mid-purchase leaves it to expire. */
const PURCHASE_LEASE_MS = 120_000;

/**
 * One purchase at a time per professional, whatever the key: two tabs or two keys cannot both pass the
 * "no subscription yet" check and charge twice. The lease lives on her subscription row.
 */
async function withPurchaseLock<T>(ctx: AppContext, professionalId: string, now: Date, fn: () => Promise<T>) {
  await ctx.db.insert(subscriptions).values({ professionalId, status: 'expired', plan: null }).onConflictDoNothing();
  const [locked] = await ctx.db
    .update(subscriptions)
    .set({ purchaseLockedUntil: new Date(now.getTime() + PURCHASE_LEASE_MS) })
    .where(
      and(
        eq(subscriptions.professionalId, professionalId),
        or(isNull(subscriptions.purchaseLockedUntil), lte(subscriptions.purchaseLockedUntil, now)),
      ),
    )
    .returning({ professionalId: subscriptions.professionalId });
  if (!locked) {
    throw new AppError(409, 'PAYMENT_PENDING', 'Já há uma assinatura sendo processada. Aguarde a resposta.');
  }
  try {
    return await fn();
  } finally {
    await ctx.db
      .update(subscriptions)
      .set({ purchaseLockedUntil: null })
      .where(eq(subscriptions.professionalId, professionalId));
  }
}

function run(
  ctx: AppContext,
  key: AttemptKey,
  attempt: { attemptId: string; retry: boolean },
  body: SubscribeInput,
  remoteIp: string,
  now: Date,
): Promise<Answer> {
  return withPurchaseLock(ctx, key.professionalId, now, () => purchase(ctx, key, attempt, body, remoteIp, now));
}

async function purchase(
  ctx: AppContext,
  key: AttemptKey,
  attempt: { attemptId: string; retry: boolean },
  body: SubscribeInput,
  remoteIp: string,
  now: Date,
): Promise<Answer> {
  const professionalId = key.professionalId;
  const current = await findOwnSubscription(ctx.db, professionalId);
  const paidUp =
    current?.status === 'active' ||
    current?.status === 'past_due' ||
    (current?.status === 'cancelled' && !!current.currentPeriodEnd && current.currentPeriodEnd > now);
  if (paidUp) {
    throw new AppError(409, 'COSTUMER_ALREADY_HAS_SIGNATURE', 'Você já tem uma assinatura ativa.');
  }
  if (current && (await hasPendingCharge(ctx.db, current))) {
    throw new AppError(409, 'PAYMENT_PENDING', 'Seu pagamento anterior ainda está em análise. Aguarde a confirmação.');
  }
  const [pro] = await ctx.db.select().from(professionals).where(eq(professionals.id, professionalId));
  if (!pro?.document) {
    throw new AppError(
      400,
      'CUSTOMER_REGISTRATION_NOT_COMPLETED',
      'Complete seu cadastro com CPF ou CNPJ no perfil antes de assinar.',
    );
  }
  await reserveAll(
    ctx.db,
    [
      { key: `subscribe:pro:${professionalId}`, limit: ctx.config.limits.subscribeAttemptsPerAccount },
      { key: `subscribe:ip:${remoteIp}`, limit: ctx.config.limits.subscribeAttemptsPerAddress },
    ],
    now,
  );

  const plan = PLANS[body.plan];
  const coupon = body.coupon === undefined ? undefined : findCoupon(body.coupon);
  const gateway = await ctx.gateway();
  const customer = await gateway.findOrCreateCustomer({
    externalReference: professionalId,
    name: pro.name,
    email: pro.email,
    cpfCnpj: pro.document,
    phone: pro.phone ?? body.holder.phone,
  });

  let made: Made | undefined;
  let pending = false;
  if (attempt.retry) made = await adopt(gateway, attempt.attemptId);
  if (!made) {
    const token = await gateway.tokenizeCard({
      customerId: customer.id,
      card: {
        holderName: body.card.holderName,
        number: body.card.number,
        expiryMonth: body.card.expiryMonth,
        expiryYear: body.card.expiryYear,
        ccv: body.card.cvv,
      },
      holder: { name: body.card.holderName, email: pro.email, cpfCnpj: body.holder.cpf, ...holderAddress(body) },
      remoteIp,
    });
    await countTry(ctx.db, key);
    try {
      const created = await gateway.createSubscription({
        customerId: customer.id,
        valueCents: chargeCents(plan, coupon),
        cycle: plan.cycle,
        nextDueDate: spDate(now),
        cardToken: token.token,
        externalReference: attempt.attemptId,
        description: `Acompanha — plano ${plan.name}${coupon ? ` (cupom ${coupon.code})` : ''}`,
        remoteIp,
      });
      made = { created, card: { brand: token.brand, last4: token.last4 }, token: token.token };
    } catch (err) {
      if (!(isGatewayError(err) && err.code === 'PAYMENT_PENDING' && err.context.subscriptionId)) throw err;
      made = await pendingOf(gateway, err.context.subscriptionId, err.context.paymentId);
      made.card ??= { brand: token.brand, last4: token.last4 };
      made.token = token.token;
      pending = true;
    }
  }
  const { subscription, firstPayment } = made.created;
  if (!firstPayment || firstPayment.status === 'pending' || firstPayment.status === 'awaiting_risk_analysis') {
    pending = true;
  }

  await ctx.db.transaction(async (tx) => {
    const fields = {
      plan: body.plan,
      gatewayCustomerId: customer.id,
      gatewaySubscriptionId: subscription.id,
      cardBrand: made.card?.brand ?? null,
      cardLast4: made.card?.last4 ?? null,
      // Adopted after a timeout, the token of the lost answer is unknown: retries then wait for a card swap.
      cardToken: made.token ?? null,
      cardExpiry: `${body.card.expiryMonth}/${body.card.expiryYear}`,
      cancelAt: null,
      cancelReason: null,
      updatedAt: now,
    };
    // An account from before subscriptions existed has no row yet: the charge must still be recorded.
    await tx
      .insert(subscriptions)
      .values({ professionalId, status: 'expired', ...fields })
      .onConflictDoUpdate({ target: subscriptions.professionalId, set: fields });
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.professionalId, professionalId))
      .for('update');
    if (firstPayment) await applyPayment(tx, locked!, firstPayment, now);
  });

  if (pending) {
    const e = new GatewayError('PAYMENT_PENDING', 'pending');
    throw new AppError(402, 'PAYMENT_PENDING', e.message);
  }
  const signature = await readSignature(ctx, professionalId);
  if (signature.state !== 'active') {
    throw new AppError(402, 'PAYMENT_ATTEMPT_FAILED', 'O cartão foi recusado. Confira os dados ou use outro cartão.');
  }
  return { status: 201, body: signature };
}

/** What the gateway made for this purchase, with the card token when this try made it. */
interface Made {
  created: CreatedSubscription;
  card: CardSummary | null;
  token?: string;
}

function holderAddress(body: SubscribeInput) {
  return {
    postalCode: body.holder.postalCode,
    addressNumber: body.holder.addressNumber,
    ...(body.holder.addressComplement && { addressComplement: body.holder.addressComplement }),
    phone: body.holder.phone,
  };
}

/** What an earlier try of this attempt made at the gateway (it timed out), if anything. */
async function adopt(gateway: PaymentGateway, attemptId: string): Promise<Made | undefined> {
  const [found] = await gateway.findSubscriptionsByReference(attemptId);
  if (!found) return undefined;
  const payments = await gateway.listSubscriptionPayments(found.id);
  return { created: { subscription: found, firstPayment: payments[0] ?? null }, card: found.card };
}

async function pendingOf(
  gateway: PaymentGateway,
  subscriptionId: string,
  paymentId: string | undefined,
): Promise<Made> {
  const subscription = await gateway.getSubscription(subscriptionId);
  let payment: GatewayPayment | null = null;
  if (paymentId) payment = await gateway.getPayment(paymentId);
  else payment = (await gateway.listSubscriptionPayments(subscriptionId))[0] ?? null;
  return { created: { subscription, firstPayment: payment }, card: subscription.card };
}
