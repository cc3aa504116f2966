/** Housekeeping forgets what has no use any more, and nothing else. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeep } from '../src/housekeeping.js';
import { accessLog, accountActivity, events, loginAttempts, notificationDigests } from '../src/db/schema.js';
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

    expect(await housekeep(t.database.db, t.clock.now())).toMatchObject({ aliasRedirects: 0, patientLoginCodes: 0 });
    t.clock.advance(2 * DAY);
    expect(await count('patient_login_codes')).toBe(1);
    expect(await housekeep(t.database.db, t.clock.now())).toMatchObject({ aliasRedirects: 0, patientLoginCodes: 1 });
    expect(await count('patient_login_codes')).toBe(0);
    expect(await count('alias_redirects')).toBe(1);
    t.clock.advance(89 * DAY);
    expect((await housekeep(t.database.db, t.clock.now())).aliasRedirects).toBe(1);
    expect(await count('alias_redirects')).toBe(0);
  });

  it('prunes what is past its retention period, and nothing younger or still in use', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [pro] = (await db.execute<{ id: string }>(sql`select id from professionals limit 1`)).rows;
    const professionalId = pro!.id;
    await db.insert(events).values([
      { professionalId, type: 'patient.created', payload: {}, occurredAt: ago(400), dispatchedAt: ago(400) },
      { professionalId, type: 'patient.created', payload: {}, occurredAt: ago(400) }, // never dispatched: kept
      { professionalId, type: 'patient.created', payload: {}, occurredAt: ago(300), dispatchedAt: ago(300) },
    ]);
    const digest = {
      professionalId,
      channel: 'email' as const,
      type: 'answer.finished',
      eventIds: [],
      dueAt: ago(100),
    };
    await db.insert(notificationDigests).values([
      { ...digest, createdAt: ago(100), sentAt: ago(100) },
      { ...digest, type: 'request.late', createdAt: ago(100) }, // still open: kept
      { ...digest, type: 'x', createdAt: ago(10), sentAt: ago(10) },
    ]);
    await db.insert(loginAttempts).values([
      { key: 'ip:old', failures: 3, windowStartedAt: ago(3), lastFailureAt: ago(3) },
      { key: 'ip:new', failures: 1, windowStartedAt: now, lastFailureAt: now },
    ]);
    await db.insert(accountActivity).values([
      { professionalId, kind: 'sign_in', at: ago(6 * 366) },
      { professionalId, kind: 'sign_in', at: ago(4 * 366) },
    ]);
    await db.insert(accessLog).values([
      { professionalId, kind: 'review', outcome: 'ok', at: ago(21 * 366) },
      { professionalId, kind: 'review', outcome: 'ok', at: ago(19 * 366) },
    ]);
    expect(await housekeep(db, now)).toMatchObject({
      events: 1,
      notificationDigests: 1,
      loginAttempts: 1,
      accountActivity: 1,
      accessLog: 1,
    });
    expect(await housekeep(db, now)).toMatchObject({
      events: 0,
      notificationDigests: 0,
      loginAttempts: 0,
      accountActivity: 0,
      accessLog: 0,
    });
  });
});
