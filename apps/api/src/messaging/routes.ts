import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  CampaignDetailSchema,
  CampaignPageSchema,
  CampaignQuery,
  CampaignSchema,
  ComposeMessageBody,
  IdParams,
  MessagePreviewSchema,
  RecipientsQuery,
  WhatsAppTemplateSchema,
} from './schemas.js';
import * as service from './service.js';
import { WHATSAPP_TEMPLATES } from './templates.js';
import { challenge, receive } from './whatsapp-webhook.js';

const TAGS = ['chat'];

/** Composing messages to clients and following their sending (the professional's session). */
export function messagingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/chat/templates',
      {
        schema: {
          operationId: 'listWhatsAppTemplates',
          tags: TAGS,
          summary: 'The approved WhatsApp templates (the only messages WhatsApp accepts outside the 24-hour window)',
          security: bearerSecurity,
          response: { 200: json(z.array(WhatsAppTemplateSchema), 'Templates'), ...errorResponses(401) },
        },
      },
      async () => WHATSAPP_TEMPLATES.map((t) => ({ ...t })),
    );

    app.post(
      '/chat/messages/preview',
      {
        schema: {
          operationId: 'previewMessage',
          tags: TAGS,
          summary: 'Who would receive a message, by which channel, and how many are outside the WhatsApp window',
          security: bearerSecurity,
          body: ComposeMessageBody,
          response: { 200: json(MessagePreviewSchema, 'The preview'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.preview(ctx, pro(request), request.body),
    );

    app.post(
      '/chat/messages',
      {
        schema: {
          operationId: 'composeMessage',
          tags: TAGS,
          summary: 'Send a message to one client, a selection, or everyone matching the client filters (now or later)',
          description:
            'Recipients are fixed now: one message each, queued (or failed at once without a contact). WhatsApp clients ' +
            'outside the 24-hour window without a template → 409 WHATSAPP_TEMPLATE_REQUIRED (details.outsideWindow). At most 60 ' +
            'sends an hour per professional and 120 per address (429 TOO_MANY_ATTEMPTS).',
          security: bearerSecurity,
          body: ComposeMessageBody,
          response: { 201: json(CampaignSchema, 'The send'), ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.compose(ctx, pro(request), request.body, request.ip)),
    );

    app.get(
      '/chat/campaigns',
      {
        schema: {
          operationId: 'listMessageCampaigns',
          tags: TAGS,
          summary: 'Her sends, newest first, with their progress',
          security: bearerSecurity,
          querystring: CampaignQuery,
          response: { 200: json(CampaignPageSchema, 'A page of sends'), ...errorResponses(400, 401) },
        },
      },
      async (request) => service.listCampaigns(ctx, pro(request), request.query),
    );

    app.get(
      '/chat/campaigns/:id',
      {
        schema: {
          operationId: 'getMessageCampaign',
          tags: TAGS,
          summary: "One send's progress and each recipient's delivery state (failures first)",
          security: bearerSecurity,
          params: IdParams,
          querystring: RecipientsQuery,
          response: { 200: json(CampaignDetailSchema, 'The send'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.campaignDetail(ctx, pro(request), request.params.id, request.query),
    );

    app.post(
      '/chat/messages/:id/retry',
      {
        schema: {
          operationId: 'retryMessage',
          tags: TAGS,
          summary: 'Send a failed message again (with the client’s current contact)',
          security: bearerSecurity,
          params: IdParams,
          response: {
            200: json(z.object({ id: z.uuid() }), 'Queued again'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request) => service.retryMessage(ctx, pro(request), request.params.id, request.ip),
    );
  };
}

/** WhatsApp's webhook: no session; the handshake token on GET, the app secret's signature on POST. */
export function whatsappWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    (app as unknown as FastifyInstance).addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    app.get(
      '/whatsapp/webhook',
      {
        schema: {
          operationId: 'verifyWhatsAppWebhook',
          tags: TAGS,
          summary: 'The hub.challenge handshake of WhatsApp’s webhook',
          querystring: z.object({
            'hub.mode': z.string().max(20).optional(),
            'hub.verify_token': z.string().max(200).optional(),
            'hub.challenge': z.string().max(200).optional(),
          }),
          response: {
            200: { description: 'The challenge, as plain text', content: { 'text/plain': { schema: z.string() } } },
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => reply.type('text/plain').send(challenge(ctx, request.query as Record<string, unknown>)),
    );
    app.post(
      '/whatsapp/webhook',
      {
        schema: {
          operationId: 'receiveWhatsAppWebhook',
          tags: TAGS,
          summary: 'Message statuses and patients’ replies from WhatsApp (signed with X-Hub-Signature-256)',
          security: [{ whatsappSignature: [] }],
          response: {
            200: json(
              z.object({ statuses: z.number().int(), replies: z.number().int() }).meta({ id: 'WhatsAppWebhookAck' }),
              'Applied',
            ),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request) =>
        receive(
          ctx,
          typeof request.headers['x-hub-signature-256'] === 'string'
            ? request.headers['x-hub-signature-256']
            : undefined,
          typeof request.body === 'string' ? request.body : '',
        ),
    );
  };
}
