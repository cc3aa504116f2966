import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { AliasParams, ClientAreaConfigSchema, PublicClientAreaSchema, UpdateClientAreaBody } from './schemas.js';
import * as service from './service.js';

const TAGS = ['client-area'];

/** The professional's own client area (a session is required). */
export function clientAreaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/professional/me/area-config',
      {
        schema: {
          operationId: 'getAreaConfig',
          tags: TAGS,
          summary: 'Her client area: link, cover (folder), colours and images, with the defaults filled in',
          security: bearerSecurity,
          response: { 200: json(ClientAreaConfigSchema, 'The client area'), ...errorResponses(401, 404) },
        },
      },
      async (request) => service.getAreaConfig(ctx, authOf(request).professionalId),
    );

    app.put(
      '/professional/me/area-config',
      {
        schema: {
          operationId: 'updateAreaConfig',
          tags: TAGS,
          summary:
            'Change her client area (partial). A link in use, reserved, or still redirecting to another page is 409 ALIAS_ALREADY_IN_USE; the link she leaves redirects to the new one for 90 days',
          security: bearerSecurity,
          body: UpdateClientAreaBody,
          response: {
            200: json(ClientAreaConfigSchema, 'The updated client area'),
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request) => service.updateAreaConfig(ctx, authOf(request).professionalId, request.body),
    );
  };
}

/** The public page's data: no session, nothing about any patient. */
export function publicClientAreaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/client-area/:alias',
      {
        schema: {
          operationId: 'getPublicClientArea',
          tags: TAGS,
          summary:
            "A professional's public page by its link (a link she left less than 90 days ago answers her current page; its `link` says where it moved)",
          params: AliasParams,
          response: { 200: json(PublicClientAreaSchema, 'The public page'), ...errorResponses(400, 404) },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        return service.publicAreaOf(ctx, request.params.alias);
      },
    );
  };
}
