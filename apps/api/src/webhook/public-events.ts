import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { PublicEventListSchema } from './schemas.js';
import { EVENT_CATALOG, EVENT_GROUPS, EVENT_TYPES } from '../events/catalog.js';
import { RICH_EVENTS } from './payload.js';

/** The catalogue as the webhook manager shows it: grouped, described, with each payload's JSON Schema. */
const PUBLIC_EVENTS = EVENT_TYPES.map((type) => {
  const def = EVENT_CATALOG[type];
  return {
    type,
    group: def.group,
    groupLabel: EVENT_GROUPS[def.group],
    label: def.label,
    description: def.description,
    payloadSchema: z.toJSONSchema(def.payload) as Record<string, unknown>,
    richDescription: RICH_EVENTS[type] ?? null,
  };
});

export function eventRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx.tokens));
    app.get(
      '/webhooks/manager/public-events',
      {
        schema: {
          operationId: 'listPublicEvents',
          tags: ['webhooks'],
          summary: 'The catalogue of events a webhook can subscribe to, with each payload’s JSON Schema',
          security: bearerSecurity,
          response: { 200: json(PublicEventListSchema, 'The catalogue'), ...errorResponses(401) },
        },
      },
      async () => PUBLIC_EVENTS,
    );
  };
}
