/** Messaging (`/clients/messaging`): composing to clients, the progress of a send, WhatsApp templates. */
import { z } from 'zod';
import { MESSAGE_STATUSES, NOTIFICATION_CHANNELS, SERVICE_MODALITIES } from '../db/schema.js';
import { ChatMessageStatusSchema } from '../chat/schemas.js';
import { instant } from '../lib/dates.js';
import { multiline } from '../lib/input-guard.js';
import { pagination } from '../lib/text.js';

export const MAX_RECIPIENTS = 5000;
export const MAX_PATIENT_IDS = 1000;

const Channel = z.enum(NOTIFICATION_CHANNELS);

export const MessageAudienceSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('patients'),
      patientIds: z
        .array(z.uuid())
        .min(1, 'Escolha ao menos um cliente.')
        .max(MAX_PATIENT_IDS, `No máximo ${MAX_PATIENT_IDS} clientes por seleção.`),
    }),
    z.object({
      kind: z.literal('filter'),
      status: z.enum(['active', 'inactive']).optional(),
      serviceId: z.uuid().optional(),
      serviceModality: z.enum(SERVICE_MODALITIES).optional(),
    }),
  ])
  .meta({
    id: 'MessageAudience',
    description: `One client or a selection (ids), or everyone matching the client filters (at most ${MAX_RECIPIENTS}).`,
  });

export const ComposeMessageBody = z
  .object({
    audience: MessageAudienceSchema,
    channel: Channel.meta({ description: 'WhatsApp goes only to clients who agreed to it; the others get e-mail.' }),
    body: multiline(z.string().trim().min(1, 'Escreva a mensagem.').max(2000, 'No máximo 2000 caracteres.')).meta({
      description:
        'Variables: {{paciente}} (first name), {{profissional}}. Unknown ones → 400 WRONG_TEMPLATE_VARIABLES.',
    }),
    template: z.string().max(100).nullish().meta({
      description:
        'An approved WhatsApp template (GET /chat/templates): required for clients outside the 24-hour window.',
    }),
    sendAt: instant()
      .nullish()
      .meta({ description: 'When to send (São Paulo time chosen on screen, as an instant); null or past = now.' }),
  })
  .strict();

export const MessagePreviewSchema = z
  .object({
    total: z.number().int(),
    email: z.number().int().meta({ description: 'Recipients who will get it by e-mail.' }),
    whatsapp: z.number().int().meta({ description: 'Recipients who will get it by WhatsApp.' }),
    withoutContact: z.number().int().meta({ description: 'Recipients with no contact for any channel (they fail).' }),
    outsideWindow: z
      .number()
      .int()
      .meta({ description: 'WhatsApp recipients outside the 24-hour window: only an approved template reaches them.' }),
    sample: z
      .string()
      .meta({ description: 'The text as one recipient reads it: a WhatsApp one if any, else an e-mail one.' }),
  })
  .meta({ id: 'MessagePreview' });

export const CampaignCountsSchema = z
  .object(
    Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof MESSAGE_STATUSES)[number],
      z.ZodNumber
    >,
  )
  .meta({ id: 'CampaignCounts' });

export const CampaignSchema = z
  .object({
    id: z.uuid(),
    channel: Channel,
    body: z.string(),
    template: z.string().nullable(),
    audience: MessageAudienceSchema,
    sendAt: z.iso.datetime(),
    total: z.number().int(),
    counts: CampaignCountsSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MessageCampaign', description: 'A composed message and how its sending goes.' });

export const CampaignPageSchema = z
  .object({ items: z.array(CampaignSchema), total: z.number().int() })
  .meta({ id: 'MessageCampaignPage' });

export const CampaignRecipientSchema = z
  .object({
    messageId: z.uuid(),
    patientId: z.uuid(),
    patientName: z.string(),
    channel: Channel,
    status: ChatMessageStatusSchema,
    errorCode: z.enum(['WHATSAPP_INTEGRATION_ERROR', 'NOTIFICATION_CHANNEL_ERROR']).nullable(),
    error: z.string().nullable(),
    statusAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CampaignRecipient' });

export const CampaignDetailSchema = z
  .object({
    campaign: CampaignSchema,
    recipients: z.array(CampaignRecipientSchema),
    recipientsTotal: z.number().int(),
  })
  .meta({ id: 'MessageCampaignDetail' });

export const WhatsAppTemplateSchema = z
  .object({ name: z.string(), label: z.string(), body: z.string(), takesText: z.boolean() })
  .meta({ id: 'WhatsAppTemplate' });

export const IdParams = z.object({ id: z.uuid() });
export const CampaignQuery = z.object({ ...pagination });
export const RecipientsQuery = z.object({
  ...pagination,
  status: ChatMessageStatusSchema.optional(),
});
