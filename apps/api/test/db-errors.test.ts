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
