/**
 * The gateway stand-in over time, through the REAL Asaas adapter: refunds, renewals (approved and refused)
 * when the clock passes the due date, cancellation, webhook retries, and two tickers on one database.
 */
import { describe, expect, it } from 'vitest';
import { STANDIN_TEST_CARDS as CARDS } from '../src/payment/standin/cards.js';
import { StandinGateway } from '../src/payment/standin/gateway.js';
import { backends } from './helpers/backends.js';
import { caught, DAY, types, useStandin } from './helpers/standin.js';

describe.each(backends)('gateway stand-in over time on $name', (backend) => {
  const s = useStandin(backend);

  it('refunds a confirmed payment (whole or in parts) and refuses anything else', async () => {
    const { firstPayment } = await (await s.subscribe(CARDS.approved)).created();
    const id = firstPayment!.id;
    expect((await s.gateway.refundPayment(id, 990)).status).toBe('confirmed');
    expect((await caught(s.gateway.refundPayment(id, 3001))).code).toBe('REFUND_NOT_ALLOWED');
    expect((await s.gateway.refundPayment(id)).status).toBe('refunded');
    expect(types(await s.eventsAbout(id))).toEqual([
      'PAYMENT_CONFIRMED',
      'PAYMENT_CREATED',
      'PAYMENT_PARTIALLY_REFUNDED',
      'PAYMENT_REFUNDED',
    ]);
    const again = await caught(s.gateway.refundPayment(id));
    expect([again.code, again.context.gatewayCodes]).toEqual(['REFUND_NOT_ALLOWED', ['invalid_action']]);
    expect((await caught(s.gateway.refundPayment('pay_unknown'))).code).toBe('NEXT_PAYMENT_NOT_FOUND');
  });

  it('renews after a month: the approving card is charged, a refused one leaves the payment OVERDUE', async () => {
    const good = await s.subscribe(CARDS.approved);
    const bad = await s.subscribe(CARDS.approved);
    const g = await good.created();
    const b = await bad.created();
    const refusing = await s.tokenize(bad.customer.id, CARDS.refusedOnCharge);
    await s.gateway.updateSubscriptionCard(b.subscription.id, { cardToken: refusing.token, remoteIp: '::1' });
    expect((await s.standin.tick()).renewals).toBe(0); // nothing due yet
    expect(await s.gateway.listSubscriptionPayments(g.subscription.id)).toHaveLength(1);

    s.t.clock.advance(32 * DAY);
    await s.standin.tick();
    const paid = await s.gateway.listSubscriptionPayments(g.subscription.id);
    expect(paid.map((p) => [p.dueDate, p.status])).toEqual([
      [good.input.nextDueDate, 'received'], // 30 days after its confirmation
      [g.subscription.nextDueDate, 'confirmed'],
    ]);
    expect((await s.gateway.getSubscription(g.subscription.id)).nextDueDate > g.subscription.nextDueDate).toBe(true);
    expect(types(await s.eventsAbout(paid[0]!.id))).toContain('PAYMENT_RECEIVED');
    expect(types(await s.eventsAbout(paid[1]!.id))).toEqual(['PAYMENT_CONFIRMED', 'PAYMENT_CREATED']);

    const unpaid = await s.gateway.listSubscriptionPayments(b.subscription.id);
    expect(unpaid.map((p) => p.status)).toEqual(['received', 'overdue']);
    const overdue = await s.eventsAbout(unpaid[1]!.id);
    expect(types(overdue)).toEqual(['PAYMENT_CREATED', 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', 'PAYMENT_OVERDUE']);
    expect(overdue.find((e) => e.type === 'PAYMENT_OVERDUE')?.payment).toMatchObject({
      status: 'overdue',
      card: { last4: '4004' },
    });
    expect((await caught(s.gateway.refundPayment(unpaid[1]!.id))).code).toBe('REFUND_NOT_ALLOWED');
    // A second tick at the same time charges nothing more.
    expect((await s.standin.tick()).renewals).toBe(0);
  });

  it('pays an overdue charge with a card token once: refused leaves it open, approved confirms, a second pay is refused', async () => {
    const sub = await s.subscribe(CARDS.approved);
    const { subscription } = await sub.created();
    const refusing = await s.tokenize(sub.customer.id, CARDS.refusedOnCharge);
    await s.gateway.updateSubscriptionCard(subscription.id, { cardToken: refusing.token, remoteIp: '::1' });
    s.t.clock.advance(32 * DAY);
    await s.standin.tick();
    const overdue = (await s.gateway.listSubscriptionPayments(subscription.id)).at(-1)!;
    expect(overdue.status).toBe('overdue');

    const refused = await caught(s.gateway.payWithCardToken(overdue.id, { cardToken: refusing.token }));
    expect([refused.code, refused.failure]).toEqual(['PAYMENT_ATTEMPT_FAILED', 'refused']);
    expect((await s.gateway.getPayment(overdue.id)).status).toBe('overdue');

    const approving = await s.tokenize(sub.customer.id, CARDS.approved);
    const paid = await s.gateway.payWithCardToken(overdue.id, { cardToken: approving.token });
    expect([paid.status, paid.card?.last4]).toEqual(['confirmed', '8829']);
    const twice = await caught(s.gateway.payWithCardToken(overdue.id, { cardToken: approving.token }));
    expect([twice.code, twice.context.gatewayCodes]).toEqual(['PAYMENT_ATTEMPT_FAILED', ['invalid_action']]);
    expect(types(await s.eventsAbout(overdue.id))).toEqual([
      'PAYMENT_CONFIRMED',
      'PAYMENT_CREATED',
      'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED',
      'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED',
      'PAYMENT_OVERDUE',
    ]);
    // Another customer's token is refused, like Asaas's unknown token.
    const stranger = await s.subscribe(CARDS.approved);
    const foreign = await s.tokenize(stranger.customer.id, CARDS.approved);
    expect((await caught(s.gateway.payWithCardToken(overdue.id, { cardToken: foreign.token }))).failure).toBe(
      'refused',
    );
  });

  it('cancelling stops the renewals', async () => {
    const sub = await s.subscribe(CARDS.approved);
    const { subscription } = await sub.created();
    await s.gateway.cancelSubscription(subscription.id);
    await s.gateway.cancelSubscription(subscription.id); // again: still deleted, nothing new
    s.t.clock.advance(40 * DAY);
    await s.standin.tick();
    expect(await s.gateway.listSubscriptionPayments(subscription.id)).toHaveLength(1);
    expect(await s.gateway.findSubscriptionsByReference(sub.externalReference)).toEqual([]);
    expect(await s.gateway.getSubscription(subscription.id)).toMatchObject({ deleted: true, status: 'inactive' });
    expect(types(await s.eventsAbout(subscription.id))).toEqual(['SUBSCRIPTION_CREATED', 'SUBSCRIPTION_DELETED']);
    expect((await caught(s.gateway.cancelSubscription('sub_unknown'))).code).toBe('CUSTOMER_SIGNATURE_NOT_FOUND');
  });

  it('retries a failed webhook post with backoff until it is delivered (at least once)', async () => {
    await s.standin.tick(); // what earlier tests queued
    s.receiver.answer(() => ({ status: 503 }));
    const { firstPayment } = await (await s.subscribe(CARDS.approved)).created();
    const first = await s.standin.tick();
    expect([first.webhooksSent, first.webhooksFailed]).toEqual([0, 3]); // subscription created, payment created, confirmed
    s.receiver.answer(() => ({ status: 200 }));
    expect((await s.standin.tick()).webhooksSent).toBe(0); // not before 5 s
    s.t.clock.advance(5_000);
    expect((await s.standin.tick()).webhooksSent).toBe(3);
    const ids = s.receiver.hits.filter((h) => h.body.includes(firstPayment!.id)).map((h) => JSON.parse(h.body).id);
    expect(ids).toHaveLength(4); // each of the payment's two events: refused once, then delivered
    expect(new Set(ids).size).toBe(2);
    expect((await s.standin.tick()).webhooksSent).toBe(0);
  });

  it('two tickers on one database charge a renewal once', async () => {
    const sub = await s.subscribe(CARDS.approved);
    const { subscription } = await sub.created();
    const other = new StandinGateway({
      db: s.t.database.db,
      config: { now: s.t.clock.now, gatewayStandin: s.settings },
    });
    s.t.clock.advance(32 * DAY);
    const results = await Promise.all([s.standin.tick(), other.tick()]);
    await other.stop();
    expect(results.reduce((sum, r) => sum + r.renewals, 0)).toBeGreaterThan(0);
    const payments = await s.gateway.listSubscriptionPayments(subscription.id);
    expect(payments).toHaveLength(2);
    const events = await s.eventsAbout(payments[1]!.id);
    expect(types(events)).toEqual(['PAYMENT_CONFIRMED', 'PAYMENT_CREATED']);
  });
});
