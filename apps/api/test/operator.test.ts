/**
 * An operator can watch an instance: /api/ready says whether it can serve (database, migrations, the queue in a
 * jobs process) and /api/metrics exposes Prometheus metrics behind the operator token.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns } from '../src/db/schema.js';
import { backends } from './helpers/backends.js';
import { createTestApp, operator, TEST_OPERATOR_TOKEN, type TestApp } from './helpers/app.js';

describe.each(backends)('operator probes on $name', (backend) => {
  let t: TestApp;
  let queueDown = false;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      readyChecks: [
        {
          name: 'queue',
          async check() {
            if (queueDown) throw new Error('the job queue does not answer');
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready when the database answers, the migrations are current and the queue answers', async () => {
    const ok = await t.call({ method: 'GET', url: '/api/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });

    queueDown = true;
    const down = await t.call({ method: 'GET', url: '/api/ready' });
    queueDown = false;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      application_error_code: 'NOT_READY',
      details: { checks: { database: 'ok', migrations: 'ok', queue: 'the job queue does not answer' } },
    });
    // Liveness is another question: the process is alive.
    expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const db = t.database.db;
    const [last] = (
      await db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.call({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().details.checks.migrations).toMatch(/^1 of \d+ migrations not applied$/);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.call({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('exposes Prometheus metrics to the operator only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/metrics', headers: { 'x-operator-token': 'nope' } })).statusCode,
    ).toBe(401);
    await t.call({ method: 'GET', url: '/api/health' });
    await t.call({ method: 'GET', url: '/api/patient/5b0c1d2e-3f40-4152-8364-758697a8b9c0' }); // 401
    await t.database.db.insert(backupRuns).values([
      {
        kind: 'scheduled',
        startedAt: new Date(1_790_000_000_000),
        finishedAt: new Date(1_790_000_060_000),
        ok: true,
        size: 12345,
      },
      { kind: 'scheduled', startedAt: new Date(1_790_086_400_000), finishedAt: new Date(1_790_086_410_000), ok: false },
    ]);

    const res = await t.call({ method: 'GET', url: '/api/metrics', headers: operator });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/patient\/:id",status_code="401"\} 1/,
    );
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/deliveries\{kind="webhook",state="pending"\} 0/);
    expect(text).toMatch(/deliveries\{kind="message",state="failed_24h"\} 0/);
    expect(text).toContain('backup_last_timestamp_seconds{result="success"} 1790000060');
    expect(text).toContain('backup_last_timestamp_seconds{result="failure"} 1790086410');
    expect(text).toContain('backup_last_success_size_bytes 12345');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    // Prometheus sends its credential as a bearer token.
    const bearer = await t.call({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(bearer.statusCode).toBe(200);
  });
});
