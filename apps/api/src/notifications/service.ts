/** The professional's notification centre and her notification settings. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { events, notifications, professionals } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { EVENT_CATALOG, EVENT_GROUPS } from '../events/catalog.js';
import { emitLocally, signalNotifications } from './live.js';
import type {
  ListNotificationsQuery,
  NotificationSchema,
  NotificationSettingSchema,
  UpdateNotificationBody,
  UpdateNotificationSettingBody,
} from './schemas.js';
import {
  isNotificationType,
  NOTIFICATION_TYPE_KEYS,
  NOTIFICATION_TYPES,
  preferenceOf,
  type NotificationTypeKey,
} from './types.js';

type NotificationDto = z.infer<typeof NotificationSchema>;
type SettingDto = z.infer<typeof NotificationSettingSchema>;

const notificationNotFound = () => new AppError(404, 'NOT_FOUND', 'Notificação não encontrada.');

const columns = {
  id: notifications.id,
  type: notifications.type,
  isMarkedAsRead: notifications.isMarkedAsRead,
  isMarkedAsArchived: notifications.isMarkedAsArchived,
  createdAt: notifications.createdAt,
  payload: events.payload,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

/** The notification as it reads now (from its event: a deleted patient's name never comes back). */
function toDto(row: Row): NotificationDto {
  const def = isNotificationType(row.type) ? NOTIFICATION_TYPES[row.type] : undefined;
  let text = { title: 'Notificação', body: '', link: '/dashboard' };
  try {
    if (def) text = (def.render as (p: unknown) => typeof text)(row.payload);
  } catch {
    // An event recorded with an older payload shape still lists, with the generic text.
  }
  return {
    id: row.id,
    type: row.type,
    ...text,
    isMarkedAsRead: row.isMarkedAsRead,
    isMarkedAsArchived: row.isMarkedAsArchived,
    createdAt: row.createdAt.toISOString(),
  };
}

const own = (professionalId: string) => eq(notifications.professionalId, professionalId);
const unreadWhere = (professionalId: string) =>
  and(own(professionalId), eq(notifications.isMarkedAsRead, false), eq(notifications.isMarkedAsArchived, false));

export async function unreadCount(db: Executor, professionalId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadWhere(professionalId));
  return row?.n ?? 0;
}

export async function listNotifications(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListNotificationsQuery>,
) {
  const filters: SQL[] = [own(professionalId), eq(notifications.isMarkedAsArchived, q.archived === 'true')];
  if (q.unreadOnly === 'true') filters.push(eq(notifications.isMarkedAsRead, false));
  const where = and(...filters);
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select(columns)
      .from(notifications)
      .innerJoin(events, eq(events.id, notifications.eventId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.take)
      .offset(q.skip),
    ctx.db.select({ n: count() }).from(notifications).where(where),
    unreadCount(ctx.db, professionalId),
  ]);
  return { items: rows.map(toDto), total: total?.n ?? 0, unread };
}

export async function updateNotification(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateNotificationBody>,
): Promise<NotificationDto> {
  const set: Partial<typeof notifications.$inferInsert> = {};
  if (body.isMarkedAsRead !== undefined) set.isMarkedAsRead = body.isMarkedAsRead;
  if (body.isMarkedAsArchived !== undefined) set.isMarkedAsArchived = body.isMarkedAsArchived;
  const updated = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, id), own(professionalId)))
      .returning({ id: notifications.id });
    if (rows.length === 0) throw notificationNotFound();
    await signalNotifications(tx, [professionalId]);
    return rows;
  });
  emitLocally(ctx.db, [professionalId]);
  const [row] = await ctx.db
    .select(columns)
    .from(notifications)
    .innerJoin(events, eq(events.id, notifications.eventId))
    .where(eq(notifications.id, updated[0]!.id));
  return toDto(row!);
}

export async function markAllAsRead(ctx: AppContext, professionalId: string): Promise<{ updated: number }> {
  const updated = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isMarkedAsRead: true })
      .where(unreadWhere(professionalId))
      .returning({ id: notifications.id });
    if (rows.length > 0) await signalNotifications(tx, [professionalId]);
    return rows.length;
  });
  if (updated > 0) emitLocally(ctx.db, [professionalId]);
  return { updated };
}

// ——— Settings ———

function settingOf(type: NotificationTypeKey, stored: Record<string, unknown>): SettingDto {
  const def = EVENT_CATALOG[type];
  return {
    type,
    group: def.group,
    groupLabel: EVENT_GROUPS[def.group],
    label: def.label,
    description: def.description,
    mandatory: !!NOTIFICATION_TYPES[type]!.mandatory,
    ...preferenceOf(stored, type),
  };
}

async function storedPreferences(db: Executor, professionalId: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ preferences: professionals.notificationPreferences })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  return row?.preferences ?? {};
}

export async function getSettings(ctx: AppContext, professionalId: string): Promise<{ items: SettingDto[] }> {
  const stored = await storedPreferences(ctx.db, professionalId);
  // A notice about the channels themselves has nothing to set: it is always in the portal.
  const settable = NOTIFICATION_TYPE_KEYS.filter((t) => !NOTIFICATION_TYPES[t]!.inAppOnly);
  return { items: settable.map((t) => settingOf(t, stored)) };
}

export async function updateSetting(
  ctx: AppContext,
  professionalId: string,
  type: string,
  body: z.infer<typeof UpdateNotificationSettingBody>,
): Promise<SettingDto> {
  if (!isNotificationType(type) || NOTIFICATION_TYPES[type]!.inAppOnly) {
    throw new AppError(404, 'NOT_FOUND', 'Tipo de notificação não encontrado.');
  }
  const value = { inApp: body.inApp, email: body.email, whatsapp: body.whatsapp, quietHours: body.quietHours };
  // One statement merges this type into the stored preferences, so two settings saved at once both stay.
  const [row] = await ctx.db
    .update(professionals)
    .set({
      notificationPreferences: sql`${professionals.notificationPreferences} || jsonb_build_object(${type}::text, ${JSON.stringify(value)}::jsonb)`,
      updatedAt: ctx.config.now(),
    })
    .where(eq(professionals.id, professionalId))
    .returning({ preferences: professionals.notificationPreferences });
  return settingOf(type, row?.preferences ?? {});
}
