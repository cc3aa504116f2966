/**
 * `POST /payment/webhook`: the gateway's deliveries. Authenticated by the gateway adapter (Asaas: the
 * `asaas-access-token` header, compared in constant time); each event stored raw once by its id (a repeat is
 * acknowledged and ignored); its payment applied forward-only (charges.ts), all in one transaction, so a
 * failure answers 500 and the gateway delivers it again.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { gatewayEvents, subscriptions } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { applyPayment } from './charges.js';
import { WebhookRejected } from './gateway/errors.js';
import type { GatewayEvent, WebhookHeaders } from './gateway/port.js';

export interface WebhookAck {
  received: boolean;
  duplicate: boolean;
}

type Outcome = { outcome: 'applied' | 'ignored' | 'unmatched'; professionalId: string | null };

async function apply(tx: Executor, event: GatewayEvent, now: Date): Promise<Outcome> {
  if (!event.subscriptionId) return { outcome: 'ignored', professionalId: null };
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, event.subscriptionId))
    .for('update');
  // A subscription we never recorded (an attempt that timed out and was not retried yet): the retry reads the
  // gateway's truth itself.
  if (!sub) return { outcome: 'unmatched', professionalId: null };
  if (!event.payment) return { outcome: 'ignored', professionalId: sub.professionalId };
  const { moved } = await applyPayment(tx, sub, event.payment, now);
  return { outcome: moved ? 'applied' : 'ignored', professionalId: sub.professionalId };
}

export async function receiveWebhook(ctx: AppContext, headers: WebhookHeaders, rawBody: string): Promise<WebhookAck> {
  const gateway = await ctx.gateway();
  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(headers, rawBody);
  } catch (err) {
    if (err instanceof WebhookRejected && err.reason === 'unauthorized') throw errors.unauthorized(err.message);
    if (err instanceof WebhookRejected) throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', err.message);
    throw err;
  }
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(gatewayEvents)
      .values({
        id: event.id,
        type: event.type,
        payload: JSON.parse(rawBody) as Record<string, unknown>,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: gatewayEvents.id });
    if (!stored) return { received: true, duplicate: true };
    const { outcome, professionalId } = await apply(tx, event, now);
    await tx.update(gatewayEvents).set({ outcome, professionalId }).where(eq(gatewayEvents.id, event.id));
    return { received: true, duplicate: false };
  });
}
