import { z } from 'zod';
import { MESSAGE_STATUSES } from '../db/schema.js';
import { pagination } from '../lib/text.js';
import { NotificationChannelSchema } from '../patient/schemas.js';

export const ChatMessageStatusSchema = z.enum(MESSAGE_STATUSES).meta({ id: 'ChatMessageStatus' });

export const ChatMessageSchema = z
  .object({
    id: z.uuid(),
    patientId: z.uuid(),
    channel: NotificationChannelSchema,
    body: z.string(),
    status: ChatMessageStatusSchema,
    direction: z.enum(['out', 'in']).meta({ description: '`in`: her WhatsApp reply.' }),
    errorCode: z.enum(['WHATSAPP_INTEGRATION_ERROR', 'NOTIFICATION_CHANNEL_ERROR']).nullable(),
    error: z.string().nullable().meta({ description: 'Why it failed, in Portuguese.' }),
    statusAt: z.iso.datetime().nullable().meta({ description: 'When the status last moved.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage', description: 'A message to or from a patient.' });

export const ChatMessagePageSchema = z
  .object({ items: z.array(ChatMessageSchema), total: z.number().int() })
  .meta({ id: 'ChatMessagePage' });

export const ChatHistoryParams = z.object({ patientId: z.uuid() });
export const ChatHistoryQuery = z.object({ ...pagination });
