import { z } from 'zod';
import { EVENT_GROUPS, EVENT_TYPES } from '../events/catalog.js';
import { SINGLE_LINE_PATTERN } from '../lib/input-guard.js';

export const WebhookEventTypeSchema = z
  .enum(EVENT_TYPES as [string, ...string[]])
  .meta({ id: 'WebhookEventType', description: 'An event of the catalogue (GET /webhooks/manager/public-events).' });

export const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(WebhookEventTypeSchema),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: 'Why we turned it off (410, or failing for days).' }),
    richPayload: z.boolean(),
    richPurpose: z.string().nullable(),
    failingSince: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Failing without a success since then (5 days of it turn the endpoint off).' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint', description: 'Where the professional’s events are sent, signed.' });

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().meta({ description: 'The signing secret (`whsec_…`), shown this once.' }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema).meta({ id: 'WebhookEndpointList' });

const fields = {
  url: z
    .string()
    .trim()
    .min(1, 'Informe o endereço.')
    .max(2048)
    .meta({
      format: 'uri',
      description:
        'An absolute https:// URL without user or password, whose host resolves only to public addresses (not ' +
        'loopback, private, link-local or any other special-purpose range); else 400 WRONG_COMMAND_PARAMETERS on `url`.',
    }),
  description: z.string().trim().max(200).nullable().optional(),
  events: z.array(WebhookEventTypeSchema).min(1, 'Escolha pelo menos um evento.').max(EVENT_TYPES.length),
  enabled: z.boolean().optional(),
  richPayload: z.boolean().optional().meta({ description: 'Send answers and measurements (needs richPurpose).' }),
  richPurpose: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .meta({ description: 'Why the answers are sent (LGPD, art. 11): with richPayload, 10 characters or more.' }),
};
/** With richPayload, richPurpose of 10 characters or more (service.ts richFields), stated in the document. */
const richRule = {
  allOf: [
    {
      if: { properties: { richPayload: { const: true } }, required: ['richPayload'] },
      then: {
        properties: { richPurpose: { type: 'string', minLength: 10, maxLength: 500, pattern: SINGLE_LINE_PATTERN } },
        required: ['richPurpose'],
      },
    },
  ],
};

export const CreateWebhookBody = z.object(fields).meta(richRule);
export const UpdateWebhookBody = z.object({ id: z.uuid(), ...fields }).meta(richRule);
export const WebhookParams = z.object({ id: z.uuid() });

export const WEBHOOK_OUTCOMES = ['success', 'http_error', 'timeout', 'network_error', 'dns_error', 'refused'] as const;

export const WebhookResponseSchema = z
  .object({
    id: z.uuid().meta({ description: 'The attempt.' }),
    deliveryId: z.uuid(),
    messageId: z.string().meta({ description: 'The `webhook-id` header: the same in every attempt of a message.' }),
    eventType: z.string().meta({ description: 'An event of the catalogue, or `webhook.test`.' }),
    eventLabel: z.string(),
    eventSummary: z
      .string()
      .nullable()
      .meta({ description: 'Whom or what the event is about (the client’s name, the quiz), as the portal shows it.' }),
    attempt: z.number().int().meta({ description: 'Which attempt of the message this was (1 = the first).' }),
    outcome: z.enum(WEBHOOK_OUTCOMES).meta({
      description:
        '`success` (2xx), `http_error` (any other status; redirects are not followed), `timeout` (15 s for the whole call), `network_error`, `dns_error` (the name does not resolve), or `refused` (the address is not public any more).',
    }),
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    responseExcerpt: z.string().nullable().meta({ description: 'The first 500 characters of the answer.' }),
    attemptedAt: z.iso.datetime(),
    deliveryStatus: z
      .enum(['pending', 'paused', 'succeeded', 'failed'])
      .meta({ description: '`paused`: waiting while the endpoint is off.' }),
    isLatest: z.boolean().meta({ description: 'The latest attempt of its message (the one to redeliver).' }),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'On the latest attempt: when it is tried again.' }),
  })
  .meta({ id: 'WebhookResponse', description: 'One attempt to deliver a message to an endpoint, and its answer.' });

export const WebhookResponsePageSchema = z
  .object({
    items: z.array(WebhookResponseSchema),
    total: z.number().int(),
    queued: z.number().int().meta({ description: 'Messages of this endpoint waiting for an attempt or a retry.' }),
    paused: z.number().int().meta({ description: 'Messages waiting for the endpoint to be on again.' }),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: 'The soonest of their next attempts.' }),
  })
  .meta({ id: 'WebhookResponsePage' });

export const WebhookResponsesQuery = z.object({
  take: z.coerce.number().int().min(1).max(100).default(15),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const WebhookQueuedSchema = z
  .object({ deliveryId: z.uuid(), messageId: z.string() })
  .meta({ id: 'WebhookQueued', description: 'A message queued for the endpoint; its attempts appear in the log.' });

export const WebhookDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const PublicEventSchema = z
  .object({
    type: z.enum(EVENT_TYPES as [string, ...string[]]),
    group: z.enum(Object.keys(EVENT_GROUPS) as [string, ...string[]]),
    groupLabel: z.string(),
    label: z.string(),
    description: z.string(),
    payloadSchema: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The JSON Schema of the event’s `data` (thin: ids, names, dates, states).' }),
    richDescription: z
      .string()
      .nullable()
      .meta({ description: 'What endpoints with rich payloads (opted in, with a purpose) also receive.' }),
  })
  .meta({ id: 'PublicEvent', description: 'An event of the catalogue a webhook can subscribe to.' });

export const PublicEventListSchema = z.array(PublicEventSchema).meta({ id: 'PublicEventList' });
