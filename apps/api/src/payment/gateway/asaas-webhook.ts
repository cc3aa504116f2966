/**
 * Asaas webhook deliveries. Asaas POSTs `{ id, event, dateCreated, payment | subscription, … }` and
 * sends the authentication token configured on the webhook in the `asaas-access-token` header
 * (https://docs.asaas.com/docs/criar-novo-webhook-pela-aplicacao-web). Delivery is at least once: the
 * same `id` can arrive again (https://docs.asaas.com/docs/faq-de-webhooks).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './errors.js';
import { eventInstant, eventShape, toPayment, toSubscription } from './asaas-shapes.js';
import type { GatewayEvent, WebhookHeaders } from './port.js';

export const WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

/**
 * Constant time whatever the lengths: both sides are hashed to 32 bytes first, so neither the
 * comparison nor an early length check tells a caller how long the configured token is.
 */
export function webhookTokenMatches(expected: string, received: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(received, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  let found: string | undefined;
  let count = 0;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    count += values.length;
    found = values[0];
  }
  // A repeated header is ambiguous: refuse it rather than pick one.
  return count === 1 ? found : undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Authenticates then reads one delivery; throws `WebhookRejected` otherwise. */
export function parseAsaasWebhook(
  configuredToken: string | undefined,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
): GatewayEvent {
  const received = headerValue(headers, WEBHOOK_TOKEN_HEADER);
  // Fail closed: no configured token means no delivery can be trusted.
  if (!configuredToken || received === undefined || !webhookTokenMatches(configuredToken, received)) {
    throw new WebhookRejected('unauthorized');
  }

  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : decoder.decode(rawBody));
  } catch {
    throw new WebhookRejected('malformed');
  }
  const parsed = eventShape.safeParse(body);
  if (!parsed.success) throw new WebhookRejected('malformed');

  const e = parsed.data;
  const payment = e.payment ? toPayment(e.payment) : undefined;
  const subscription = e.subscription ? toSubscription(e.subscription) : undefined;
  const subscriptionId = subscription?.id ?? payment?.subscriptionId ?? undefined;
  const occurredAt = eventInstant(e.dateCreated);
  return {
    id: e.id,
    type: e.event,
    ...(occurredAt && { occurredAt }),
    ...(payment && { payment }),
    ...(subscription && { subscription }),
    ...(subscriptionId && { subscriptionId }),
  };
}
