import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema.js';
import { webhookHeaders } from '../src/webhook/signing.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectCode, practice } from './helpers/scheduling.js';

/** A public address needs no DNS in the test (example.com's). */
const PUBLIC = 'https://93.184.216.34/acompanha/webhook';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('webhook manager on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let a: string;
  let b: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    a = await t.signUp('wanda.nutri@example.com');
    b = await t.signUp('xavier.nutri@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/webhooks/manager' })).statusCode).toBe(401);
  });

  it('creates an endpoint whose secret is shown once and signs as Standard Webhooks says', async () => {
    const created = await p.ok(
      p.api('POST', '/webhooks/manager', a, {
        url: PUBLIC,
        description: 'Meu CRM',
        events: ['quiz_answer.finished', 'patient.created', 'quiz_answer.finished'],
      }),
      201,
    );
    expect(created).toMatchObject({ url: PUBLIC, description: 'Meu CRM', enabled: true, richPayload: false });
    expect(created.events).toEqual(['quiz_answer.finished', 'patient.created']);
    expect(created.secret).toMatch(/^whsec_/);
    const list = await p.ok(p.api('GET', '/webhooks/manager', a));
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    // What we store signs verifiably with the secret she was shown.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    const body = '{"type":"patient.created"}';
    const headers = webhookHeaders([row!.secret], 'msg_1', Math.floor(Date.now() / 1000), body);
    expect(() => new Webhook(created.secret).verify(body, headers)).not.toThrow();
    expect(await p.ok(p.api('GET', '/webhooks/manager', b))).toEqual([]);
  });

  it('refuses addresses that are not https or reach a private network, with a sentence on the field', async () => {
    for (const [url, message] of [
      ['http://93.184.216.34/x', 'Use um endereço https://.'],
      ['https://127.0.0.1/x', /rede privada/],
      ['https://169.254.169.254/latest', /rede privada/],
      ['https://[::ffff:10.0.0.1]/x', /rede privada/],
      ['https://user:senha@93.184.216.34/x', 'O endereço não pode conter usuário ou senha.'],
      ['nem uma url', 'O endereço não é uma URL válida.'],
    ] as const) {
      const res = await p.api('POST', '/webhooks/manager', a, { url, events: ['patient.created'] });
      expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
      const issue = res.json().details[0];
      expect(issue.path).toEqual(['url']);
      if (typeof message === 'string') expect(issue.message).toBe(message);
      else expect(issue.message).toMatch(message);
    }
    expectCode(
      await p.api('POST', '/webhooks/manager', a, { url: PUBLIC, events: [] }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(
      await p.api('POST', '/webhooks/manager', a, { url: PUBLIC, events: ['not.an.event'] }),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
  });

  it('sends answers only with a written purpose (LGPD art. 11)', async () => {
    const res = await p.api('POST', '/webhooks/manager', a, {
      url: PUBLIC,
      events: ['quiz_answer.finished'],
      richPayload: true,
    });
    expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
    expect(res.json().details[0].path).toEqual(['richPurpose']);
    const ok = await p.ok(
      p.api('POST', '/webhooks/manager', a, {
        url: PUBLIC,
        events: ['quiz_answer.finished'],
        richPayload: true,
        richPurpose: 'Prontuário eletrônico do consultório',
      }),
      201,
    );
    expect(ok).toMatchObject({ richPayload: true, richPurpose: 'Prontuário eletrônico do consultório' });
  });

  it('updates, rotates (both secrets sign for a day), deletes; another professional’s id answers like a missing one', async () => {
    const [first] = await p.ok(p.api('GET', '/webhooks/manager', a));
    const updated = await p.ok(
      p.api('PUT', '/webhooks/manager', a, { id: first.id, url: first.url, events: ['sale.created'], enabled: false }),
    );
    expect(updated).toMatchObject({ events: ['sale.created'], enabled: false });
    const rotated = await p.ok(p.api('POST', `/webhooks/manager/${first.id}/rotate-secret`, a));
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, first.id));
    expect(row!.secret).toBe(rotated.secret);
    expect(row!.previousSecret).toMatch(/^whsec_/);
    expect(row!.previousSecretExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    expectCode(
      await p.api('PUT', '/webhooks/manager', b, { id: first.id, url: PUBLIC, events: ['sale.created'] }),
      404,
      'NOT_FOUND',
    );
    expectCode(await p.api('POST', `/webhooks/manager/${first.id}/rotate-secret`, b), 404, 'NOT_FOUND');
    expectCode(await p.api('DELETE', `/webhooks/manager/${first.id}`, b), 404, 'NOT_FOUND');
    expectCode(await p.api('DELETE', `/webhooks/manager/${UNKNOWN}`, a), 404, 'NOT_FOUND');
    expect((await p.api('DELETE', `/webhooks/manager/${first.id}`, a)).statusCode).toBe(204);
    expect((await p.ok(p.api('GET', '/webhooks/manager', a))).some((w: { id: string }) => w.id === first.id)).toBe(
      false,
    );
  });
});
