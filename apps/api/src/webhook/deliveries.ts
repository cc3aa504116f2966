/**
 * Webhook deliveries: created with the event's dispatch (`dispatch.ts`), claimed by a worker with a lease, attempted with
 * the SSRF guard, and recorded with what the endpoint answered.
 *
 * - At least once, with a stable `webhook-id`: a delivery row exists for each (event, subscribed endpoint)
 *   from the moment the event is marked dispatched (same transaction). A worker claims it by taking a lease
 *   and counting the attempt in one transaction (`FOR UPDATE SKIP LOCKED`: two workers never claim the same
 *   row); a worker that dies mid-send leaves the lease to expire, and the next claim sends the same message
 *   again, as a new attempt. The lease's end (`locked_until`) is the claim's token: an attempt records its
 *   outcome only while the row still holds it, so a late attempt never overwrites a newer one.
 * - Fair: at most {@link PER_ENDPOINT_IN_FLIGHT} attempts in flight per endpoint, so one slow endpoint (or a
 *   bulk run of thousands of events) cannot take every worker's slots.
 * - An endpoint that is off keeps its messages `paused` (they leave the due index and wait); a test or a
 *   redelivery she asks for is sent once even then.
 * - Only 2xx succeeds. Redirects are not followed (a 3xx is a failure). 410 turns the endpoint off; an
 *   endpoint failing without a success for days is turned off too, and the professional is told.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import { outboundRequest, OutboundRefused, type OutboundResponse } from '../lib/outbound.js';
import { messageBody } from './payload.js';
import { MAX_ATTEMPTS, parseRetryAfter, retryDelay } from './schedule.js';
import { webhookHeaders } from './signing.js';
import { pauseDeliveries } from './paused.js';

/** An endpoint failing without one success for this long is turned off. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
/** How much of an answer is kept in the log. */
export const EXCERPT_CHARS = 500;
/** How much of an answer is read at all. */
const READ_BYTES = 4096;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type Outcome = (typeof webhookAttempts.$inferSelect)['outcome'];

/** Attempts in flight at once to one endpoint, across every worker. */
export const PER_ENDPOINT_IN_FLIGHT = 4;

/**
 * Takes the lease of up to `limit` due deliveries (at most {@link PER_ENDPOINT_IN_FLIGHT} per endpoint in
 * flight) and counts their attempt; returns them. A row whose round has used every attempt (its worker kept
 * dying before recording one) is failed instead of claimed again.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  if (limit <= 0) return [];
  const free = or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now));
  return db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lockedUntil: null })
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          free,
          sql`${webhookDeliveries.attempts} - ${webhookDeliveries.roundStart} >= ${MAX_ATTEMPTS}`,
        ),
      );
    const candidates = await tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          free,
          // Off: only what she asked for by hand, once per round.
          or(
            eq(webhookEndpoints.enabled, true),
            and(
              eq(webhookDeliveries.manual, true),
              sql`${webhookDeliveries.attempts} = ${webhookDeliveries.roundStart}`,
            ),
          ),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit * PER_ENDPOINT_IN_FLIGHT)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (candidates.length === 0) return [];
    const endpointIds = [...new Set(candidates.map((c) => c.endpointId))];
    const busy = new Map(
      (
        await tx
          .select({ endpointId: webhookDeliveries.endpointId, n: count() })
          .from(webhookDeliveries)
          .where(and(inArray(webhookDeliveries.endpointId, endpointIds), gt(webhookDeliveries.lockedUntil, now)))
          .groupBy(webhookDeliveries.endpointId)
      ).map((r) => [r.endpointId, r.n]),
    );
    const picked: string[] = [];
    for (const c of candidates) {
      if (picked.length >= limit) break;
      const inFlight = busy.get(c.endpointId) ?? 0;
      if (inFlight >= PER_ENDPOINT_IN_FLIGHT) continue;
      busy.set(c.endpointId, inFlight + 1);
      picked.push(c.id);
    }
    if (picked.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(inArray(webhookDeliveries.id, picked))
      .returning();
  });
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
  if (err instanceof OutboundRefused) return err.kind === 'dns' ? 'dns_error' : 'refused';
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

/** The first attempt of a round asked for by hand (a test, a redelivery): sent even while the endpoint is off. */
const byHand = (d: DeliveryRow) => d.manual && d.attempts - 1 === d.roundStart;

