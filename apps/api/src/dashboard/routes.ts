import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { DashboardSummarySchema } from './schemas.js';
import { summary } from './service.js';

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
      async (request) => summary(ctx, authOf(request).professionalId, ctx.config.now()),
    );
  };
}
