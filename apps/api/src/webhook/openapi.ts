/**
 * The event catalogue as the OpenAPI document's `webhooks` (OpenAPI 3.1): one entry per event type, the
 * message her endpoint receives — the Standard Webhooks headers and the `{ type, timestamp, data }` body with
 * the event's payload schema — so a developer reads what arrives without calling the API.
 */
import { z } from 'zod';
import { RICH_EVENTS, TEST_EVENT_TYPE } from './payload.js';
import { EVENT_CATALOG, EVENT_GROUPS, EVENT_TYPES } from '../events/catalog.js';

const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

const HEADERS = [
  header('webhook-id', 'The message id: the same in every attempt of one message (deduplicate on it).', {
    type: 'string',
    maxLength: 64,
  }),
  header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed (refuse ones too old).', {
    type: 'string',
    maxLength: 12,
    pattern: '^[0-9]+$',
  }),
  header(
    'webhook-signature',
    '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint’s `whsec_` secret; two, space-separated, during a rotation.',
    { type: 'string', maxLength: 256 },
  ),
];

function message(type: string, summary: string, description: string, data: Record<string, unknown>) {
  return {
    post: {
      summary,
      description,
      tags: ['webhooks'],
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              additionalProperties: false,
              properties: {
                type: { type: 'string', enum: [type] },
                timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
                data,
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Received. Any 2xx answers it; anything else (or 15 s of silence) is retried.' },
        '410': { description: 'Gone: the endpoint is turned off and no more events are sent to it.' },
      },
    },
  };
}

const schemaOf = (payload: z.ZodType) => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(payload) as Record<string, unknown>;
  return schema;
};

/** On endpoints opted in to rich payloads: the answers, question by question (webhook/payload.ts). */
const RICH_ANSWERS = {
  type: 'array',
  maxItems: 1000,
  description: 'Only on endpoints with rich payloads (opted in, with a written purpose).',
  items: {
    type: 'object',
    required: ['questionId', 'parentQuestionId', 'question', 'type', 'answer', 'value'],
    properties: {
      questionId: { type: 'string', format: 'uuid' },
      parentQuestionId: { type: ['string', 'null'], format: 'uuid' },
      question: { type: 'string', maxLength: 500 },
      type: { type: 'string', maxLength: 32 },
      answer: { type: 'string', maxLength: 20000, description: 'The answer as Portuguese text (files by name).' },
      value: { description: 'The answer as stored (numbers as numbers; files by name only).' },
    },
  },
};

/** `webhooks` for the OpenAPI document, by event type. */
export function eventWebhooks(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const type of [...EVENT_TYPES].sort()) {
    const def = EVENT_CATALOG[type];
    const rich = RICH_EVENTS[type];
    const data = schemaOf(def.payload);
    if (rich) data.properties = { ...(data.properties as object), answers: RICH_ANSWERS };
    out[type] = message(
      type,
      `${def.label} (${EVENT_GROUPS[def.group]})`,
      rich ? `${def.description}\n\n${rich}` : def.description,
      data,
    );
  }
  out[TEST_EVENT_TYPE] = message(
    TEST_EVENT_TYPE,
    'Evento de teste',
    'Sent by “Enviar evento de teste” in the webhook manager.',
    {
      type: 'object',
      required: ['endpointId', 'message'],
      properties: {
        endpointId: { type: 'string', format: 'uuid' },
        message: { type: 'string', maxLength: 200 },
      },
    },
  );
  return out;
}
