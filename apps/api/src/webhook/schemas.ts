import { z } from 'zod';
import { EVENT_TYPES } from '../events/catalog.js';

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
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookEndpoint', description: 'Where the professional’s events are sent, signed.' });

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().meta({ description: 'The signing secret (`whsec_…`), shown this once.' }),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema).meta({ id: 'WebhookEndpointList' });

const fields = {
  url: z.string().trim().min(1, 'Informe o endereço.').max(2048),
  description: z.string().trim().max(200).nullable().optional(),
  events: z.array(WebhookEventTypeSchema).min(1, 'Escolha pelo menos um evento.').max(EVENT_TYPES.length),
  enabled: z.boolean().optional(),
  richPayload: z.boolean().optional(),
  richPurpose: z.string().trim().max(500).nullable().optional(),
};

export const CreateWebhookBody = z.object(fields);
export const UpdateWebhookBody = z.object({ id: z.uuid(), ...fields });
export const WebhookParams = z.object({ id: z.uuid() });
