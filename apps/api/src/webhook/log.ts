/** The delivery log of an endpoint (15 attempts at a time), a test event, and a redelivery. */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { events, webhookAttempts, webhookDeliveries } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { EVENT_CATALOG, isEventType } from '../events/catalog.js';
import { reserveAll, tryAgainIn } from '../lib/rate-limit.js';
import { TEST_EVENT_TYPE } from './payload.js';
import type { WebhookQueuedSchema, WebhookResponsePageSchema, WebhookResponsesQuery } from './schemas.js';
import { findOwnEndpoint } from './service.js';

type ResponsePage = z.infer<typeof WebhookResponsePageSchema>;
type Queued = z.infer<typeof WebhookQueuedSchema>;

const deliveryNotFound = () => new AppError(404, 'NOT_FOUND', 'Envio não encontrado.');

export const eventLabel = (type: string) =>
  type === TEST_EVENT_TYPE ? 'Evento de teste' : isEventType(type) ? EVENT_CATALOG[type].label : type;

/** "Ana Souza · Check-in semanal": the names an event carries, to tell one message from another in the log. */
export function eventSummary(payload: Record<string, unknown>): string | null {
  const parts = [payload.patientName, payload.quizTitle, payload.serviceName].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}

export async function listResponses(
  ctx: AppContext,
  professionalId: string,
  endpointId: string,
  query: z.infer<typeof WebhookResponsesQuery>,
): Promise<ResponsePage> {
  const endpoint = await findOwnEndpoint(ctx, professionalId, endpointId);
  // What is still waiting is read first: an attempt finishing between the reads then shows as its result in
  // the rows read after (its attempt and its new status commit together), never as neither, which would leave
  // the screen believing nothing is on its way and stop following it.
  const [waiting] = await ctx.db
    .select({
      queued: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'pending')`.mapWith(Number),
      paused: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'paused')`.mapWith(Number),
      next: sql<
        string | null
      >`min(${webhookDeliveries.nextAttemptAt}) FILTER (WHERE ${webhookDeliveries.status} = 'pending')`,
    })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.endpointId, endpoint.id), inArray(webhookDeliveries.status, ['pending', 'paused'])),
    );
  // The latest attempt recorded of each message (a claimed one in flight has not recorded its own yet).
  const latest = sql<number>`(SELECT max(x.attempt) FROM ${webhookAttempts} x WHERE x.delivery_id = ${webhookDeliveries.id})`;
  const rows = await ctx.db
    .select({ attempt: webhookAttempts, delivery: webhookDeliveries, payload: events.payload, latest })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .leftJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookAttempts.endpointId, endpoint.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.attempt))
    .limit(query.take)
    .offset(query.skip);
  const [totals] = await ctx.db
    .select({ total: count() })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.endpointId, endpoint.id));
  return {
    items: rows.map(({ attempt: a, delivery: d, payload, latest: last }) => {
      const isLatest = a.attempt === Number(last);
      return {
        id: a.id,
        deliveryId: d.id,
        messageId: d.messageId,
        eventType: d.eventType,
        eventLabel: eventLabel(d.eventType),
        eventSummary: payload ? eventSummary(payload) : null,
        attempt: a.attempt,
        outcome: a.outcome,
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        responseExcerpt: a.responseExcerpt,
        attemptedAt: a.attemptedAt.toISOString(),
        deliveryStatus: d.status,
        isLatest,
        nextAttemptAt: isLatest && d.status === 'pending' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
      };
    }),
    total: totals?.total ?? 0,
    queued: waiting?.queued ?? 0,
    paused: waiting?.paused ?? 0,
    nextAttemptAt: waiting?.next ? new Date(waiting.next).toISOString() : null,
  };
}

/** Test events and redeliveries send a message: each reserves its slot per endpoint and per address first. */
async function reserveSend(ctx: AppContext, endpointId: string, ip: string): Promise<void> {
  const message = (s: number) => `Muitos envios manuais para este webhook. ${tryAgainIn(s)}`;
  await reserveAll(
    ctx.db,
    [
      { key: `webhook-send:${endpointId}`, limit: ctx.config.limits.webhookSendsPerEndpoint, message },
      { key: `webhook-send-ip:${ip}`, limit: ctx.config.limits.webhookSendsPerAddress, message },
    ],
    ctx.config.now(),
  );
}

/** Queues a test event for the endpoint (sent within a second, even while the endpoint is off). */
export async function sendTestEvent(
  ctx: AppContext,
  professionalId: string,
  endpointId: string,
  meta: { ip: string },
): Promise<Queued> {
  const endpoint = await findOwnEndpoint(ctx, professionalId, endpointId);
  await reserveSend(ctx, endpoint.id, meta.ip);
  const now = ctx.config.now();
  const messageId = `msg_${randomUUID()}`;
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      professionalId,
      endpointId: endpoint.id,
      eventType: TEST_EVENT_TYPE,
      messageId,
      testPayload: {
        endpointId: endpoint.id,
        message: 'Evento de teste do Acompanha: se ele chegou e a assinatura confere, o endpoint está pronto.',
      },
      manual: true,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: row!.id, messageId };
}

/** Sends a message again now, with the same `webhook-id`, starting the retry schedule over. */
export async function redeliver(
  ctx: AppContext,
  professionalId: string,
  endpointId: string,
  deliveryId: string,
  meta: { ip: string },
): Promise<Queued> {
  const endpoint = await findOwnEndpoint(ctx, professionalId, endpointId);
  const [delivery] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
  if (!delivery) throw deliveryNotFound();
  const now = ctx.config.now();
  const inFlight = () =>
    new AppError(409, 'RETRY_SEND_LATER', 'Este envio está em andamento. Tente de novo em alguns segundos.');
  // Not while an attempt is in flight (its lease is live): that attempt decides first. Checked before the
  // rate limit, so a refused redelivery costs nothing, and again in the update itself.
  if (delivery.lockedUntil && delivery.lockedUntil > now) throw inFlight();
  await reserveSend(ctx, endpoint.id, meta.ip);
  const updated = await ctx.db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      manual: true,
      roundStart: sql`${webhookDeliveries.attempts}`,
      nextAttemptAt: now,
      lockedUntil: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        sql`(${webhookDeliveries.lockedUntil} IS NULL OR ${webhookDeliveries.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (updated.length === 0) throw inFlight();
  return { deliveryId: delivery.id, messageId: delivery.messageId };
}
