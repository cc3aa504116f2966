/** Housekeeping forgets what has no use any more, and nothing else. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeep } from '../src/housekeeping.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const DAY = 86_400_000;

describe.each(backends)('housekeeping on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('drops alias redirects past their 90 days and sign-in codes older than a day', async () => {
    t.clock.freeze();
    const jwt = await t.signUp('casa@example.com');
    const put = (link: string) =>
      t.call({ method: 'PUT', url: '/api/professional/me/area-config', headers: bearer(jwt), payload: { link } });
    expect((await put('casa-um')).statusCode).toBe(200);
    expect((await put('casa-dois')).statusCode).toBe(200); // casa-um now redirects for 90 days
    const patient = await t.call({
      method: 'POST',
      url: '/api/patient',
      headers: bearer(jwt),
      payload: { name: 'Paula Reis', email: 'paula@example.com' },
    });
    expect(patient.statusCode).toBe(201);
    const code = await t.call({
      method: 'POST',
      url: '/api/patient-area/casa-dois/code',
      payload: { contact: 'paula@example.com' },
    });
    expect(code.statusCode).toBe(202);
    const count = async (table: string) =>
      Number(
        (await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n,
      );

    expect(await housekeep(t.database.db, t.clock.now())).toEqual({
      aliasRedirects: 0,
      patientLoginCodes: 0,
      dataExports: 0,
    });
    t.clock.advance(2 * DAY);
    expect(await count('patient_login_codes')).toBe(1);
    expect(await housekeep(t.database.db, t.clock.now())).toEqual({
      aliasRedirects: 0,
      patientLoginCodes: 1,
      dataExports: 0,
    });
    expect(await count('patient_login_codes')).toBe(0);
    expect(await count('alias_redirects')).toBe(1);
    t.clock.advance(89 * DAY);
    expect((await housekeep(t.database.db, t.clock.now())).aliasRedirects).toBe(1);
    expect(await count('alias_redirects')).toBe(0);
  });
});
