/**
 * A test app serving the gateway stand-in, the REAL Asaas adapter talking to it over `injectFetch`, the
 * stand-in's tick, and a loopback receiver its webhooks are posted to.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { defaultConfig, type GatewayStandinConfig } from '../../src/config.js';
import { spDate } from '../../src/lib/dates.js';
import { createAsaasGateway, type AsaasGatewayOptions } from '../../src/payment/gateway/asaas.js';
import { GatewayError } from '../../src/payment/gateway/errors.js';
import type { CardHolderInput, GatewayEvent, PaymentGateway } from '../../src/payment/gateway/port.js';
import { StandinGateway } from '../../src/payment/standin/gateway.js';
import { INJECT_ORIGIN, injectFetch } from '../../src/payment/standin/wiring.js';
import { createTestApp, type TestApp } from './app.js';
import type { Backend } from './backends.js';
import { startReceiver, type Receiver } from './receiver.js';

/** The stand-in's key and webhook token in the tests (production generates them once per database). */
export const ASAAS_API_KEY = 'standin_test_key_0123456789';
export const WEBHOOK_TOKEN = 'whk_standin_test_token';
/** The adapter's base URL over `injectFetch` (the origin is never resolved). */
export const BASE = `${INJECT_ORIGIN}/api/dev/gateway/v3`;
export const DAY = 86_400_000;
const IP = '203.0.113.9';

export const holder: CardHolderInput = {
  name: 'Nutri Teste',
  email: 'nutri@example.com',
  cpfCnpj: '24971563792',
  postalCode: '01310-100',
  addressNumber: '100',
  phone: '(11) 98765-4321',
};

/** The GatewayError a call rejects with. */
export async function caught(p: Promise<unknown>): Promise<GatewayError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(GatewayError);
  return e as GatewayError;
}

export const types = (events: GatewayEvent[]) => events.map((e) => e.type).sort();

export interface StandinSuite {
  t: TestApp;
  receiver: Receiver;
  gateway: PaymentGateway;
  standin: StandinGateway;
  settings: GatewayStandinConfig;
  /** The adapter on this app with other options (key, timeouts). */
  adapter(options?: Partial<AsaasGatewayOptions>): PaymentGateway;
  /** A new customer (or the one of `customerRef`) and a token of `number` for it. */
  card(number: string, customerRef?: string): ReturnType<typeof cardOf>;
  tokenize(customerId: string, number: string): ReturnType<PaymentGateway['tokenizeCard']>;
  /** A subscription input on a new customer's card; `created()` sends it. */
  subscribe(number: string, opts?: { nextDueDate?: string; via?: PaymentGateway }): ReturnType<typeof subscribeWith>;
  /** Ticks, then the webhooks received about `id` (a payment or subscription), read by the adapter. */
  eventsAbout(id: string): Promise<GatewayEvent[]>;
  ref(name: string): string;
}

async function cardOf(gateway: PaymentGateway, number: string, externalReference: string) {
  const customer = await gateway.findOrCreateCustomer({
    externalReference,
    name: 'Nutri Teste',
    email: 'nutri@example.com',
    cpfCnpj: '249.715.637-92',
    phone: '(11) 98765-4321',
  });
  const token = await tokenizeWith(gateway, customer.id, number);
  return { customer, token };
}

const tokenizeWith = (gateway: PaymentGateway, customerId: string, number: string) =>
  gateway.tokenizeCard({
    customerId,
    card: { holderName: 'NUTRI TESTE', number, expiryMonth: '12', expiryYear: '2035', ccv: '318' },
    holder,
    remoteIp: IP,
  });

async function subscribeWith(s: StandinSuite, number: string, opts: { nextDueDate?: string; via?: PaymentGateway }) {
  const { customer, token } = await s.card(number);
  const externalReference = s.ref('attempt');
  const input = {
    customerId: customer.id,
    valueCents: 3990,
    cycle: 'MONTHLY' as const,
    nextDueDate: opts.nextDueDate ?? spDate(s.t.clock.now()),
    cardToken: token.token,
    externalReference,
    description: 'Acompanha Pro mensal',
    remoteIp: IP,
  };
  return {
    customer,
    token,
    externalReference,
    input,
    created: () => (opts.via ?? s.gateway).createSubscription(input),
  };
}

/** Registers the suite's hooks; the returned object is filled in `beforeAll`. */
export function useStandin(backend: Backend): StandinSuite {
  let n = 0;
  const s = {
    adapter: (options = {}) =>
      createAsaasGateway({
        baseUrl: BASE,
        apiKey: ASAAS_API_KEY,
        webhookToken: WEBHOOK_TOKEN,
        fetch: injectFetch(s.t.app),
        today: () => spDate(s.t.clock.now()),
        ...options,
      }),
    ref: (name) => `${name}_${++n}_${backend.name}`,
    card: (number, customerRef = s.ref('prof')) => cardOf(s.gateway, number, customerRef),
    tokenize: (customerId, number) => tokenizeWith(s.gateway, customerId, number),
    subscribe: (number, opts = {}) => subscribeWith(s, number, opts),
    async eventsAbout(id) {
      await s.standin.tick();
      return s.receiver.hits
        .map((hit) => s.gateway.parseWebhook(hit.headers, hit.body))
        .filter((e) => e.payment?.id === id || e.subscription?.id === id);
    },
  } as StandinSuite;

  beforeAll(async () => {
    s.receiver = await startReceiver();
    s.settings = {
      ...defaultConfig.gatewayStandin,
      apiKey: ASAAS_API_KEY,
      webhookToken: WEBHOOK_TOKEN,
      webhookUrl: s.receiver.url('/api/payment/webhook'),
      timeoutCardDelayMs: 300,
    };
    s.t = await createTestApp(backend, { config: { gatewayStandin: s.settings } });
    s.gateway = s.adapter();
    s.standin = new StandinGateway({ db: s.t.database.db, config: { now: s.t.clock.now, gatewayStandin: s.settings } });
  });
  afterAll(async () => {
    await s.standin?.stop();
    await s.t?.close();
    await s.receiver?.close();
  });
  beforeEach(() => s.receiver.answer(() => ({ status: 200, body: 'ok' })));
  return s;
}
