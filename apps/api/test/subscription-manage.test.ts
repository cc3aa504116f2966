/**
 * After the purchase, over HTTP on the stand-in: cancelling at the end of the paid period, the refund within
 * 7 days of the first charge (CDC art. 49) and not after, and swapping the card without a charge — each
 * behind an Idempotency-Key.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '../src/db/schema.js';
import { reconcileSubscriptions } from '../src/payment/reconcile.js';
import { STANDIN_TEST_CARDS as CARDS } from '../src/payment/standin/cards.js';
import { bearer } from './helpers/app.js';
import { backends } from './helpers/backends.js';
import { cardBody, useSubscriptionApp } from './helpers/subscription.js';

const DAY = 86_400_000;

describe.each(backends)('subscription changes on $name', (backend) => {
  const s = useSubscriptionApp(backend);
  const call = (
    jwt: string,
    method: 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    key: string | null = randomUUID(),
  ) =>
    s.t.call({
      method,
      url: `/api/payment/signatures/${url}`,
      headers: { ...bearer(jwt), ...(key !== null && { 'idempotency-key': key }) },
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  async function subscribed(email: string) {
    const p = await s.pro(email);
    const res = await s.buy(p.jwt, cardBody(CARDS.approved));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await s.t.database.db.select().from(subscriptions).where(eq(subscriptions.professionalId, p.id));
    return { ...p, row: row! };
  }

  it('cancels at the end of the paid period: no further charges, a notice, then expired', async () => {
    const { jwt, id, row } = await subscribed('cancel@example.com');
    const key = randomUUID();
    const res = await call(jwt, 'POST', 'cancel', { reason: 'Vou pausar os atendimentos' }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'cancelled',
      cancelReason: 'Vou pausar os atendimentos',
      cancelAt: row.currentPeriodEnd!.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd!.toISOString(),
      nextChargeAt: null,
    });
    expect((await s.gateway.getSubscription(row.gatewaySubscriptionId!)).deleted).toBe(true);
    expect(await s.eventTypes(id)).toEqual(['subscription.activated', 'subscription.cancelled']);
    const replay = await call(jwt, 'POST', 'cancel', { reason: 'Vou pausar os atendimentos' }, key);
    expect([replay.statusCode, replay.json()]).toEqual([200, res.json()]);
    const other = await call(jwt, 'POST', 'cancel', { reason: 'Outro motivo' }, key);
    expect([other.statusCode, other.json().application_error_code]).toEqual([400, 'WRONG_COMMAND_PARAMETERS']);
    const twice = await call(jwt, 'POST', 'cancel', { reason: 'De novo' });
    expect([twice.statusCode, twice.json().application_error_code]).toEqual([404, 'CUSTOMER_SIGNATURE_NOT_FOUND']);
    // Still paid for: buying again is refused until the period ends.
    const again = await s.buy(jwt, cardBody(CARDS.approved));
    expect(again.json().application_error_code).toBe('COSTUMER_ALREADY_HAS_SIGNATURE');
  });

  it('the gateway down: cancel is CANCEL_RECURRENT_PAYMENT_FAILED and changes nothing; a failed refund can be asked again', async () => {
    const { jwt, id } = await subscribed('gateway-down@example.com');
    const before = await s.signature(jwt);
    s.gatewayDown = /^DELETE \/.*\/subscriptions\//;
    const cancelled = await call(jwt, 'POST', 'cancel', { reason: 'Teste de falha' });
    expect(cancelled.json().application_error_code, cancelled.body).toBe('CANCEL_RECURRENT_PAYMENT_FAILED');
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([
      503,
      'O serviço de pagamento não respondeu a tempo. Tente novamente em alguns minutos.',
    ]);
    expect(await s.signature(jwt)).toEqual(before);

    // The recurrence ends at the gateway, then the refund fails: she is cancelled (no charge will come) and
    // the refund is still hers to ask.
    s.gatewayDown = /^POST \/.*\/refund$/;
    const refunded = await call(jwt, 'POST', 'refund');
    s.gatewayDown = null;
    expect([refunded.statusCode, refunded.json().application_error_code]).toEqual([
      503,
      'GATEWAY_REFUND_REQUEST_FAILED',
    ]);
    expect(await s.signature(jwt)).toMatchObject({ state: 'cancelled', refundAllowed: true, nextChargeAt: null });
    const again = await call(jwt, 'POST', 'refund');
    expect(again.statusCode, again.body).toBe(200);
    expect((await s.history(jwt)).map((c) => c.state)).toEqual(['refunded']);
    expect(await s.eventTypes(id)).toEqual([
      'subscription.activated',
      'subscription.cancelled',
      'subscription.refunded',
      'subscription.expired',
    ]);
  });

  it('cancel needs a subscription, a reason and a key', async () => {
    const { jwt } = await s.pro('cancel-trial@example.com');
    const res = await call(jwt, 'POST', 'cancel', { reason: 'Não gostei' });
    expect([res.statusCode, res.json().application_error_code]).toEqual([404, 'CUSTOMER_SIGNATURE_NOT_FOUND']);
    expect((await call(jwt, 'POST', 'cancel', { reason: '' })).statusCode).toBe(400);
    expect((await call(jwt, 'POST', 'cancel', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await call(jwt, 'POST', 'cancel', { reason: 'ok' }, null)).statusCode).toBe(400);
  });

  it('swaps the card without charging; a refused card changes nothing', async () => {
    const { jwt, row } = await subscribed('card@example.com');
    const refused = await call(jwt, 'PUT', 'credit-card', {
      card: cardBody(CARDS.refusedVisa).card,
      holder: cardBody('').holder,
    });
    expect([refused.statusCode, refused.json().application_error_code]).toEqual([
      402,
      'CREDIT_CARD_TOKENIZATION_FAILED',
    ]);
    const body = cardBody('4111111111111111');
    const res = await call(jwt, 'PUT', 'credit-card', {
      card: { ...body.card, expiryMonth: '07', expiryYear: '2031' },
      holder: body.holder,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'active',
      card: { brand: 'VISA', last4: '1111', expiryMonth: '07', expiryYear: '2031' },
    });
    expect((await s.gateway.getSubscription(row.gatewaySubscriptionId!)).card).toEqual({
      brand: 'VISA',
      last4: '1111',
    });
    expect(await s.gateway.listSubscriptionPayments(row.gatewaySubscriptionId!)).toHaveLength(1);
    expect(await s.history(jwt)).toHaveLength(1);
    const trial = await s.pro('card-trial@example.com');
    const none = await call(trial.jwt, 'PUT', 'credit-card', { card: body.card, holder: body.holder });
    expect([none.statusCode, none.json().application_error_code]).toEqual([404, 'CUSTOMER_SIGNATURE_NOT_FOUND']);
  });

  it('refunds the first charge within 7 days and ends the subscription; not twice', async () => {
    const { jwt, id, row } = await subscribed('refund@example.com');
    expect((await s.signature(jwt)).refundAllowed).toBe(true);
    const key = randomUUID();
    const res = await call(jwt, 'POST', 'refund', undefined, key);
    expect(res.statusCode, res.body).toBe(200);
    // Withdrawal undoes the purchase: nothing is paid for any more, so the account reads expired at once.
    expect(res.json()).toMatchObject({ state: 'expired', refundAllowed: false, nextChargeAt: null });
    expect(res.json().cancelReason).toMatch(/CDC art. 49/);
    expect((await s.history(jwt)).map((c) => [c.state, c.refundedCents])).toEqual([['refunded', 8990]]);
    expect((await s.gateway.getSubscription(row.gatewaySubscriptionId!)).deleted).toBe(true);
    expect(await s.eventTypes(id)).toEqual([
      'subscription.activated',
      'subscription.refunded',
      'subscription.cancelled',
      'subscription.expired',
    ]);
    const replay = await call(jwt, 'POST', 'refund', undefined, key);
    expect([replay.statusCode, replay.json()]).toEqual([200, res.json()]);
    const again = await call(jwt, 'POST', 'refund');
    expect([again.statusCode, again.json().application_error_code]).toEqual([400, 'REFUND_NOT_ALLOWED']);
  });

  it('refuses the refund after 7 days (REFUND_NOT_ALLOWED) and on a trial', async () => {
    const trial = await s.pro('refund-trial@example.com');
    expect((await call(trial.jwt, 'POST', 'refund')).json().application_error_code).toBe('REFUND_NOT_ALLOWED');
    await subscribed('refund-late@example.com');
    s.t.clock.advance(8 * DAY);
    // Sessions last 7 days: sign in again.
    const login = await s.t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'refund-late@example.com', password: 'segredo123' },
    });
    const jwt = login.json().jwt as string;
    expect((await s.signature(jwt)).refundAllowed).toBe(false);
    const res = await call(jwt, 'POST', 'refund');
    expect([res.statusCode, res.json().application_error_code]).toEqual([400, 'REFUND_NOT_ALLOWED']);
    expect(res.json().message).toMatch(/7 dias/);
    expect((await s.history(jwt)).map((c) => c.state)).toEqual(['confirmed']);
  });

  it('a renewal the gateway charges advances the period, with its own charge and receipt', async () => {
    const { row } = await subscribed('renews@example.com');
    const end = row.currentPeriodEnd!;
    s.t.clock.advance(end.getTime() - s.t.clock.now().getTime() + 3_600_000);
    await s.standin.tick();
    const login = await s.t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'renews@example.com', password: 'segredo123' },
    });
    const jwt = login.json().jwt as string;
    const sig = await s.signature(jwt);
    expect(sig.state).toBe('active');
    expect(sig.currentPeriodStart).toBe(end.toISOString());
    expect(Date.parse(sig.currentPeriodEnd) - end.getTime()).toBeGreaterThan(27 * DAY);
    const charges = await s.history(jwt);
    // Newest first; the first one's money has arrived by now (received, 30 days after confirmation).
    expect(charges.map((c) => [c.state, c.amountCents, !!c.receipt])).toEqual([
      ['confirmed', 8990, true],
      ['received', 8990, true],
    ]);
  });

  it('the daily reconciliation brings back a renewal whose webhook was lost, and changes nothing twice', async () => {
    const { id, row } = await subscribed('lost-webhook@example.com');
    const end = row.currentPeriodEnd!;
    s.t.clock.advance(end.getTime() - s.t.clock.now().getTime() + 3_600_000);
    await s.standin.tick();
    // As if the renewal's webhook never arrived: our records still show the first period only.
    const db = s.t.database.db;
    const charges = await db
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.professionalId, id))
      .orderBy(desc(subscriptionCharges.dueDate));
    expect(charges).toHaveLength(2);
    await db.delete(subscriptionCharges).where(eq(subscriptionCharges.id, charges[0]!.id));
    await db
      .update(subscriptions)
      .set({ currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: end })
      .where(eq(subscriptions.professionalId, id));

    const run = () => reconcileSubscriptions({ db, gateway: s.gateway, now: s.t.clock.now });
    const first = await run();
    expect(first.failed).toBe(0);
    expect(first.moved).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.professionalId, id));
    expect(after!.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime());
    expect(await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.professionalId, id))).toHaveLength(
      2,
    );
    expect((await run()).moved).toBe(0);
  });

  it('a renewal refused by the card makes her past due with a notice (stand-in renewal and webhook)', async () => {
    const { jwt, id, row } = await subscribed('renewal-refused@example.com');
    const body = cardBody(CARDS.refusedOnCharge);
    expect((await call(jwt, 'PUT', 'credit-card', { card: body.card, holder: body.holder })).statusCode).toBe(200);
    s.t.clock.advance(row.currentPeriodEnd!.getTime() - s.t.clock.now().getTime() + 3_600_000);
    await s.standin.tick();
    const login = await s.t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'renewal-refused@example.com', password: 'segredo123' },
    });
    const sig = await s.signature(login.json().jwt);
    expect(sig.state).toBe('past_due');
    expect(sig.graceEndsAt).not.toBeNull();
    expect(await s.eventTypes(id)).toEqual(['subscription.activated', 'subscription.payment_failed']);
  });
});
