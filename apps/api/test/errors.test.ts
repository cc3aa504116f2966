import { buildApp, openApiDocument } from '../src/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/mail/mailer.js';
import { backends } from './helpers/backends.js';
import { createTestApp, operator, type TestApp } from './helpers/app.js';

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

  it('a fixed path answers with its own methods, never a template that also matches it (RFC 9110)', async () => {
    // Each of these once reached a template: PUT /quiz/:id (401), PUT /patient/:id (400), the PIN's body (415).
    const cases: [string, string, string][] = [
      ['PUT', '/api/quiz/schedule', 'GET, HEAD, POST'],
      ['PUT', '/api/patient/import', 'POST'],
      ['PUT', '/api/quiz-answer/validate-pin', 'POST'],
      ['DELETE', '/api/patient/totals', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await t.call({
        method: method as 'PUT',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expectError(res, 405, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
    }
    // OPTIONS says what the resource takes: the fixed path's methods, not the template's.
    const totals = await t.call({ method: 'OPTIONS', url: '/api/patient/totals' });
    expect(totals.statusCode).toBe(204);
    expect(totals.headers.allow).toBe('GET, HEAD, OPTIONS');
    const one = await t.call({ method: 'OPTIONS', url: '/api/patient/5b0c1d2e-3f40-4152-8364-758697a8b9c0' });
    expect(one.statusCode).toBe(204);
    expect(one.headers.allow).toBe('GET, HEAD, PUT, DELETE, OPTIONS');
  });

  it('every fixed path of the document refuses every other method with 405 and its Allow', async () => {
    const doc = (await openApiDocument(buildApp({ config: { logger: false } }))) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.includes('{')) continue;
      const own = Object.keys(ops).map((m) => m.toUpperCase());
      for (const method of methods.filter((m) => !own.includes(m) && !(m === 'GET' && own.includes('HEAD')))) {
        const res = await t.call({ method: method as 'GET', url: `/api${path}` });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(405);
        const allow = String(res.headers.allow).split(', ');
        for (const m of own) expect(allow, `${method} ${path}`).toContain(m);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(200);
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

    const empty = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(empty, 400, 'WRONG_COMMAND_PARAMETERS');

    const notObject = await t.call({ method: 'POST', url: '/api/auth/login', payload: [1, 2] });
    expectError(notObject, 400, 'WRONG_COMMAND_PARAMETERS');

    const wrongType = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
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
    const res = await t.call({ method: 'GET', url: '/api/dev/mailbox?to=MAILBOX@example.com', headers: operator });
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      id: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      createdAt: string;
    }[];
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
    const all = await t.call({ method: 'GET', url: '/api/dev/mailbox', headers: operator });
    expect((all.json() as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
  it('the dev mailbox and outbox answer only the operator: no credential or a wrong one → 401, none configured → 404', async () => {
    await t.register({ email: 'secret-code@example.com' });
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox?to=%00', '/api/dev/whatsapp-outbox']) {
      const anonymous = await t.call({ method: 'GET', url });
      expectError(anonymous, 401, 'Unauthorized');
      expect(anonymous.body).not.toContain('secret-code');
      expectError(await t.call({ method: 'GET', url, headers: { 'x-operator-token': 'guess' } }), 401, 'Unauthorized');
    }
    const off = await createTestApp(backends[0]!, { config: { operatorToken: undefined } });
    try {
      expectError(await off.call({ method: 'GET', url: '/api/dev/mailbox' }), 404, 'NOT_FOUND');
      expectError(
        await off.call({ method: 'GET', url: '/api/dev/whatsapp-outbox', headers: operator }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await off.close();
    }
  });

  it('wrong operator tokens are limited per address', async () => {
    const remoteAddress = '10.77.0.1';
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await t.call({
            method: 'GET',
            url: '/api/dev/mailbox',
            headers: { 'x-operator-token': `guess-${i}` },
            remoteAddress,
          })
        ).statusCode,
      ).toBe(401);
    }
    const limited = await t.call({ method: 'GET', url: '/api/dev/mailbox', headers: operator, remoteAddress });
    expectError(limited, 429, 'TOO_MANY_ATTEMPTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.call({ method: 'GET', url: '/api/dev/mailbox', headers: operator })).statusCode).toBe(200);
  });

  it('GET /api/dev/mailbox → 404 NOT_FOUND when SMTP is the mailer', async () => {
    const smtp: Mailer = { kind: 'smtp', async send() {} };
    const withSmtp = await createTestApp(backend, { mailer: () => smtp });
    try {
      expectError(await withSmtp.call({ method: 'GET', url: '/api/dev/mailbox', headers: operator }), 404, 'NOT_FOUND');
    } finally {
      await withSmtp.close();
    }
  });
});

describe.each(backends)('framework errors and authentication order on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a bad percent-encoding', { method: 'GET', url: '/api/quiz/%E0%A4%A' }, 400, 'WRONG_COMMAND_PARAMETERS'],
    ['an over-long path segment', { method: 'GET', url: `/api/quiz/${'a'.repeat(1200)}` }, 414, 'URI_TOO_LONG'],
    [
      'a body over 1 MB',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${'a'.repeat(1_100_000)}"}`,
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'an unsupported media type',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'malformed JSON',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
      400,
      'WRONG_COMMAND_PARAMETERS',
    ],
  ] as const)(
    '%s: in the error model, in Portuguese, with the security headers',
    async (_name, request, status, code) => {
      const res = await t.call(request as never);
      const body = expectError(res, status, code);
      expect(String(body.message)).not.toMatch(/request|body|url|media/i);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('authenticates before it reads or validates the body: an anonymous bad body is 401, not 400', async () => {
    for (const [method, url] of [
      ['POST', '/api/patient'],
      ['PUT', '/api/professional/me'],
      ['POST', '/api/quiz/schedule'],
      ['POST', '/api/file/signed-url'],
      ['PUT', '/api/quiz-answer/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.call({ method, url, payload: { nonsense: 'a\u0000b', name: 42 } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('error model without a database', () => {
  it('anything unexpected → 500 INTERNAL_ERROR without leaking details', async () => {
    const app = buildApp({ config: { logger: false } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.com', password: 'x' },
    });
    expectError(res, 500, 'INTERNAL_ERROR');
    expect(res.body).not.toMatch(/database|Error:/i);
    await app.close();
  });
});
