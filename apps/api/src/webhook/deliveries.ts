/**
 * Webhook deliveries: created with the event's dispatch, claimed by a worker with a lease, attempted with
 * the SSRF guard, and recorded with what the endpoint answered.
 *
 * - At least once, with a stable `webhook-id`: a delivery row exists for each (event, subscribed endpoint)
 *   from the moment the event is marked dispatched (same transaction). A worker claims it by taking a lease
 *   and counting the attempt in one statement (`FOR UPDATE SKIP LOCKED`: two workers never claim the same
 *   row); a worker that dies mid-send leaves the lease to expire, and the next claim sends the same message
 *   again, as a new attempt.
 * - Only 2xx succeeds. Redirects are not followed (a 3xx is a failure). 410 turns the endpoint off; an
 *   endpoint failing without a success for days is turned off too, and the professional is told.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import { outboundRequest, OutboundRefused, type OutboundResponse } from '../lib/outbound.js';
import { messageBody } from './payload.js';
import { parseRetryAfter, retryDelay } from './schedule.js';
import { webhookHeaders } from './signing.js';

/** An endpoint failing without one success for this long is turned off. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How much of an answer is kept in the log. */
export const EXCERPT_CHARS = 500;
/** How much of an answer is read at all. */
const READ_BYTES = 4096;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type Outcome = (typeof webhookAttempts.$inferSelect)['outcome'];

/** Creates the deliveries of these events to every enabled endpoint of their professional that wants them. */
export async function createDeliveries(
  tx: Executor,
  due: { id: string; type: string; professionalId: string }[],
  now: Date,
): Promise<number> {
  if (due.length === 0) return 0;
  const professionalIds = [...new Set(due.map((e) => e.professionalId))];
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      professionalId: webhookEndpoints.professionalId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.professionalId, professionalIds), eq(webhookEndpoints.enabled, true)));
  if (endpoints.length === 0) return 0;
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const e of due) {
    for (const ep of endpoints) {
      if (ep.professionalId !== e.professionalId || !ep.events.includes(e.type)) continue;
      rows.push({
        professionalId: e.professionalId,
        endpointId: ep.id,
        eventId: e.id,
        eventType: e.type,
        messageId: `msg_${e.id}`,
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(webhookDeliveries)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  return rows.length;
}

/** Takes the lease of up to `limit` due deliveries and counts their attempt; returns them. */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  if (limit <= 0) return [];
  const candidates = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
        or(eq(webhookEndpoints.enabled, true), eq(webhookDeliveries.manual, true)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, candidates))
    .returning();
}

export interface AttemptDeps {
  db: Db;
  config: Pick<AppConfig, 'now' | 'webhooksAllowLoopbackHttp'>;
  /** The HTTP call (tests wrap it); default the SSRF-guarded `outboundRequest`. */
  send?: typeof outboundRequest;
  /** In [0, 1): the retry delay's jitter. */
  random?: () => number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export interface AttemptResult {
  outcome: Outcome;
  statusCode: number | null;
  durationMs: number;
  /** Pending again at this time, or finished (succeeded, failed, or the endpoint is gone). */
  nextAttemptAt: Date | null;
}

function classify(err: unknown): Outcome {
  if (err instanceof OutboundRefused) return 'refused';
  if (err instanceof Error && err.message === 'timeout') return 'timeout';
  return 'network_error';
}

// A receiver's answer is shown in the portal: its control characters (but tab and line breaks) are dropped.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const excerpt = (body: string) => {
  const text = body.replace(CONTROL, '');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
};

/** One attempt of a claimed delivery: send, record, and schedule the next attempt or finish. */
export async function attemptDelivery(deps: AttemptDeps, d: DeliveryRow): Promise<AttemptResult | null> {
  const { db } = deps;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
  if (!endpoint) return null;
  let message: { type: string; occurredAt: Date; data: Record<string, unknown> };
  if (d.eventId) {
    const [event] = await db.select().from(events).where(eq(events.id, d.eventId));
    if (!event) return null;
    message = { type: event.type, occurredAt: event.occurredAt, data: event.payload };
  } else {
    message = { type: d.eventType, occurredAt: d.createdAt, data: d.testPayload ?? {} };
  }
  const body = await messageBody(db, { ...message, professionalId: d.professionalId, rich: endpoint.richPayload });
  const sentAt = deps.config.now();
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > sentAt) {
    secrets.push(endpoint.previousSecret);
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Acompanha-Webhooks/1.0',
    ...webhookHeaders(secrets, d.messageId, Math.floor(sentAt.getTime() / 1000), body),
  };

  let response: OutboundResponse | null = null;
  let outcome: Outcome;
  const started = performance.now();
  try {
    response = await (deps.send ?? outboundRequest)(
      endpoint.url,
      { method: 'POST', headers, body, timeoutMs: 15_000, maxBytes: READ_BYTES },
      { allowLoopbackHttp: deps.config.webhooksAllowLoopbackHttp },
    );
    outcome = response.status >= 200 && response.status < 300 ? 'success' : 'http_error';
  } catch (err) {
    outcome = classify(err);
    deps.log?.warn({ deliveryId: d.id, outcome }, 'webhook attempt failed');
  }
  const durationMs = response?.durationMs ?? Math.round(performance.now() - started);
  const statusCode = response?.status ?? null;
  const now = deps.config.now();

  const gone = statusCode === 410;
  let nextAttemptAt: Date | null = null;
  if (outcome !== 'success' && !gone) {
    const retryAfter =
      statusCode === 429 || statusCode === 503 ? parseRetryAfter(response?.headers['retry-after'], now) : null;
    const wait = retryDelay(d.attempts - d.roundStart, (deps.random ?? Math.random)(), retryAfter);
    nextAttemptAt = wait === null ? null : new Date(now.getTime() + wait);
  }

  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: d.id,
      endpointId: d.endpointId,
      attempt: d.attempts,
      outcome,
      statusCode,
      durationMs,
      responseExcerpt: response ? excerpt(response.body) : null,
      attemptedAt: sentAt,
    });
    // Only while the lease is still ours (a later claim counted a further attempt: that one decides).
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === 'success' ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed',
        nextAttemptAt,
        lockedUntil: null,
      })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts)));
    await recordEndpointHealth(tx, endpoint, outcome === 'success', gone, now);
  });
  return { outcome, statusCode, durationMs, nextAttemptAt };
}

