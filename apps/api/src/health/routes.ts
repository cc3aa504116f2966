import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, json } from '../errors/schemas.js';

export const HealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export function healthRoutes(): FastifyPluginAsyncZod {
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
  };
}
