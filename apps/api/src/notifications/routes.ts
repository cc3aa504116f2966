import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { BASELINE_HEADERS } from '../http/security-headers.js';
import { hubOf } from './live.js';
import {
  ListNotificationsQuery,
  NotificationPageSchema,
  NotificationParams,
  NotificationSchema,
  NotificationSettingParams,
  NotificationSettingSchema,
  NotificationSettingsSchema,
  ReadAllResultSchema,
  UnreadCountSchema,
  UpdateNotificationBody,
  UpdateNotificationSettingBody,
} from './schemas.js';
import * as notifications from './service.js';

const TAGS = ['notifications'];
/** A comment line on an idle stream, so proxies keep it open. */
const HEARTBEAT_MS = 25_000;

export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;
    // Open event streams never finish by themselves: on shutdown they are ended first, so the server closes
    // once its other requests are done (the browser reconnects after `retry`, through the balancer to another process).
    const streams = new Set<ServerResponse>();
    app.addHook('preClose', async () => {
      for (const res of streams) res.end();
    });

    app.get(
      '/notifications',
      {
        schema: {
          operationId: 'listNotifications',
          tags: TAGS,
          summary: 'The notification centre, newest first (not archived by default), with the unread count',
          security: bearerSecurity,
          querystring: ListNotificationsQuery,
          response: { 200: json(NotificationPageSchema, 'A page of notifications'), ...errorResponses(400, 401) },
        },
      },
      async (request) => notifications.listNotifications(ctx, pro(request), request.query),
    );

    app.get(
      '/notifications/unread-count',
      {
        schema: {
          operationId: 'getNotificationUnreadCount',
          tags: TAGS,
          summary: 'How many notifications are unread (and not archived): the bell’s count',
          security: bearerSecurity,
          response: { 200: json(UnreadCountSchema, 'The unread count'), ...errorResponses(401) },
        },
      },
      async (request) => ({ unread: await notifications.unreadCount(ctx.db, pro(request)) }),
    );

    app.get(
      '/notifications/stream',
      {
        schema: {
          operationId: 'streamNotifications',
          tags: TAGS,
          summary: 'Server-sent events: `unread` with the unread count now and whenever it changes',
          description:
            'Each event is `event: unread` with `data: {"unread": N}`; a comment line every 25 s keeps the ' +
            'connection open. Any API process serves it (PostgreSQL LISTEN/NOTIFY carries the changes).',
          security: bearerSecurity,
          response: {
            200: {
              description: 'An event stream',
              content: { 'text/event-stream': { schema: z.string().max(100) } },
            },
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => {
        const professionalId = pro(request);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          ...BASELINE_HEADERS,
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        let closed = false;
        let running = false;
        let again = false;
        // Changes coalesce: while one count is being read, later signals ask for one more read.
        const push = async () => {
          if (closed) return;
          if (running) {
            again = true;
            return;
          }
          running = true;
          try {
            do {
              again = false;
              const unread = await notifications.unreadCount(ctx.db, professionalId);
              if (!closed) res.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
            } while (again && !closed);
          } catch (err) {
            request.log.error({ err }, 'notification stream could not read the count');
          } finally {
            running = false;
          }
        };
        const unsubscribe = hubOf(ctx.db).subscribe(professionalId, () => void push());
        const heartbeat = setInterval(() => !closed && res.write(': ping\n\n'), HEARTBEAT_MS);
        streams.add(res);
        request.raw.on('close', () => {
          closed = true;
          streams.delete(res);
          unsubscribe();
          clearInterval(heartbeat);
        });
        res.write('retry: 5000\n\n');
        await push();
      },
    );

    app.post(
      '/notifications/read-all',
      {
        schema: {
          operationId: 'markAllNotificationsAsRead',
          tags: TAGS,
          summary: 'Marks every unread notification (not archived) as read',
          security: bearerSecurity,
          response: { 200: json(ReadAllResultSchema, 'How many were marked'), ...errorResponses(401) },
        },
      },
      async (request) => notifications.markAllAsRead(ctx, pro(request)),
    );

    app.get(
      '/notifications/settings',
      {
        schema: {
          operationId: 'getNotificationSettings',
          tags: TAGS,
          summary: 'Every notification type with its channels (in-app, e-mail, WhatsApp) and quiet hours',
          security: bearerSecurity,
          response: { 200: json(NotificationSettingsSchema, 'The settings'), ...errorResponses(401) },
        },
      },
      async (request) => notifications.getSettings(ctx, pro(request)),
    );

    app.put(
      '/notifications/settings/:notificationId',
      {
        schema: {
          operationId: 'updateNotificationSetting',
          tags: TAGS,
          summary: 'Sets one notification type’s channels and quiet hours (security notices stay on)',
          security: bearerSecurity,
          params: NotificationSettingParams,
          body: UpdateNotificationSettingBody,
          response: { 200: json(NotificationSettingSchema, 'The type as saved'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => notifications.updateSetting(ctx, pro(request), request.params.notificationId, request.body),
    );

    app.patch(
      '/notifications/:id',
      {
        schema: {
          operationId: 'updateNotification',
          tags: TAGS,
          summary: 'Marks a notification read or unread, archived or not',
          security: bearerSecurity,
          params: NotificationParams,
          body: UpdateNotificationBody,
          response: { 200: json(NotificationSchema, 'The notification'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => notifications.updateNotification(ctx, pro(request), request.params.id, request.body),
    );
  };
}
