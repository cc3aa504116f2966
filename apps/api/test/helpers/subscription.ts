/**
 * A test app whose gateway is the REAL Asaas adapter on the app's own stand-in (over injectFetch), the
 * stand-in's tick posting its webhooks back into the same app, and a captured log.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { defaultConfig, type GatewayStandinConfig } from '../../src/config.js';
import { events } from '../../src/db/schema.js';
import { createAsaasGateway } from '../../src/payment/gateway/asaas.js';
import type { PaymentGateway } from '../../src/payment/gateway/port.js';
import { StandinGateway } from '../../src/payment/standin/gateway.js';
import { INJECT_ORIGIN, injectFetch } from '../../src/payment/standin/wiring.js';
import { bearer, createTestApp, type TestApp } from './app.js';
import type { Backend } from './backends.js';
import { ASAAS_API_KEY, BASE, WEBHOOK_TOKEN } from './standin.js';
import { spDate } from '../../src/lib/dates.js';

export const CPF = '249.715.637-92';

export const cardBody = (number: string, extra: Record<string, unknown> = {}) => ({
  plan: 'monthly',
  card: { holderName: 'MARIA TESTE', number, expiryMonth: '12', expiryYear: '2035', cvv: '123' },
  holder: { cpf: CPF, postalCode: '01310-100', addressNumber: '100', phone: '(11) 98765-4321' },
  ...extra,
});

export interface SubscriptionSuite {
  t: TestApp;
  standin: StandinGateway;
  settings: GatewayStandinConfig;
  /** The adapter on the stand-in, as the tests' own window on the gateway. */
  gateway: PaymentGateway;
  logs: string[];
  /** Signs up with a CPF on the profile; returns the session and her id. */
  pro(email: string, document?: string | null): Promise<{ jwt: string; id: string }>;
  buy(jwt: string, payload: unknown, key?: string): ReturnType<TestApp['call']>;
  signature(jwt: string): Promise<Record<string, any>>;
  history(jwt: string): Promise<Record<string, any>[]>;
  eventTypes(professionalId: string, prefix?: string): Promise<string[]>;
  webhook(body: unknown, token?: string | null): ReturnType<TestApp['call']>;
  /** The stand-in's queued webhook bodies about a payment. */
  standinEvents(paymentId: string): Promise<Record<string, any>[]>;
  /** While set, the app's calls to the gateway whose `METHOD path` matches answer 503 (the gateway is down). */
  gatewayDown: RegExp | null;
}

export const TIMEOUT_CARD_DELAY_MS = 1500;

export function useSubscriptionApp(backend: Backend, limits: Record<string, unknown> = {}): SubscriptionSuite {
  const s = { logs: [] as string[], gatewayDown: null } as SubscriptionSuite;
  beforeAll(async () => {
    s.settings = {
      ...defaultConfig.gatewayStandin,
      apiKey: ASAAS_API_KEY,
      webhookToken: WEBHOOK_TOKEN,
      webhookUrl: `${INJECT_ORIGIN}/api/payment/webhook`,
      timeoutCardDelayMs: TIMEOUT_CARD_DELAY_MS,
      pendingDelayMs: 5000,
    };
    const logStream = new Writable({
      write(chunk, _enc, done) {
        s.logs.push(String(chunk));
        done();
      },
    });
    s.t = await createTestApp(backend, {
      config: { gatewayStandin: s.settings, limits: limits as never },
      // Below the timeout card's delay: the app gives up first, as it would after Asaas's 60 s.
      gateway: {
        chargeTimeoutMs: 1000,
        fetch: (input, init) => {
          const url = new URL(String(input instanceof Request ? input.url : input));
          if (s.gatewayDown?.test(`${init?.method ?? 'GET'} ${url.pathname}`)) {
            const body = { errors: [{ code: 'unavailable', description: 'Serviço indisponível.' }] };
            return Promise.resolve(Response.json(body, { status: 503 }));
          }
          return injectFetch(s.t.app)(input, init);
        },
      },
      logStream,
    });
    s.standin = new StandinGateway({
      db: s.t.database.db,
      config: { now: s.t.clock.now, gatewayStandin: s.settings },
      fetch: injectFetch(s.t.app),
    });
    s.gateway = createAsaasGateway({
      baseUrl: BASE,
      apiKey: ASAAS_API_KEY,
      webhookToken: WEBHOOK_TOKEN,
      fetch: injectFetch(s.t.app),
      today: () => spDate(s.t.clock.now()),
    });
  });
  afterAll(async () => {
    await s.standin?.stop();
    await s.t?.close();
  });

  s.pro = async (email, document = CPF) => {
    const jwt = await s.t.signUp(email);
    if (document) {
      const res = await s.t.call({
        method: 'PUT',
        url: '/api/professional/me',
        headers: bearer(jwt),
        payload: { document },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const me = await s.t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
    return { jwt, id: me.json().professional?.id ?? me.json().id };
  };
  s.buy = (jwt, payload, key = randomUUID()) =>
    s.t.call({
      method: 'POST',
      url: '/api/payment/signatures/service',
      headers: { ...bearer(jwt), 'idempotency-key': key },
      payload: payload as Record<string, unknown>,
    });
  s.signature = async (jwt) =>
    (await s.t.call({ method: 'GET', url: '/api/payment/signatures', headers: bearer(jwt) })).json();
  s.history = async (jwt) =>
    (await s.t.call({ method: 'GET', url: '/api/payment/signatures/history', headers: bearer(jwt) })).json().items;
  s.eventTypes = async (professionalId, prefix = 'subscription.') => {
    const rows = await s.t.database.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.professionalId, professionalId), sql`${events.type} like ${`${prefix}%`}`))
      .orderBy(events.occurredAt);
    return rows.map((r) => r.type);
  };
  s.webhook = (body, token = WEBHOOK_TOKEN) =>
    s.t.call({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', ...(token !== null && { 'asaas-access-token': token }) },
      payload: JSON.stringify(body),
    });
  s.standinEvents = async (paymentId) => {
    const rows = await s.t.database.db.execute<{ data: Record<string, any> }>(
      sql`select data from gateway_standin_objects where kind = 'event' and parent_id = ${paymentId} order by created_at`,
    );
    return rows.rows.map((r) => r.data);
  };
  return s;
}
