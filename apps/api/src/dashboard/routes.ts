import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../lib/summary-cache.js';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { DashboardSummarySchema } from './schemas.js';
import { summary } from './service.js';
import { spDate } from '../lib/dates.js';

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    app.get(
      '/dashboard/summary',
      {
        schema: {
          operationId: 'getDashboardSummary',
          tags: ['dashboard'],
          summary: 'Active and new patients, this month’s sales by day, and services about to expire',
          security: bearerSecurity,
          response: { 200: json(DashboardSummarySchema, 'The summary'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const now = ctx.config.now();
        // What it shows changes with her data (both versions key it) and with the São Paulo day.
        const json = await ctx.summaries.json(auth, ['dashboard', spDate(now)], DashboardSummarySchema, () =>
          summary(ctx, auth.professionalId, now),
        );
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );
  };
}
