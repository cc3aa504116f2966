/**
 * A refused renewal, over HTTP on the stand-in: she becomes past due with retries planned 1, 3 and 5 days
 * later; each retry is reserved before the gateway is called (two sweepers never try the same slot); a
 * refused retry tells her when the next one is; swapping the card pays the open charge at once; with every
 * retry refused she expires at the end of the grace period.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, subscriptionCharges, subscriptions } from '../src/db/schema.js';
import { retryDueRenewals } from '../src/payment/renewal.js';
import { STANDIN_TEST_CARDS as CARDS } from '../src/payment/standin/cards.js';
import { bearer } from './helpers/app.js';
import { backends } from './helpers/backends.js';
import { cardBody, useSubscriptionApp } from './helpers/subscription.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(backends)('refused renewals on $name', (backend) => {
  const s = useSubscriptionApp(backend);
  const swapCard = (jwt: string, number: string) => {
    const body = cardBody(number);
    return s.t.call({
      method: 'PUT',
      url: '/api/payment/signatures/credit-card',
      headers: { ...bearer(jwt), 'idempotency-key': randomUUID() },
      payload: { card: body.card, holder: body.holder },
    });
  };
  const login = async (email: string) =>
    (await s.t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } })).json()
      .jwt as string;
  const row = async (id: string) =>
    (await s.t.database.db.select().from(subscriptions).where(eq(subscriptions.professionalId, id)))[0]!;
  const retries = () => retryDueRenewals({ db: s.t.database.db, gateway: s.gateway, now: s.t.clock.now });

  /** Subscribed with the approving card, then a card every charge refuses, and the period run out. */
  async function pastDue(email: string) {
    const p = await s.pro(email);
    expect((await s.buy(p.jwt, cardBody(CARDS.approved))).statusCode).toBe(201);
    expect((await swapCard(p.jwt, CARDS.refusedOnCharge)).statusCode).toBe(200);
    const end = (await row(p.id)).currentPeriodEnd!;
    s.t.clock.set(new Date(end.getTime() + HOUR));
    await s.standin.tick();
    const jwt = await login(email);
    const sig = await s.signature(jwt);
    expect(sig.state).toBe('past_due');
    return { ...p, jwt, sig };
  }

  it('plans retries 1, 3 and 5 days later; a refused retry says when the next is; two sweepers take one slot', async () => {
    const { id, sig } = await pastDue('retry-plan@example.com');
    const since = (await row(id)).pastDueSince!.getTime();
    expect(sig.nextRetryAt).toBe(new Date(since + DAY).toISOString());
    expect(sig.graceEndsAt).toBe(new Date(since + 7 * DAY).toISOString());

    expect(await retries()).toBe(0); // not due yet
    s.t.clock.set(new Date(since + DAY + HOUR));
    const [a, b] = await Promise.all([retries(), retries()]);
    expect(a + b).toBe(1);
    expect(await retries()).toBe(0);
    const after = await row(id);
    expect([after.status, after.renewalRetries, after.renewalRetryAt?.getTime()]).toEqual([
      'past_due',
      1,
      since + 3 * DAY,
    ]);
    const failed = await s.t.database.db
      .select({ payload: events.payload })
      .from(events)
      .where(eq(events.professionalId, id));
    const notices = failed.map((e) => e.payload as Record<string, unknown>).filter((p) => 'nextRetryAt' in p);
    expect(notices.map((p) => p.nextRetryAt)).toEqual([
      new Date(since + DAY).toISOString(),
      new Date(since + 3 * DAY).toISOString(),
    ]);
    // The refused retry reached the card: the stand-in recorded a second capture refusal on the same charge.
    const [overdue] = await s.t.database.db
      .select()
      .from(subscriptionCharges)
      .where(and(eq(subscriptionCharges.professionalId, id), eq(subscriptionCharges.status, 'overdue')));
    const refusals = (await s.standinEvents(overdue!.gatewayPaymentId)).filter(
      (e) => e.event === 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED',
    );
    expect(refusals.length).toBeGreaterThanOrEqual(2);
  });

  it('swapping the card while past due pays the open charge at once: active again, no retry left', async () => {
    const { jwt, id } = await pastDue('retry-swap@example.com');
    const res = await swapCard(jwt, CARDS.approved);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', graceEndsAt: null, nextRetryAt: null });
    const after = await row(id);
    expect([after.renewalRetryAt, after.renewalRetries, after.pastDueSince]).toEqual([null, 0, null]);
    const [renewal, first, ...rest] = await s.history(jwt);
    expect([renewal?.state, renewal?.cardLast4, rest]).toEqual(['confirmed', '8829', []]);
    expect(['confirmed', 'received']).toContain(first?.state);
    expect(await s.eventTypes(id)).toEqual([
      'subscription.activated',
      'subscription.payment_failed',
      'subscription.activated',
    ]);
    // Nothing due for her any more: the sweep leaves her alone and the charge is not paid twice.
    s.t.clock.advance(2 * DAY);
    await retries();
    expect((await row(id)).renewalRetries).toBe(0);
    expect(await s.history(jwt)).toHaveLength(2);
  });

  it('with every retry refused, the last one says so and she expires when the grace period ends', async () => {
    const { id } = await pastDue('retry-exhausted@example.com');
    const since = (await row(id)).pastDueSince!.getTime();
    for (const day of [1, 3, 5]) {
      s.t.clock.set(new Date(since + day * DAY + HOUR));
      expect(await retries()).toBeGreaterThanOrEqual(1);
    }
    const last = await row(id);
    expect([last.status, last.renewalRetries, last.renewalRetryAt]).toEqual(['past_due', 3, null]);
    s.t.clock.set(new Date(since + 7 * DAY + HOUR));
    const sig = await s.signature(await login('retry-exhausted@example.com'));
    expect(sig.state).toBe('expired');
    expect(await s.eventTypes(id)).toEqual([
      'subscription.activated',
      ...Array<string>(4).fill('subscription.payment_failed'),
      'subscription.expired',
    ]);
  });
});
