/** What the environment sets is honoured, or refused with a sentence that says what to set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../src/config.js';
import { standinSecrets } from '../src/payment/standin/store.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('configuration from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backends[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the stand-in gateway signs its webhooks with ASAAS_WEBHOOK_TOKEN when it is set', async () => {
    const chosen = configFromEnv({ PORT: '3100', ASAAS_WEBHOOK_TOKEN: ' meu-token ' });
    expect(chosen.asaas).toBeUndefined();
    expect(chosen.gatewayStandin).toMatchObject({ webhookToken: 'meu-token', selfUrl: 'http://127.0.0.1:3100' });
    const secrets = await standinSecrets(t.database.db, resolveConfig(chosen).gatewayStandin);
    expect(secrets.webhookToken).toBe('meu-token');
    // Without it: one generated for this database, the same on every start.
    const generated = await standinSecrets(t.database.db, resolveConfig(configFromEnv({})).gatewayStandin);
    expect(generated.webhookToken).toMatch(/^whk_standin_[0-9a-f]{48}$/);
    expect((await standinSecrets(t.database.db, resolveConfig(configFromEnv({})).gatewayStandin)).webhookToken).toBe(
      generated.webhookToken,
    );
  });

  it('production without an Asaas key starts the stand-in only when PAYMENTS=standin says so', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production' })).toThrow(/PAYMENTS=standin/);
    expect(configFromEnv({ NODE_ENV: 'production', PAYMENTS: 'standin' }).asaas).toBeUndefined();
    expect(
      configFromEnv({
        NODE_ENV: 'production',
        ASAAS_API_KEY: '$aact_hmlg_x',
        ASAAS_BASE_URL: 'https://api-sandbox.asaas.com/v3',
      }).asaas,
    ).toBeTruthy();
  });

  it('the access log is kept at least 20 years', () => {
    expect(configFromEnv({}).accessLogRetentionYears).toBeUndefined();
    expect(configFromEnv({ ACCESS_LOG_RETENTION_YEARS: '25' }).accessLogRetentionYears).toBe(25);
    expect(() => configFromEnv({ ACCESS_LOG_RETENTION_YEARS: '5' })).toThrow(/from 20/);
    expect(() => configFromEnv({ ACCESS_LOG_RETENTION_YEARS: 'vinte' })).toThrow(/from 20/);
  });
});
