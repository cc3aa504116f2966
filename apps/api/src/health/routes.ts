import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { AppError } from '../errors/app-error.js';
import { ErrorResponseSchema, errorResponses, json } from '../errors/schemas.js';
import { operatorSecurity, requireOperator } from '../dev/routes.js';
import type { Metrics } from './metrics.js';
import { readiness, type ReadyCheck } from './ready.js';

export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const ReadySchema = z
  .object({
    status: z.literal('ready'),
    checks: z
      .record(z.string(), z.string())
      .meta({ description: 'Each check and "ok": database, migrations and, in a jobs process, queue.' }),
  })
  .meta({ id: 'Ready' });

export function healthRoutes(
  ctx?: AppContext,
  opts: { checks?: ReadyCheck[]; metrics?: Metrics } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          operationId: 'health',
          tags: ['health'],
          summary: 'Liveness probe',
          response: { 200: json(HealthSchema, 'The API is up'), ...errorResponses() },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          operationId: 'ready',
          tags: ['health'],
          summary: 'Readiness probe: the database answers and the migrations are current (and the queue, with jobs on)',
          description:
            'For a load balancer or Kubernetes readinessProbe: 503 NOT_READY takes the process out without restarting it ' +
            '(details.checks says which check failed and why, never any data). /health stays the liveness probe.',
          response: {
            200: json(ReadySchema, 'Ready to serve'),
            ...errorResponses(),
            503: json(ErrorResponseSchema, 'Not ready (NOT_READY): details.checks names the failing check'),
          },
        },
      },
      async () => {
        const result = await readiness(opts.checks ?? []);
        if (!result.ready) {
          throw new AppError(503, 'NOT_READY', `Não está pronto: ${result.reason}.`, { checks: result.checks });
        }
        return { status: 'ready' as const, checks: result.checks };
      },
    );

    app.get(
      '/metrics',
      {
        ...(ctx ? { onRequest: requireOperator(ctx) } : {}),
        schema: {
          operationId: 'metrics',
          tags: ['health'],
          summary: 'Prometheus metrics (operator only)',
          description:
            'Text exposition format 0.0.4: http_request_duration_seconds by route shape and status, db_pool_connections, ' +
            'job_queue_depth, deliveries (webhooks, messages and data exports pending or failed in 24 h), ' +
            'backup_last_timestamp_seconds and backup_last_success_size_bytes, and the process (memory, CPU, event loop). ' +
            'X-Operator-Token or Authorization: Bearer with the operator token; without one configured, 404.',
          security: [...operatorSecurity, { operatorBearer: [] as string[] }],
          response: {
            200: {
              description: 'The metrics',
              content: { 'text/plain': { schema: z.string() } },
            },
            ...errorResponses(401, 404, 429),
          },
        },
      },
      async (_request, reply) => {
        if (!opts.metrics) throw new AppError(404, 'NOT_FOUND', 'Métricas indisponíveis.');
        const body = await opts.metrics.registry.metrics();
        return reply
          .header('Content-Type', opts.metrics.registry.contentType)
          .header('Cache-Control', 'no-store')
          .send(body);
      },
    );
  };
}