/** A failing streak with no attempt for this long is over: the next failure starts a new one. */
const STREAK_GAP_MS = 24 * 3_600_000;

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
};

/** Gives a claimed row back without an attempt (its endpoint went off, or stopped wanting the event). */
async function release(db: Db, d: DeliveryRow, status: 'paused' | 'failed'): Promise<null> {
  await db
    .update(webhookDeliveries)
    .set({ status, attempts: d.attempts - 1, lockedUntil: null })
    .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.lockedUntil, d.lockedUntil!)));
  return null;
}

/** One attempt of a claimed delivery: send, record, and schedule the next attempt or finish. */
export async function attemptDelivery(deps: AttemptDeps, d: DeliveryRow): Promise<AttemptResult | null> {
  const { db } = deps;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
  if (!endpoint) return null;
  // What may have changed since the claim: turned off, or no longer subscribed to this event.
  if (!byHand(d)) {
    if (!endpoint.enabled) return release(db, d, 'paused');
    if (d.eventId && !endpoint.events.includes(d.eventType)) return release(db, d, 'failed');
  }
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
  } else if (endpoint.previousSecret) {
    // A rotation's overlap is over: the old secret is not kept.
    await db
      .update(webhookEndpoints)
      .set({ previousSecret: null, previousSecretExpiresAt: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), lte(webhookEndpoints.previousSecretExpiresAt, sentAt)));
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
  // A retry of an endpoint that is off waits, paused, until it is on again.
  const status =
    outcome === 'success' ? 'succeeded' : !nextAttemptAt ? 'failed' : endpoint.enabled ? 'pending' : 'paused';

  try {
    await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ outcome: webhookAttempts.outcome, attemptedAt: webhookAttempts.attemptedAt })
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, d.endpointId))
        .orderBy(desc(webhookAttempts.attemptedAt))
        .limit(1);
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
      // Only while the claim is still ours (a redelivery, or a later claim after the lease ran out, decides).
      const ours = await tx
        .update(webhookDeliveries)
        .set({ status, nextAttemptAt, lockedUntil: null })
        .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.lockedUntil, d.lockedUntil!)))
        .returning({ id: webhookDeliveries.id });
      if (ours.length > 0) await recordEndpointHealth(tx, endpoint, outcome === 'success', gone, now, previous);
    });
  } catch (err) {
    // The endpoint (and its deliveries) was deleted while the message was on its way: nothing to record.
    if (isForeignKeyViolation(err)) return null;
    throw err;
  }
  return { outcome, statusCode, durationMs, nextAttemptAt };
}

/**
 * A success ends the endpoint's failing streak; 410, or failing for five days (attempts failing all along,
 * no day without one), turns it off and tells her.
 */
async function recordEndpointHealth(
  tx: Executor,
  endpoint: typeof webhookEndpoints.$inferSelect,
  ok: boolean,
  gone: boolean,
  now: Date,
  previous: { outcome: Outcome; attemptedAt: Date } | undefined,
): Promise<void> {
  if (ok) {
    if (endpoint.failingSince) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    }
    return;
  }
  // A streak interrupted by a quiet day (or by a success the row has not seen) starts over now.
  const continued =
    endpoint.failingSince !== null &&
    previous !== undefined &&
    previous.outcome !== 'success' &&
    now.getTime() - previous.attemptedAt.getTime() < STREAK_GAP_MS;
  const failingSince = continued ? endpoint.failingSince! : now;
  const tooLong = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  if (!gone && !tooLong) {
    if (endpoint.failingSince?.getTime() !== failingSince.getTime()) {
      await tx.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, endpoint.id));
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
    await pauseDeliveries(tx, endpoint.id);
    await recordEvent(tx, endpoint.professionalId, 'webhook.disabled', {
      endpointId: endpoint.id,
      // The host only: a URL's path or query often carries the receiver's own token.
      host: new URL(endpoint.url).host,
      description: endpoint.description,
      reason,
      failingSince: gone ? null : failingSince.toISOString(),
    });
  }
}
