import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  AppearanceListSchema,
  AppearanceSchema,
  CreateAppearanceBody,
  IdParams,
  UpdateAppearanceBody,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['appearance'];

export function appearanceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/quiz/my/appearance',
      {
        schema: {
          operationId: 'listAppearances',
          tags: TAGS,
          summary: "The professional's quiz appearances (the default first)",
          security: bearerSecurity,
          response: { 200: json(AppearanceListSchema, 'Appearances'), ...errorResponses(401) },
        },
      },
      async (request) => service.listAppearances(ctx, authOf(request).professionalId),
    );

    app.post(
      '/quiz/my/appearance',
      {
        schema: {
          operationId: 'createAppearance',
          tags: TAGS,
          summary: 'Create an appearance (the first one becomes the default)',
          security: bearerSecurity,
          body: CreateAppearanceBody,
          response: { 201: json(AppearanceSchema, 'Created'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createAppearance(ctx, authOf(request).professionalId, request.body)),
    );

    app.put(
      '/quiz/my/appearance/:id',
      {
        schema: {
          operationId: 'updateAppearance',
          tags: TAGS,
          summary: 'Update an appearance (partial; colour groups are merged)',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateAppearanceBody,
          response: { 200: json(AppearanceSchema, 'The updated appearance'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.updateAppearance(ctx, authOf(request).professionalId, request.params.id, request.body),
    );

    app.delete(
      '/quiz/my/appearance/:id',
      {
        schema: {
          operationId: 'deleteAppearance',
          tags: TAGS,
          summary: 'Delete an appearance (deleting the default promotes the most recent remaining one)',
          security: bearerSecurity,
          params: IdParams,
          response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await service.deleteAppearance(ctx, authOf(request).professionalId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.patch(
      '/quiz/my/appearance/:id',
      {
        schema: {
          operationId: 'setDefaultAppearance',
          tags: TAGS,
          summary: 'Make this appearance the default (exactly one default, also under concurrent calls)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(AppearanceSchema, 'The new default'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.setDefaultAppearance(ctx, authOf(request).professionalId, request.params.id),
    );
  };
}
