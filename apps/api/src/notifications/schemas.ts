import { z } from 'zod';
import { EVENT_GROUPS } from '../events/catalog.js';
import { boolQuery, pagination } from '../lib/text.js';
import { NOTIFICATION_TYPE_KEYS } from './types.js';

export const NotificationTypeSchema = z
  .enum(NOTIFICATION_TYPE_KEYS as [string, ...string[]])
  .meta({ id: 'NotificationType', description: 'An event type the professional can be notified of.' });

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: NotificationTypeSchema,
    title: z.string(),
    body: z.string(),
    /** The portal screen it opens. */
    link: z.string().meta({ description: 'The portal path the notification opens (e.g. `/answers/report`).' }),
    isMarkedAsRead: z.boolean(),
    isMarkedAsArchived: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Notification', description: 'One notification of the professional’s notification centre.' });

export const NotificationPageSchema = z
  .object({
    items: z.array(NotificationSchema),
    total: z.number().int().meta({ description: 'Notifications matching the filters.' }),
    unread: z.number().int().meta({ description: 'Unread notifications not archived (the bell’s count).' }),
  })
  .meta({ id: 'NotificationPage' });

export const ListNotificationsQuery = z.object({
  ...pagination,
  unreadOnly: boolQuery().meta({ description: 'Only the unread ones.' }),
  archived: boolQuery().meta({ description: '`true`: the archived ones only. Default: the ones not archived.' }),
});

export const UnreadCountSchema = z
  .object({ unread: z.number().int() })
  .meta({ id: 'NotificationUnreadCount', description: 'Unread notifications not archived.' });

export const NotificationParams = z.object({ id: z.uuid() });

export const UpdateNotificationBody = z
  .object({
    isMarkedAsRead: z.boolean().optional(),
    isMarkedAsArchived: z.boolean().optional(),
  })
  .refine((b) => b.isMarkedAsRead !== undefined || b.isMarkedAsArchived !== undefined, {
    message: 'Informe isMarkedAsRead ou isMarkedAsArchived.',
  })
  .meta({
    // The refinement above, stated: at least one of the two.
    anyOf: [{ required: ['isMarkedAsRead'] }, { required: ['isMarkedAsArchived'] }],
    description: 'At least one of isMarkedAsRead and isMarkedAsArchived.',
  });

export const ReadAllResultSchema = z.object({ updated: z.number().int() }).meta({ id: 'NotificationsReadAll' });

const HHMM = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use o formato HH:MM (ex.: 22:00).');

export const QuietHoursSchema = z
  .object({ start: HHMM, end: HHMM })
  .refine((q) => q.start !== q.end, { message: 'O início e o fim do silêncio precisam ser diferentes.', path: ['end'] })
  .meta({
    id: 'QuietHours',
    description: 'São Paulo time: no e-mail or WhatsApp from `start` to `end` (it may cross midnight).',
  });

export const NotificationSettingSchema = z
  .object({
    type: NotificationTypeSchema,
    group: z.enum(Object.keys(EVENT_GROUPS) as [string, ...string[]]),
    groupLabel: z.string(),
    label: z.string(),
    description: z.string(),
    mandatory: z.boolean().meta({ description: 'Security and billing notices: in-app and e-mail cannot be off.' }),
    inApp: z.boolean(),
    email: z.boolean(),
    whatsapp: z.boolean(),
    quietHours: QuietHoursSchema.nullable(),
  })
  .meta({ id: 'NotificationSetting', description: 'One notification type: its channels and quiet hours.' });

export const NotificationSettingsSchema = z
  .object({ items: z.array(NotificationSettingSchema) })
  .meta({ id: 'NotificationSettings' });

export const NotificationSettingParams = z.object({
  notificationId: z.string().max(64).meta({ description: 'The notification type, e.g. `quiz_answer.finished`.' }),
});

export const UpdateNotificationSettingBody = z.object({
  inApp: z.boolean(),
  email: z.boolean(),
  whatsapp: z.boolean(),
  quietHours: QuietHoursSchema.nullable().default(null),
});
