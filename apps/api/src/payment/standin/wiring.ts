/**
 * How the app gets its payment gateway: always the Asaas adapter, pointed at Asaas when an account is
 * configured (`ASAAS_*`, see ../gateway/config.ts) and otherwise at the local stand-in this API serves
 * itself, so the same adapter code runs in development, in the tests and in production.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { spDate } from '../../lib/dates.js';
import { createAsaasGateway, type AsaasGatewayOptions } from '../gateway/asaas.js';
import type { PaymentGateway } from '../gateway/port.js';
import { STANDIN_PATH } from './routes.js';
import { standinSecrets } from './store.js';

/** Whether this app serves (and its gateway uses) the local stand-in: no Asaas account is configured. */
export const usesGatewayStandin = (config: Pick<AppConfig, 'asaas'>): boolean => !config.asaas;

/** Origin used with `injectFetch` when the API does not listen anywhere (tests). */
export const INJECT_ORIGIN = 'http://standin.test';

export type GatewayOverrides = Partial<Omit<AsaasGatewayOptions, 'baseUrl' | 'apiKey' | 'webhookToken'>>;

/**
 * The app's gateway. With `config.asaas`: the adapter on Asaas. Otherwise: the adapter on the stand-in at
 * `<selfUrl>/api/dev/gateway/v3` (or `http://standin.test/…` when a `fetch` such as `injectFetch(app)` is
 * given), with the stand-in's key and webhook token. "Today" follows the app's clock.
 */
export async function createGatewayFor(
  ctx: { db: Db; config: Pick<AppConfig, 'asaas' | 'gatewayStandin' | 'now'> },
  overrides: GatewayOverrides = {},
): Promise<PaymentGateway> {
  const today = () => spDate(ctx.config.now());
  if (ctx.config.asaas) return createAsaasGateway({ ...ctx.config.asaas, today, ...overrides });
  const origin = ctx.config.gatewayStandin.selfUrl ?? (overrides.fetch ? INJECT_ORIGIN : undefined);
  if (!origin) throw new Error('The gateway stand-in has no address: set gatewayStandin.selfUrl or pass a fetch.');
  const { apiKey, webhookToken } = await standinSecrets(ctx.db, ctx.config.gatewayStandin);
  return createAsaasGateway({
    baseUrl: `${origin.replace(/\/+$/, '')}${STANDIN_PATH}`,
    apiKey,
    webhookToken,
    today,
    ...overrides,
  });
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that answers through `app.inject` (no socket): the adapter's requests reach the app's routes,
 * whatever the URL's origin. It honours the request's abort signal, as fetch does.
 */
export function injectFetch(app: FastifyInstance): typeof globalThis.fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const signal = request.signal;
    signal.throwIfAborted();
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const options: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body && { payload: body }),
    };
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    aborted.catch(() => undefined);
    const res = await Promise.race([app.inject(options), aborted]);
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) headers.append(k, String(one));
    }
    return new Response(NULL_BODY.has(res.statusCode) ? null : res.rawPayload, { status: res.statusCode, headers });
  }) as typeof globalThis.fetch;
}
