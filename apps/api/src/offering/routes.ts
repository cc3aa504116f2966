import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { CreateServiceBody, IdParams, ListServicesQuery, ServiceSchema, UpdateServiceBody } from './schemas.js';
import * as offerings from './service.js';

const TAGS = ['service'];

export function serviceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/services',
      {
        schema: {
          operationId: 'listServices',
          tags: TAGS,
          summary: "The professional's services, by name (status all by default)",
          security: bearerSecurity,
          querystring: ListServicesQuery,
          response: { 200: json(z.array(ServiceSchema), 'The services'), ...errorResponses(400, 401) },
        },
      },
      async (request) => offerings.listServices(ctx, pro(request), request.query),
    );

    app.post(
      '/services',
      {
        schema: {
          operationId: 'createService',
          tags: TAGS,
          summary: 'Create a service',
          security: bearerSecurity,
          body: CreateServiceBody,
          response: { 201: json(ServiceSchema, 'Created'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.code(201).send(await offerings.createService(ctx, pro(request), request.body)),
    );

    app.get(
      '/services/:id',
      {
        schema: {
          operationId: 'getService',
          tags: TAGS,
          summary: 'One service',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(ServiceSchema, 'The service'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => offerings.getService(ctx, pro(request), request.params.id),
    );

    app.put(
      '/services/:id',
      {
        schema: {
          operationId: 'updateService',
          tags: TAGS,
          summary: 'Update a service (partial; existing sales keep their amount and period)',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateServiceBody,
          response: { 200: json(ServiceSchema, 'The updated service'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => offerings.updateService(ctx, pro(request), request.params.id, request.body),
    );

    app.delete(
      '/services/:id/disable',
      {
        schema: {
          operationId: 'disableService',
          tags: TAGS,
          summary: 'Disable a service (no new sales; existing sales stay)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(ServiceSchema, 'The disabled service'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => offerings.setServiceActive(ctx, pro(request), request.params.id, false),
    );

    app.post(
      '/services/:id/enable',
      {
        schema: {
          operationId: 'enableService',
          tags: TAGS,
          summary: 'Enable a disabled service',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(ServiceSchema, 'The enabled service'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => offerings.setServiceActive(ctx, pro(request), request.params.id, true),
    );
  };
}
