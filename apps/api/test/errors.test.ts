import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Mailer } from '../src/mail/mailer.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status, application_error_code: code, message: expect.any(String) });
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
  return body;
};

describe.each(backends)('error model on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/health', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown routes → 404 NOT_FOUND (inside and outside /api)', async () => {
    expectError(await t.call({ method: 'GET', url: '/api/does-not-exist' }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'POST', url: '/api/auth/nope', payload: {} }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'GET', url: '/api' }), 404, 'NOT_FOUND');
    expectError(await t.call({ method: 'GET', url: '/somewhere' }), 404, 'NOT_FOUND');
  });

  it('a known path with a wrong method → 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const res = await t.call({ method: 'GET', url: '/api/auth/login' });
    const body = expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.allow).toBe('POST');
    expect(body.details).toEqual({ allow: ['POST'] });

    const me = await t.call({ method: 'DELETE', url: '/api/professional/me?x=1' });
    expectError(me, 405, 'METHOD_NOT_ALLOWED');
    expect(me.headers.allow).toBe('GET, HEAD, PUT');
  });

  it('malformed JSON → 400 WRONG_COMMAND_PARAMETERS', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.com", "password": ',
    });
    const body = expectError(res, 400, 'WRONG_COMMAND_PARAMETERS');
    expect(Array.isArray(body.details)).toBe(true);

    const empty = await t.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expectError(empty, 400, 'WRONG_COMMAND_PARAMETERS');

    const notObject = await t.call({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expectError(notObject, 400, 'WRONG_COMMAND_PARAMETERS');

    const wrongType = await t.call({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expectError(wrongType, 400, 'WRONG_COMMAND_PARAMETERS');
  });

  it('nested field paths are reported as arrays of strings', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: ['x'] } });
    const body = expectError(res, 400, 'WRONG_COMMAND_PARAMETERS');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: ['email'], message: expect.any(String) },
        { path: ['password'], message: expect.any(String) },
      ]),
    );
  });

  it('GET /api/dev/mailbox lists messages newest first, filtered by recipient', async () => {
    await t.register({ email: 'mailbox@example.com' });
    await t.call({ method: 'POST', url: '/api/auth/verify-email/resend', payload: { email: 'mailbox@example.com' } });
    const res = await t.call({ method: 'GET', url: '/api/dev/mailbox?to=MAILBOX@example.com' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; to: string; subject: string; text: string; html: string; createdAt: string }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.createdAt >= list[1]!.createdAt).toBe(true);
    expect(list[0]).toEqual({
      id: expect.any(String),
      to: 'mailbox@example.com',
      subject: expect.stringMatching(/código/),
      text: expect.any(String),
      html: expect.stringMatching(/<html/),
      createdAt: expect.any(String),
    });
    const all = await t.call({ method: 'GET', url: '/api/dev/mailbox' });
    expect((all.json() as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});

describe('error model without a database', () => {
  it('anything unexpected → 500 INTERNAL_ERROR without leaking details', async () => {
    const app = buildApp({ config: { logger: false } });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.com', password: 'x' } });
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(res.body).not.toMatch(/database|Error:/i);
    await app.close();
  });

  it('GET /api/dev/mailbox → 404 NOT_FOUND when SMTP is the mailer', async () => {
    const smtp: Mailer = { kind: 'smtp', async send() {} };
    const app = buildApp({ mailer: smtp, config: { logger: false } });
    expectError(await app.inject({ method: 'GET', url: '/api/dev/mailbox' }), 404, 'NOT_FOUND');
    await app.close();
  });
});
