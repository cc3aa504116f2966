/**
 * The operator's metrics in Prometheus's text format (`GET /api/metrics`, behind the operator token): HTTP request
 * durations by route shape and status, the database pool, the job queues, webhook and message deliveries waiting
 * or failed, data exports, the last backup, and the process (memory, CPU, event loop, from prom-client's defaults).
 * One registry per app (tests build many). Database figures are read at scrape time, each by an index.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.js';

export interface Metrics {
  registry: Registry;
}

/** Rows of a scrape-time query, or none when it fails (a metric must never fail the scrape). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  try {
    return (await db.execute(query)).rows as T[];
  } catch {
    return [];
  }
}

export function registerMetrics(app: FastifyInstance, getDb: () => Db): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request duration by method, route shape and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // Only the API's own routes: a path nobody routes (a scanner's) would make a label per path.
    if (!route?.startsWith('/api/')) return;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'db_pool_connections',
    help: "The API's database pool: total, idle, and requests waiting for a connection",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (getDb() as unknown as { $client?: pg.Pool }).$client;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'job_queue_depth',
    help: 'pg-boss jobs waiting or running, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const [exists] = await rows<{ ok: boolean }>(getDb(), sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
      if (!exists?.ok) return;
      const found = await rows<{ name: string; state: string; n: number }>(
        getDb(),
        sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job
            WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      for (const r of found) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });

  new Gauge({
    name: 'deliveries',
    help: 'Webhook deliveries and messages waiting to be sent, and those that failed in the last 24 hours',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const found = await rows<{ kind: string; state: string; n: number }>(
        getDb(),
        sql`SELECT 'webhook' AS kind, 'pending' AS state, count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'
            UNION ALL SELECT 'webhook', 'failed_24h', count(*)::int FROM webhook_deliveries
              WHERE status = 'failed' AND created_at > now() - interval '1 day'
            UNION ALL SELECT 'message', 'pending', count(*)::int FROM messages WHERE status = 'queued'
            UNION ALL SELECT 'message', 'failed_24h', count(*)::int FROM messages
              WHERE status = 'failed' AND status_at > now() - interval '1 day'
            UNION ALL SELECT 'data_export', 'pending', count(*)::int FROM data_exports WHERE state IN ('queued', 'running')
            UNION ALL SELECT 'data_export', 'failed_24h', count(*)::int FROM data_exports
              WHERE state = 'failed' AND created_at > now() - interval '1 day'`,
      );
      for (const r of found) this.set({ kind: r.kind, state: r.state }, r.n);
    },
  });

  const lastBackups = () =>
    rows<{ ok: boolean; at: number; size: string | null }>(
      getDb(),
      sql`SELECT DISTINCT ON (ok) ok, extract(epoch FROM finished_at)::float8 AS at, size
          FROM backup_runs WHERE finished_at IS NOT NULL AND ok IS NOT NULL ORDER BY ok, finished_at DESC`,
    );
  new Gauge({
    name: 'backup_last_timestamp_seconds',
    help: 'When the last backup succeeded and when the last one failed (Unix time; absent if never)',
    labelNames: ['result'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await lastBackups()) this.set({ result: r.ok ? 'success' : 'failure' }, Number(r.at));
    },
  });
  new Gauge({
    name: 'backup_last_success_size_bytes',
    help: 'Size of the last successful backup archive',
    registers: [registry],
    async collect() {
      this.reset();
      const success = (await lastBackups()).find((r) => r.ok && r.size !== null);
      if (success) this.set(Number(success.size));
    },
  });

  return { registry };
}
