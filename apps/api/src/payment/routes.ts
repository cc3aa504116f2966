import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { PLANS, PLAN_IDS, yearlySavingCents } from './plans.js';
import { cancel, refund, swapCard } from './manage.js';
import {
  AppServiceListSchema,
  CancelBody,
  CreditCardBody,
  ChargeHistorySchema,
  IdempotencyHeaders,
  SignatureDetailSchema,
  SubscribeBody,
  WebhookAckSchema,
} from './schemas.js';
import { readHistory, readSignature } from './signature.js';
import { subscribe } from './subscribe.js';
import { receiveWebhook } from './webhook.js';

const TAGS = ['payment'];

export function paymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the price list is what the sign-up and pricing pages show before anyone signs in.
    app.get(
      '/app-services',
      {
        schema: {
          operationId: 'listAppServices',
          tags: TAGS,
          summary: 'The subscription plans (monthly, yearly): price in cents, cycle, what each includes',
          response: { 200: json(AppServiceListSchema, 'The plans'), ...errorResponses() },
        },
      },
      async () => ({
        items: PLAN_IDS.map((id) => ({ ...PLANS[id], savingCents: id === 'yearly' ? yearlySavingCents() : 0 })),
      }),
    );

    await app.register(webhookRoute(ctx));
    await app.register(signatureRoutes(ctx));
  };
}

/** The gateway's webhook: no session; its own token; the raw body is what the gateway signed off. */
function webhookRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    (app as unknown as FastifyInstance).addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/payment/webhook',
      {
        schema: {
          operationId: 'receiveGatewayWebhook',
          tags: TAGS,
          summary: 'The payment gateway’s events (Asaas webhook): stored once by event id, applied forward-only',
          security: [{ gatewayWebhookToken: [] }],
          response: { 200: json(WebhookAckSchema, 'Received (or a repeat, ignored)'), ...errorResponses(400, 401) },
        },
      },
      async (request) => receiveWebhook(ctx, request.headers, typeof request.body === 'string' ? request.body : ''),
    );
  };
}

function signatureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/payment/signatures',
      {
        schema: {
          operationId: 'getSignature',
          tags: TAGS,
          summary: 'Her subscription: state, plan, period, next charge, card, a pending charge, refund window',
          security: bearerSecurity,
          response: { 200: json(SignatureDetailSchema, 'The subscription'), ...errorResponses(401) },
        },
      },
      async (request) => readSignature(ctx, pro(request)),
    );

    app.get(
      '/payment/signatures/history',
      {
        schema: {
          operationId: 'getSignatureHistory',
          tags: TAGS,
          summary: 'Every charge of her subscription with its state and, once paid, its receipt',
          security: bearerSecurity,
          response: { 200: json(ChargeHistorySchema, 'The charges, newest first'), ...errorResponses(401) },
        },
      },
      async (request) => readHistory(ctx, pro(request)),
    );

    app.post(
      '/payment/signatures/service',
      {
        schema: {
          operationId: 'subscribe',
          tags: TAGS,
          summary:
            'Subscribes to a plan with a card, charged today (Idempotency-Key required; PAYMENT_PENDING while the issuer decides)',
          security: bearerSecurity,
          headers: IdempotencyHeaders,
          body: SubscribeBody,
          response: {
            201: json(SignatureDetailSchema, 'Subscribed: the first charge was captured'),
            ...errorResponses(400, 401, 402, 409, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const answer = await subscribe(ctx, pro(request), request.headers['idempotency-key'], request.body, request.ip);
        return reply.code(answer.status as 201).send(answer.body as never);
      },
    );

    app.post(
      '/payment/signatures/cancel',
      {
        schema: {
          operationId: 'cancelSignature',
          tags: TAGS,
          summary: 'Cancels her subscription at the end of the paid period, with a reason (Idempotency-Key required)',
          security: bearerSecurity,
          headers: IdempotencyHeaders,
          body: CancelBody,
          response: {
            200: json(SignatureDetailSchema, 'Cancelled: no further charges'),
            ...errorResponses(400, 401, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        const answer = await cancel(ctx, pro(request), request.headers['idempotency-key'], request.body.reason);
        return reply.code(answer.status as 200).send(answer.body as never);
      },
    );

    app.post(
      '/payment/signatures/refund',
      {
        schema: {
          operationId: 'refundSignature',
          tags: TAGS,
          summary:
            'Refunds the first charge within 7 days of it (CDC art. 49) and ends the subscription; else REFUND_NOT_ALLOWED',
          security: bearerSecurity,
          headers: IdempotencyHeaders,
          response: {
            200: json(SignatureDetailSchema, 'Refunded and ended'),
            ...errorResponses(400, 401, 409, 503),
          },
        },
      },
      async (request, reply) => {
        const answer = await refund(ctx, pro(request), request.headers['idempotency-key']);
        return reply.code(answer.status as 200).send(answer.body as never);
      },
    );

    app.put(
      '/payment/signatures/credit-card',
      {
        schema: {
          operationId: 'updateSignatureCreditCard',
          tags: TAGS,
          summary: 'Swaps the card of her subscription without charging it (Idempotency-Key required)',
          security: bearerSecurity,
          headers: IdempotencyHeaders,
          body: CreditCardBody,
          response: {
            200: json(SignatureDetailSchema, 'The subscription with its new card'),
            ...errorResponses(400, 401, 402, 404, 409, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const answer = await swapCard(ctx, pro(request), request.headers['idempotency-key'], request.body, request.ip);
        return reply.code(answer.status as 200).send(answer.body as never);
      },
    );
  };
}
