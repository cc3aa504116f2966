import { describe, expect, it } from 'vitest';
import { AsaasConfigError, asaasConfigFromEnv } from './config.js';

const SANDBOX_KEY = '$aact_hmlg_000TestOnly';
const PROD_KEY = '$aact_prod_000TestOnly';

describe('asaasConfigFromEnv', () => {
  it('is undefined without a key (the local stand-in is used then)', () => {
    expect(asaasConfigFromEnv({})).toBeUndefined();
    expect(asaasConfigFromEnv({ ASAAS_API_KEY: '  ', ASAAS_WEBHOOK_TOKEN: 't' })).toBeUndefined();
  });

  it('defaults to the sandbox', () => {
    expect(asaasConfigFromEnv({ ASAAS_API_KEY: SANDBOX_KEY, ASAAS_WEBHOOK_TOKEN: ' tok ' })).toEqual({
      baseUrl: 'https://api-sandbox.asaas.com/v3',
      apiKey: SANDBOX_KEY,
      webhookToken: 'tok',
    });
  });

  it('takes a base URL, without its trailing slash; no webhook token stays undefined', () => {
    expect(asaasConfigFromEnv({ ASAAS_API_KEY: PROD_KEY, ASAAS_BASE_URL: 'https://api.asaas.com/v3/' })).toEqual({
      baseUrl: 'https://api.asaas.com/v3',
      apiKey: PROD_KEY,
      webhookToken: undefined,
    });
    expect(asaasConfigFromEnv({ ASAAS_API_KEY: 'key', ASAAS_BASE_URL: 'http://127.0.0.1:4010/v3' })?.baseUrl).toBe(
      'http://127.0.0.1:4010/v3',
    );
  });

  it.each([
    ['a production key on the sandbox', { ASAAS_API_KEY: PROD_KEY }],
    ['a sandbox key on production', { ASAAS_API_KEY: SANDBOX_KEY, ASAAS_BASE_URL: 'https://api.asaas.com/v3' }],
    ['plain http off loopback', { ASAAS_API_KEY: 'key', ASAAS_BASE_URL: 'http://api.asaas.com/v3' }],
    ['not a URL', { ASAAS_API_KEY: 'key', ASAAS_BASE_URL: 'api.asaas.com' }],
  ])('refuses %s, without echoing the key', (_, env) => {
    let error: unknown;
    try {
      asaasConfigFromEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AsaasConfigError);
    expect(String(error)).not.toContain(env.ASAAS_API_KEY);
  });
});