/** A success clears the endpoint's failing streak; 410, or failing for days, turns it off (and tells her). */
async function recordEndpointHealth(
  tx: Executor,
  endpoint: typeof webhookEndpoints.$inferSelect,
  ok: boolean,
  gone: boolean,
  now: Date,
): Promise<void> {
  if (ok) {
    if (endpoint.failingSince) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    }
    return;
  }
  const failingSince = endpoint.failingSince ?? now;
  const tooLong = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  if (!gone && !tooLong) {
    if (!endpoint.failingSince) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: now })
        .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
    }
    return;
  }
  const reason = gone ? 'gone' : 'failing';
  const turnedOff = await tx
    .update(webhookEndpoints)
    .set({
      enabled: false,
      failingSince,
      disabledReason: gone
        ? 'O endpoint respondeu 410 (não existe mais): os envios foram desativados.'
        : 'O endpoint falhou por 5 dias seguidos: os envios foram desativados.',
      updatedAt: now,
    })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  if (turnedOff.length > 0) {
    await recordEvent(tx, endpoint.professionalId, 'webhook.disabled', {
      endpointId: endpoint.id,
      url: endpoint.url,
      reason,
      failingSince: gone ? null : failingSince.toISOString(),
    });
  }
}

/** Deliveries and attempts older than this are forgotten (the log shows recent traffic). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/** Forgets finished deliveries (and their attempts) past the retention period. */
export async function pruneDeliveries(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_MS);
  await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['succeeded', 'failed']), lte(webhookDeliveries.createdAt, before)));
}
