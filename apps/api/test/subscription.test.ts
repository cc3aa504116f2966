/**
 * The professional's subscription over HTTP, on the app's own gateway stand-in through the real Asaas adapter:
 * plans, the trial, buying with each test card, idempotency and the retry after a timeout, the gateway's
 * webhook (authentication, duplicates, order), expiry, validation, the rate limit, and no card number kept.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts, subscriptions } from '../src/db/schema.js';
import { sweepExpired } from '../src/payment/expiry.js';
import { STANDIN_TEST_CARDS as CARDS } from '../src/payment/standin/cards.js';
import { bearer } from './helpers/app.js';
import { backends } from './helpers/backends.js';
import { cardBody, TIMEOUT_CARD_DELAY_MS, useSubscriptionApp } from './helpers/subscription.js';

const DAY = 86_400_000;
const near = (iso: string | null, ms: number) => Math.abs(Date.parse(iso!) - ms) < 2 * DAY;

describe.each(backends)('subscription on $name', (backend) => {
  const s = useSubscriptionApp(backend, {
    subscribeAttemptsPerAccount: { max: 3, windowSeconds: 3600 },
    subscribeAttemptsPerAddress: { max: 1000, windowSeconds: 3600 },
  });

  it('lists the plans publicly, with prices in cents and the yearly saving', async () => {
    const res = await s.t.call({ method: 'GET', url: '/api/app-services' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((p: any) => [p.id, p.priceCents, p.cycle, p.savingCents])).toEqual([
      ['monthly', 8990, 'MONTHLY', 0],
      ['yearly', 89900, 'YEARLY', 8990 * 12 - 89900],
    ]);
    expect(items[0].name).toBe('Mensal');
    expect(items[1].includes).toContain('Dois meses grátis em relação ao mensal');
  });

  it('a new account is in trial, with nothing charged', async () => {
    const { jwt } = await s.pro('trial@example.com');
    const sig = await s.signature(jwt);
    expect(sig).toMatchObject({
      state: 'trial',
      plan: 'trial',
      card: null,
      chargePending: false,
      refundAllowed: false,
      nextChargeAt: null,
    });
    expect(near(sig.trialEndsAt, s.t.clock.now().getTime() + 14 * DAY)).toBe(true);
    expect(await s.history(jwt)).toEqual([]);
  });

  it('subscribes with the approving card: active, period set, charge in history, event; the same key replays', async () => {
    const { jwt, id } = await s.pro('approved@example.com');
    const key = randomUUID();
    const res = await s.buy(jwt, cardBody(CARDS.approved), key);
    expect(res.statusCode, res.body).toBe(201);
    const sig = res.json();
    expect(sig).toMatchObject({
      state: 'active',
      plan: 'monthly',
      card: { brand: 'MASTERCARD', last4: '8829', expiryMonth: '12', expiryYear: '2035' },
      chargePending: false,
      refundAllowed: true,
      cancelAt: null,
    });
    expect(near(sig.currentPeriodEnd, s.t.clock.now().getTime() + 30 * DAY)).toBe(true);
    expect(sig.nextChargeAt).toBe(sig.currentPeriodEnd);
    expect(await s.signature(jwt)).toEqual(sig);

    const [charge, ...more] = await s.history(jwt);
    expect(more).toEqual([]);
    expect(charge).toMatchObject({ state: 'confirmed', amountCents: 8990, refundedCents: 0, cardLast4: '8829' });
    expect(charge.paidDate).toBe(charge.dueDate);
    expect(charge.receipt).toMatchObject({ amountCents: 8990, document: '24971563792', cardLast4: '8829' });
    expect(await s.eventTypes(id)).toEqual(['subscription.activated']);

    const me = await s.t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
    expect(me.statusCode).toBe(200);

    const replay = await s.buy(jwt, cardBody(CARDS.approved), key);
    expect([replay.statusCode, replay.json()]).toEqual([201, sig]);
    const again = await s.buy(jwt, cardBody(CARDS.approved));
    expect([again.statusCode, again.json().application_error_code]).toEqual([409, 'COSTUMER_ALREADY_HAS_SIGNATURE']);
    expect(await s.history(jwt)).toHaveLength(1);
  });

  it('a refused card answers its code and a Portuguese sentence; nothing becomes active', async () => {
    const { jwt, id } = await s.pro('refused@example.com');
    const atToken = await s.buy(jwt, cardBody(CARDS.refusedVisa));
    expect(atToken.statusCode).toBe(402);
    expect(atToken.json()).toMatchObject({
      application_error_code: 'CREDIT_CARD_TOKENIZATION_FAILED',
      message: 'O cartão foi recusado. Confira os dados ou use outro cartão.',
    });
    const atCharge = await s.buy(jwt, cardBody(CARDS.refusedOnCharge));
    expect([atCharge.statusCode, atCharge.json().application_error_code]).toEqual([402, 'PAYMENT_ATTEMPT_FAILED']);
    expect(atCharge.json().message).toMatch(/recusado/);
    expect(await s.signature(jwt)).toMatchObject({ state: 'trial', card: null, chargePending: false });
    expect(await s.history(jwt)).toEqual([]);
    expect(await s.eventTypes(id)).toEqual([]);
  });

  it('the risk-analysis card answers PAYMENT_PENDING, shows chargePending, and the webhook activates it', async () => {
    const { jwt, id } = await s.pro('pending@example.com');
    const res = await s.buy(jwt, cardBody(CARDS.riskAnalysis, { plan: 'yearly' }));
    expect([res.statusCode, res.json().application_error_code]).toEqual([402, 'PAYMENT_PENDING']);
    expect(await s.signature(jwt)).toMatchObject({ state: 'trial', plan: 'yearly', chargePending: true });
    expect((await s.history(jwt)).map((c) => [c.state, c.amountCents, c.receipt])).toEqual([['pending', 89900, null]]);
    // Buying again while it is being decided is refused.
    const twice = await s.buy(jwt, cardBody(CARDS.approved));
    expect([twice.statusCode, twice.json().application_error_code]).toEqual([409, 'PAYMENT_PENDING']);

    await s.standin.tick();
    expect((await s.signature(jwt)).chargePending).toBe(true);
    s.t.clock.advance(s.settings.pendingDelayMs);
    await s.standin.tick();
    const sig = await s.signature(jwt);
    expect(sig).toMatchObject({ state: 'active', plan: 'yearly', chargePending: false });
    expect(near(sig.currentPeriodEnd, s.t.clock.now().getTime() + 365 * DAY)).toBe(true);
    expect((await s.history(jwt)).map((c) => c.state)).toEqual(['confirmed']);
    expect(await s.eventTypes(id)).toEqual(['subscription.activated']);
  });

  it('after a timeout, a retry with the same Idempotency-Key adopts the one subscription the gateway made', async () => {
    const { jwt } = await s.pro('timeout@example.com');
    const key = randomUUID();
    const first = await s.buy(jwt, cardBody(CARDS.timeout), key);
    expect([first.statusCode, first.json().application_error_code]).toEqual([503, 'RECURRENT_PAYMENT_CREATION_FAILED']);
    expect((await s.signature(jwt)).state).toBe('trial');
    // The stand-in's held answer ends; its webhooks (about a subscription we have not recorded yet) arrive.
    await new Promise((r) => setTimeout(r, TIMEOUT_CARD_DELAY_MS));
    await s.standin.tick();

    const retry = await s.buy(jwt, cardBody(CARDS.timeout), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ state: 'active', card: { last4: '5001' } });
    const [attempt] = await s.t.database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, key));
    const found = await s.gateway.findSubscriptionsByReference(attempt!.attemptId);
    expect(found).toHaveLength(1);
    expect(await s.gateway.listSubscriptionPayments(found[0]!.id)).toHaveLength(1);
    expect(await s.history(jwt)).toHaveLength(1);
    const replay = await s.buy(jwt, cardBody(CARDS.timeout), key);
    expect([replay.statusCode, replay.json()]).toEqual([201, retry.json()]);
  });

  it('two purchases at once, with one key or with two, charge her once', async () => {
    const countAtGateway = async (professionalId: string) => {
      const [row] = await s.t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.professionalId, professionalId));
      const rows = await s.t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from gateway_standin_objects where kind = 'subscription' and parent_id = ${row!.gatewayCustomerId}`,
      );
      return rows.rows[0]!.n;
    };
    const one = await s.pro('race-key@example.com');
    const key = randomUUID();
    const sameKey = await Promise.all([0, 1].map(() => s.buy(one.jwt, cardBody(CARDS.approved), key)));
    expect(sameKey.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of sameKey.filter((x) => x.statusCode !== 201)) expect(r.statusCode, r.body).toBe(409);
    expect(await s.history(one.jwt)).toHaveLength(1);
    expect(await countAtGateway(one.id)).toBe(1);

    const two = await s.pro('race-keys@example.com');
    const twoKeys = await Promise.all([0, 1].map(() => s.buy(two.jwt, cardBody(CARDS.approved))));
    expect(twoKeys.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await s.history(two.jwt)).toHaveLength(1);
    expect(await countAtGateway(two.id)).toBe(1);
  });

  it('the same key with another body is refused; the key is required', async () => {
    const { jwt } = await s.pro('samekey@example.com');
    const key = randomUUID();
    expect((await s.buy(jwt, cardBody(CARDS.approved), key)).statusCode).toBe(201);
    const other = await s.buy(jwt, cardBody(CARDS.approved, { plan: 'yearly' }), key);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['Idempotency-Key'] }],
    });
    expect(other.json().message).toMatch(/Idempotency-Key já foi usada/);
    const missing = await s.t.call({
      method: 'POST',
      url: '/api/payment/signatures/service',
      headers: bearer(jwt),
      payload: cardBody(CARDS.approved),
    });
    expect([missing.statusCode, missing.json().application_error_code]).toEqual([400, 'WRONG_COMMAND_PARAMETERS']);
    expect(JSON.stringify(missing.json().details)).toContain('idempotency-key');
  });

  it('the webhook: 401 without the right token, duplicates ignored, a late confirmation does not undo a refund', async () => {
    const { jwt, id } = await s.pro('webhook@example.com');
    expect((await s.buy(jwt, cardBody(CARDS.approved))).statusCode).toBe(201);
    await s.standin.tick();
    const [subRow] = await s.t.database.db.select().from(subscriptions).where(eq(subscriptions.professionalId, id));
    const [payment] = await s.gateway.listSubscriptionPayments(subRow!.gatewaySubscriptionId!);
    const confirmed = (await s.standinEvents(payment!.id)).find((e) => e.event === 'PAYMENT_CONFIRMED')!;

    for (const token of [null, 'wrong', `${'x'}${confirmed.id}`]) {
      const res = await s.webhook(confirmed, token);
      expect([res.statusCode, res.json().application_error_code]).toEqual([401, 'Unauthorized']);
    }
    const bad = await s.t.call({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'asaas-access-token': 'wrong' },
      payload: '{"id":',
    });
    expect(bad.statusCode).toBe(401);

    // Already delivered by the tick: acknowledged, ignored.
    const dup = await s.webhook(confirmed);
    expect([dup.statusCode, dup.json()]).toEqual([200, { received: true, duplicate: true }]);

    await s.gateway.refundPayment(payment!.id);
    await s.standin.tick();
    expect((await s.history(jwt)).map((c) => [c.state, c.refundedCents])).toEqual([['refunded', 8990]]);
    const late = await s.webhook({ ...confirmed, id: `evt_late_${randomUUID()}` });
    expect([late.statusCode, late.json()]).toEqual([200, { received: true, duplicate: false }]);
    expect((await s.history(jwt)).map((c) => c.state)).toEqual(['refunded']);
    expect(await s.eventTypes(id)).toEqual(['subscription.activated', 'subscription.refunded']);
    const stored = await s.t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from gateway_events where payload->'payment'->>'id' = ${payment!.id}`,
    );
    expect(stored.rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('a refused renewal makes her past due with a notice; past the grace period she expires once', async () => {
    const { jwt, id } = await s.pro('renewal@example.com');
    expect((await s.buy(jwt, cardBody(CARDS.approved))).statusCode).toBe(201);
    await s.standin.tick();
    const [subRow] = await s.t.database.db.select().from(subscriptions).where(eq(subscriptions.professionalId, id));
    const [payment] = await s.gateway.listSubscriptionPayments(subRow!.gatewaySubscriptionId!);
    const confirmed = (await s.standinEvents(payment!.id)).find((e) => e.event === 'PAYMENT_CONFIRMED')!;
    const overdue = {
      ...confirmed,
      id: `evt_overdue_${randomUUID()}`,
      event: 'PAYMENT_OVERDUE',
      payment: { ...confirmed.payment, id: `pay_renewal_${randomUUID().slice(0, 8)}`, status: 'OVERDUE' },
    };
    expect((await s.webhook(overdue)).statusCode).toBe(200);
    const sig = await s.signature(jwt);
    expect(sig.state).toBe('past_due');
    expect(near(sig.graceEndsAt, s.t.clock.now().getTime() + 7 * DAY)).toBe(true);
    expect(await s.eventTypes(id)).toEqual(['subscription.activated', 'subscription.payment_failed']);

    const later = new Date(s.t.clock.now().getTime() + 8 * DAY);
    await sweepExpired(s.t.database.db, later);
    await sweepExpired(s.t.database.db, later);
    expect((await s.signature(jwt)).state).toBe('expired');
    expect(await s.eventTypes(id)).toEqual([
      'subscription.activated',
      'subscription.payment_failed',
      'subscription.expired',
    ]);
  });

  it('a trial past its end reads expired and records subscription.expired once', async () => {
    const { jwt, id } = await s.pro('trial-end@example.com');
    await s.t.database.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(s.t.clock.now().getTime() - 1000) })
      .where(eq(subscriptions.professionalId, id));
    expect((await s.signature(jwt)).state).toBe('expired');
    expect((await s.signature(jwt)).state).toBe('expired');
    await sweepExpired(s.t.database.db, s.t.clock.now());
    expect(await s.eventTypes(id)).toEqual(['subscription.expired']);
    // She may subscribe again.
    expect((await s.buy(jwt, cardBody(CARDS.approved))).statusCode).toBe(201);
  });

  it('refuses bad input with field paths, an unknown coupon, and a profile without CPF', async () => {
    const { jwt } = await s.pro('input@example.com');
    const base = cardBody(CARDS.approved) as any;
    const cases: [unknown, string[]][] = [
      [{ ...base, card: { ...base.card, number: '4111111111111112' } }, ['card', 'number']],
      [{ ...base, card: { ...base.card, number: '4111 1111 abcd 1111' } }, ['card', 'number']],
      [{ ...base, card: { ...base.card, expiryMonth: '13' } }, ['card', 'expiryMonth']],
      [{ ...base, card: { ...base.card, expiryMonth: '01', expiryYear: '2020' } }, ['card', 'expiryYear']],
      [{ ...base, card: { ...base.card, cvv: '12' } }, ['card', 'cvv']],
      [{ ...base, holder: { ...base.holder, cpf: '111.111.111-11' } }, ['holder', 'cpf']],
      [{ ...base, holder: { ...base.holder, postalCode: '0131' } }, ['holder', 'postalCode']],
      [{ ...base, holder: { ...base.holder, phone: '1234' } }, ['holder', 'phone']],
      [{ ...base, card: { ...base.card, holderName: 'M'.repeat(101) } }, ['card', 'holderName']],
      [{ ...base, holder: { ...base.holder, addressNumber: '10\u0000' } }, ['holder', 'addressNumber']],
      [{ ...base, plan: 'weekly' }, ['plan']],
    ];
    for (const [payload, path] of cases) {
      const res = await s.buy(jwt, payload);
      expect(res.statusCode, JSON.stringify(path)).toBe(400);
      expect(res.json().application_error_code).toBe('WRONG_COMMAND_PARAMETERS');
      expect(res.json().details.map((d: any) => d.path)).toContainEqual(path);
    }
    const coupon = await s.buy(jwt, cardBody(CARDS.approved, { coupon: 'NAOEXISTE' }));
    expect([coupon.statusCode, coupon.json().application_error_code]).toEqual([400, 'INVALID_COUPON']);

    const noCpf = await s.pro('no-cpf@example.com', null);
    const res = await s.buy(noCpf.jwt, cardBody(CARDS.approved));
    expect([res.statusCode, res.json().application_error_code]).toEqual([400, 'CUSTOMER_REGISTRATION_NOT_COMPLETED']);
  });

  it('a real coupon takes its percentage off the charge', async () => {
    const { jwt } = await s.pro('coupon@example.com');
    const res = await s.buy(jwt, cardBody(CARDS.approved, { coupon: 'bemvinda10' }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await s.history(jwt)).map((c) => c.amountCents)).toEqual([8091]);
  });

  it('limits the attempts that reach the gateway per professional', async () => {
    const { jwt } = await s.pro('limit@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await s.buy(jwt, cardBody(CARDS.refusedMastercard))).statusCode).toBe(402);
    }
    const res = await s.buy(jwt, cardBody(CARDS.refusedMastercard));
    expect([res.statusCode, res.json().application_error_code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('no card number is kept in any table nor written to the log', async () => {
    const numbers = Object.values(CARDS);
    const tables = await s.t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let scanned = 0;
    for (const { table_name } of tables.rows) {
      const rows = await s.t.database.db.execute<{ row: string }>(
        sql.raw(`select t::text as row from "${table_name}" t`),
      );
      for (const { row } of rows.rows) {
        scanned++;
        for (const number of numbers) expect(row, table_name).not.toContain(number);
        expect(row, table_name).not.toMatch(/"cvv"|"ccv"/);
      }
    }
    expect(scanned).toBeGreaterThan(10);
    const log = s.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const number of numbers) expect(log).not.toContain(number);
  });
});
