import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

/**
 * A query that fails must never poison the connection or a prepared statement: after any database error,
 * the next request works. (On the embedded database, one NUL in a parameter used to leave every later
 * signed-in call answering 500 until restart: the pool replaced the connection, and the new one re-prepared
 * `auth_session_by_jti`, which PGlite's single backend still had.)
 */
describe.each(backends)('database errors on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    jwt = await t.signUp('db-errors@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = () => t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
  const patients = () => t.call({ method: 'GET', url: '/api/patient?take=5&nameTerm=ana', headers: bearer(jwt) });

  const failures: [string, () => Promise<unknown>][] = [
    ['a division by zero', () => t.database.db.execute(sql`select 1 / 0`)],
    ['a NUL byte in a parameter', () => t.database.db.execute(sql`select ${'a\u0000b'}::text`)],
    ['a syntax error', () => t.database.db.execute(sql.raw('selec 1'))],
    ['an unknown named statement', () => t.database.pool.query({ name: 'auth_session_by_jti', text: 'select 1/0' })],
    [
      'an error inside a transaction',
      () =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select 1 / 0`);
        }),
    ],
  ];

  it.each(failures)('after %s, every prepared call still answers', async (_name, fail) => {
    // The prepared statements exist before the failure (session lookup, patient search).
    expect((await me()).statusCode).toBe(200);
    expect((await patients()).statusCode).toBe(200);
    await expect(fail()).rejects.toThrow();
    for (let i = 0; i < 3; i++) {
      const a = await me();
      expect(a.statusCode, a.body).toBe(200);
      const b = await patients();
      expect(b.statusCode, b.body).toBe(200);
    }
  });
});

describe.each(backends)('a NUL character on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    jwt = await t.signUp('nul@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused with 400 and the field path wherever it comes, and every later call still answers', async () => {
    const me = async () =>
      (await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) })).statusCode;
    expect(await me()).toBe(200);
    const anonymous = await t.call({ method: 'GET', url: '/api/dev/mailbox?to=%00' });
    expect(anonymous.statusCode).toBe(401);
    const query = await t.call({ method: 'GET', url: '/api/patient?nameTerm=%00', headers: bearer(jwt) });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['nameTerm'] }],
    });
    const body = await t.call({
      method: 'POST',
      url: '/api/patient',
      headers: bearer(jwt),
      payload: { name: 'a\u0000b' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['name'] }],
    });
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nul@example.com', password: 'segredo\u0000123' },
    });
    expect(login.statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect(await me()).toBe(200);
  });
});
