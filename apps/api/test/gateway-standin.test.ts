/**
 * The local stand-in of Asaas, always through the REAL Asaas adapter (over `injectFetch`, no socket):
 * authentication, customers, card tokens, subscriptions and the test cards' outcomes at creation, and what
 * it keeps. Renewals, refunds and webhook retries: gateway-standin-billing.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, openApiDocument } from '../src/app.js';
import { resolveConfig } from '../src/config.js';
import { STANDIN_TEST_CARDS as CARDS } from '../src/payment/standin/cards.js';
import { createGatewayFor, injectFetch } from '../src/payment/standin/wiring.js';
import { TestClock, testConfig } from './helpers/app.js';
import { backends } from './helpers/backends.js';
import { ASAAS_API_KEY, caught, types, useStandin, WEBHOOK_TOKEN } from './helpers/standin.js';

describe.each(backends)('gateway stand-in on $name', (backend) => {
  const s = useStandin(backend);

  it('answers 401 without the key or with a wrong one, revealing nothing', async () => {
    const { customer } = await s.card(CARDS.approved);
    for (const headers of [{}, { access_token: 'wrong' }, { access_token: `${ASAAS_API_KEY}x` }]) {
      for (const url of ['/customers', `/customers/${customer.id}`, '/subscriptions', '/payments/pay_x', '/nothing']) {
        const res = await s.t.call({ method: 'GET', url: `/api/dev/gateway/v3${url}`, headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ errors: [{ code: 'invalid_access_token', description: expect.any(String) }] });
        expect(res.body).not.toContain(customer.id);
      }
    }
    const e = await caught(s.adapter({ apiKey: 'wrong' }).getSubscription('sub_x'));
    expect([e.failure, e.retryable]).toEqual(['unauthorized', false]);
  });

  it('finds or creates the customer by externalReference', async () => {
    const externalReference = s.ref('prof');
    const first = await s.card(CARDS.approved, externalReference);
    const again = await s.card(CARDS.approved, externalReference);
    expect(again.customer).toEqual(first.customer);
    expect(first.customer).toMatchObject({ id: expect.stringMatching(/^cus_\d{12}$/), externalReference });
    const list = await s.t.call({
      method: 'GET',
      url: `/api/dev/gateway/v3/customers?externalReference=${externalReference}`,
      headers: { access_token: ASAAS_API_KEY },
    });
    expect(list.json()).toMatchObject({ object: 'list', totalCount: 1, hasMore: false });
  });

  it('tokenizes the approving card and refuses the docs’ refused cards as the sandbox does', async () => {
    const { token } = await s.card(CARDS.approved);
    expect(token).toEqual({ token: expect.stringMatching(/^[0-9a-f-]{36}$/), brand: 'MASTERCARD', last4: '8829' });
    for (const number of [CARDS.refusedMastercard, CARDS.refusedVisa]) {
      const e = await caught(s.card(number));
      expect([e.code, e.failure, e.context.httpStatus, e.context.gatewayCodes]).toEqual([
        'CREDIT_CARD_TOKENIZATION_FAILED',
        'refused',
        400,
        ['invalid_action'],
      ]);
    }
    expect((await caught(s.tokenize('cus_000000000000', CARDS.approved))).code).toBe('CUSTOMER_NOT_FOUND');
  });

  it('charges a subscription due today during the call, and tells the webhook', async () => {
    const sub = await s.subscribe(CARDS.approved);
    const { subscription, firstPayment } = await sub.created();
    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      status: 'active',
      valueCents: 3990,
      cycle: 'MONTHLY',
      externalReference: sub.externalReference,
      card: { brand: 'MASTERCARD', last4: '8829' },
    });
    expect(subscription.nextDueDate > sub.input.nextDueDate).toBe(true);
    expect(firstPayment).toMatchObject({
      id: expect.stringMatching(/^pay_/),
      status: 'confirmed',
      valueCents: 3990,
      dueDate: sub.input.nextDueDate,
      paidDate: sub.input.nextDueDate,
    });
    expect(types(await s.eventsAbout(firstPayment!.id))).toEqual(['PAYMENT_CONFIRMED', 'PAYMENT_CREATED']);
    const [created] = await s.eventsAbout(subscription.id);
    expect(created?.type).toBe('SUBSCRIPTION_CREATED');
    // Sent as it was created, before its first charge moved the next due date on.
    expect(created?.subscription).toMatchObject({ id: subscription.id, nextDueDate: sub.input.nextDueDate });
    const hit = s.receiver.hits.find((h) => h.body.includes(firstPayment!.id))!;
    expect(hit.headers['asaas-access-token']).toBe(WEBHOOK_TOKEN);
    const ids = s.receiver.hits.map((h) => JSON.parse(h.body).id as string);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('creates a subscription due later without charging it', async () => {
    const sub = await s.subscribe(CARDS.approved, { nextDueDate: '2099-01-31' });
    const { subscription, firstPayment } = await sub.created();
    expect([subscription.nextDueDate, firstPayment]).toEqual(['2099-01-31', null]);
  });

  it('refuses the charge-refused card at creation, and creates nothing', async () => {
    const sub = await s.subscribe(CARDS.refusedOnCharge);
    const e = await caught(sub.created());
    expect([e.code, e.failure, e.context.gatewayCodes]).toEqual([
      'PAYMENT_ATTEMPT_FAILED',
      'refused',
      ['invalid_creditCard'],
    ]);
    expect(await s.gateway.findSubscriptionsByReference(sub.externalReference)).toEqual([]);
  });

  it('leaves the risk-analysis card pending, then confirms it after the delay (webhook)', async () => {
    const e = await caught((await s.subscribe(CARDS.riskAnalysis)).created());
    expect([e.code, e.failure, e.context.subscriptionId]).toEqual(['PAYMENT_PENDING', 'pending', expect.any(String)]);
    const paymentId = e.context.paymentId!;
    expect((await s.gateway.getPayment(paymentId)).status).toBe('pending');
    await s.standin.tick();
    expect((await s.gateway.getPayment(paymentId)).status).toBe('awaiting_risk_analysis');
    s.t.clock.advance(s.settings.pendingDelayMs);
    const events = await s.eventsAbout(paymentId);
    expect((await s.gateway.getPayment(paymentId)).status).toBe('confirmed');
    expect(types(events)).toEqual([
      'PAYMENT_APPROVED_BY_RISK_ANALYSIS',
      'PAYMENT_AWAITING_RISK_ANALYSIS',
      'PAYMENT_CONFIRMED',
      'PAYMENT_CREATED',
    ]);
    expect(events.find((ev) => ev.type === 'PAYMENT_CONFIRMED')?.payment?.status).toBe('confirmed');
  });

  it('the timeout card creates and charges but never answers in time: a retry finds exactly one', async () => {
    // The adapter gives up first (a short timeout), or the stand-in answers 504.
    for (const via of [s.adapter({ chargeTimeoutMs: 100 }), s.gateway]) {
      const sub = await s.subscribe(CARDS.timeout, { via });
      const e = await caught(sub.created());
      expect([e.code, e.retryable]).toEqual(['RECURRENT_PAYMENT_CREATION_FAILED', true]);
      await new Promise((r) => setTimeout(r, s.settings.timeoutCardDelayMs + 50));
      const found = await s.gateway.findSubscriptionsByReference(sub.externalReference);
      expect(found).toHaveLength(1);
      const payments = await s.gateway.listSubscriptionPayments(found[0]!.id);
      expect(payments.map((p) => p.status)).toEqual(['confirmed']);
    }
  });

  it('swaps the card without charging, and only for a token of the same customer', async () => {
    const sub = await s.subscribe(CARDS.approved);
    const { subscription } = await sub.created();
    const other = await s.tokenize(sub.customer.id, '4111111111111111');
    const updated = await s.gateway.updateSubscriptionCard(subscription.id, {
      cardToken: other.token,
      remoteIp: '::1',
    });
    expect(updated.card).toEqual({ brand: 'VISA', last4: '1111' });
    expect(updated.nextDueDate).toBe(subscription.nextDueDate);
    expect(await s.gateway.listSubscriptionPayments(subscription.id)).toHaveLength(1);
    const stranger = await s.card(CARDS.approved);
    const e = await caught(
      s.gateway.updateSubscriptionCard(subscription.id, { cardToken: stranger.token.token, remoteIp: '::1' }),
    );
    expect(e.code).toBe('PAYMENT_ATTEMPT_FAILED');
  });

  it('keeps no card number or CVV anywhere in the database', async () => {
    await (await s.subscribe(CARDS.approved)).created();
    const numbers = [...Object.values(CARDS), '4111111111111111'];
    const tables = await s.t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables.rows) {
      const rows = await s.t.database.db.execute<{ row: string }>(
        sql.raw(`select t::text as row from "${table_name}" t`),
      );
      for (const { row } of rows.rows) {
        for (const number of numbers) expect(row, table_name).not.toContain(number);
        // The card's fields as keys (`"ccv":`), not as letters inside a random id ("pay_xx0y7ldccvntemcx").
        if (table_name === 'gateway_standin_objects') expect(row).not.toMatch(/"(ccv|number|holderName)"/);
      }
    }
    const tokens = await s.t.database.db.execute<{ data: Record<string, unknown> }>(
      sql`select data from gateway_standin_objects where kind = 'card_token'`,
    );
    expect(tokens.rows.length).toBeGreaterThan(0);
    for (const { data } of tokens.rows) {
      expect(Object.keys(data).sort()).toEqual(['creditCardBrand', 'creditCardNumber', 'creditCardToken']);
      expect(data.creditCardNumber).toMatch(/^\d{4}$/);
    }
  });

  it('unknown ids answer the adapter’s not-found codes', async () => {
    expect((await caught(s.gateway.getSubscription('sub_unknown'))).code).toBe('CUSTOMER_SIGNATURE_NOT_FOUND');
    expect((await caught(s.gateway.listSubscriptionPayments('sub_unknown'))).code).toBe('CUSTOMER_SIGNATURE_NOT_FOUND');
    expect((await caught(s.gateway.getPayment('pay_unknown'))).code).toBe('NEXT_PAYMENT_NOT_FOUND');
  });

  it('stays out of the OpenAPI document, and is not served with an Asaas account', async () => {
    const doc = (await openApiDocument(s.t.app)) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('gateway'))).toEqual([]);
    const asaas = { baseUrl: 'https://api-sandbox.asaas.com/v3', apiKey: '$aact_hmlg_x', webhookToken: 'w' };
    const real = buildApp({ config: { ...testConfig(new TestClock()), asaas } });
    const res = await real.inject({
      method: 'GET',
      url: '/api/dev/gateway/v3/customers',
      headers: { access_token: ASAAS_API_KEY },
    });
    expect([res.statusCode, res.json().application_error_code]).toEqual([404, 'NOT_FOUND']);
    await real.close();
  });

  it('createGatewayFor: without a configured key, one is generated once per database and kept', async () => {
    // A second app on the same database, with no key configured.
    const config = resolveConfig(testConfig(s.t.clock));
    const app = buildApp({ db: s.t.database.db, config });
    await app.ready();
    try {
      const ctx = { db: s.t.database.db, config };
      const gateway = await createGatewayFor(ctx, { fetch: injectFetch(app) });
      const customer = await gateway.findOrCreateCustomer({
        externalReference: s.ref('generated'),
        name: 'Nutri',
        email: 'n@example.com',
        cpfCnpj: '24971563792',
      });
      expect(customer.id).toMatch(/^cus_/);
      const [key] = (
        await s.t.database.db.execute<{ value: string }>(
          sql`select value from app_settings where key = 'gateway_standin_api_key'`,
        )
      ).rows;
      expect(key?.value).toMatch(/^standin_[0-9a-f]{64}$/);
      const again = await createGatewayFor(ctx, { fetch: injectFetch(app) });
      expect((await again.findSubscriptionsByReference('none')).length).toBe(0);
      // The suite's app was configured with another key: the generated one does not open it.
      const res = await s.t.call({
        method: 'GET',
        url: '/api/dev/gateway/v3/customers',
        headers: { access_token: key!.value },
      });
      expect(res.statusCode).toBe(401);
      await expect(createGatewayFor({ db: s.t.database.db, config })).rejects.toThrow(/selfUrl/);
    } finally {
      await app.close();
    }
  });
});
