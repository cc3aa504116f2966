import { z } from 'zod';
import { MESSAGE_STATUSES } from '../db/schema.js';
import { pagination } from '../lib/text.js';
import { NotificationChannelSchema } from '../patient/schemas.js';

export const ChatMessageSchema = z
  .object({
    id: z.uuid(),
    patientId: z.uuid(),
    channel: NotificationChannelSchema,
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES).meta({ id: 'ChatMessageStatus' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage', description: 'A message sent to a patient.' });

export const ChatMessagePageSchema = z
  .object({ items: z.array(ChatMessageSchema), total: z.number().int() })
  .meta({ id: 'ChatMessagePage' });

export const ChatHistoryParams = z.object({ patientId: z.uuid() });
export const ChatHistoryQuery = z.object({ ...pagination });
