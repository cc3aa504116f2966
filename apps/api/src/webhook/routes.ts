import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookDeliveryParams,
  WebhookParams,
  WebhookQueuedSchema,
  WebhookResponsePageSchema,
  WebhookResponsesQuery,
} from './schemas.js';
import * as webhooks from './service.js';
import * as log from './log.js';

const TAGS = ['webhooks'];

export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/webhooks/manager',
      {
        schema: {
          operationId: 'listWebhooks',
          tags: TAGS,
          summary: 'The professional’s webhook endpoints (never their secrets)',
          security: bearerSecurity,
          response: { 200: json(WebhookEndpointListSchema, 'The endpoints'), ...errorResponses(401) },
        },
      },
      async (request) => webhooks.listEndpoints(ctx, pro(request)),
    );

    app.post(
      '/webhooks/manager',
      {
        schema: {
          operationId: 'createWebhook',
          tags: TAGS,
          summary: 'Adds an endpoint (https, public address); its signing secret is in this answer only',
          security: bearerSecurity,
          body: CreateWebhookBody,
          response: {
            201: json(WebhookEndpointWithSecretSchema, 'The endpoint, with its secret (shown once)'),
            ...errorResponses(400, 401),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await webhooks.createEndpoint(ctx, pro(request), request.body, { ip: request.ip })),
    );

    app.put(
      '/webhooks/manager',
      {
        schema: {
          operationId: 'updateWebhook',
          tags: TAGS,
          summary: 'Changes an endpoint: address, events, on/off, rich payloads and their purpose',
          security: bearerSecurity,
          body: UpdateWebhookBody,
          response: { 200: json(WebhookEndpointSchema, 'The endpoint'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => webhooks.updateEndpoint(ctx, pro(request), request.body),
    );

    app.delete(
      '/webhooks/manager/:id',
      {
        schema: {
          operationId: 'deleteWebhook',
          tags: TAGS,
          summary: 'Removes an endpoint',
          security: bearerSecurity,
          params: WebhookParams,
          response: { 204: z.undefined().describe('Removed'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await webhooks.deleteEndpoint(ctx, pro(request), request.params.id, { ip: request.ip });
        return reply.code(204).send();
      },
    );

    app.post(
      '/webhooks/manager/:id/rotate-secret',
      {
        schema: {
          operationId: 'rotateWebhookSecret',
          tags: TAGS,
          summary: 'A new signing secret (shown once); the previous one keeps signing for 24 hours',
          security: bearerSecurity,
          params: WebhookParams,
          response: {
            200: json(WebhookEndpointWithSecretSchema, 'The endpoint, with its new secret'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request) => webhooks.rotateSecret(ctx, pro(request), request.params.id, { ip: request.ip }),
    );

    app.get(
      '/webhooks/manager/:id/responses',
      {
        schema: {
          operationId: 'listWebhookResponses',
          tags: TAGS,
          summary: 'The endpoint’s delivery log, newest first: each attempt, its status, duration and answer excerpt',
          security: bearerSecurity,
          params: WebhookParams,
          querystring: WebhookResponsesQuery,
          response: { 200: json(WebhookResponsePageSchema, 'A page of attempts'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => log.listResponses(ctx, pro(request), request.params.id, request.query),
    );

    app.post(
      '/webhooks/manager/:id/test',
      {
        schema: {
          operationId: 'sendWebhookTest',
          tags: TAGS,
          summary: 'Queues a signed `webhook.test` message to the endpoint (also while it is off)',
          security: bearerSecurity,
          params: WebhookParams,
          response: {
            202: json(WebhookQueuedSchema, 'Queued; its attempt appears in the log within seconds'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await log.sendTestEvent(ctx, pro(request), request.params.id, { ip: request.ip })),
    );

    app.post(
      '/webhooks/manager/:id/deliveries/:deliveryId/redeliver',
      {
        schema: {
          operationId: 'redeliverWebhook',
          tags: TAGS,
          summary: 'Sends a message again now, with the same webhook-id; the retry schedule starts over',
          security: bearerSecurity,
          params: WebhookDeliveryParams,
          response: {
            202: json(WebhookQueuedSchema, 'Queued again'),
            ...errorResponses(400, 401, 404, 409, 429),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await log.redeliver(ctx, pro(request), request.params.id, request.params.deliveryId, { ip: request.ip }),
          ),
    );
  };
}
