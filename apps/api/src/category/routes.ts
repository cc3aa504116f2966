import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { CategoryListSchema, CategorySchema, CreateCategoryBody, IdParams, UpdateCategoryBody } from './schemas.js';
import * as service from './service.js';

const TAGS = ['category'];

export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/category',
      {
        schema: {
          operationId: 'listCategories',
          tags: TAGS,
          summary: "The professional's categories and the default ones, with their question counts",
          security: bearerSecurity,
          response: {
            200: json(CategoryListSchema, 'Categories (defaults first, then by name)'),
            ...errorResponses(401),
          },
        },
      },
      async (request) => service.listCategories(ctx, authOf(request).professionalId),
    );

    app.post(
      '/category',
      {
        schema: {
          operationId: 'createCategory',
          tags: TAGS,
          summary: 'Create a category',
          security: bearerSecurity,
          body: CreateCategoryBody,
          response: { 201: json(CategorySchema, 'Created'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createCategory(ctx, authOf(request).professionalId, request.body)),
    );

    app.get(
      '/category/:id',
      {
        schema: {
          operationId: 'getCategory',
          tags: TAGS,
          summary: 'One category (own or default)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(CategorySchema, 'The category'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.getCategory(ctx, authOf(request).professionalId, request.params.id),
    );

    app.put(
      '/category/:id',
      {
        schema: {
          operationId: 'updateCategory',
          tags: TAGS,
          summary: 'Rename or recolour an own category (defaults → 403 NOT_OWNER)',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateCategoryBody,
          response: { 200: json(CategorySchema, 'The updated category'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.updateCategory(ctx, authOf(request).professionalId, request.params.id, request.body),
    );

    app.delete(
      '/category/:id',
      {
        schema: {
          operationId: 'deleteCategory',
          tags: TAGS,
          summary: 'Delete an own category; refused with 409 CATEGORY_HAS_QUESTIONS while questions use it',
          security: bearerSecurity,
          params: IdParams,
          response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await service.deleteCategory(ctx, authOf(request).professionalId, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
