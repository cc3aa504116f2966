/**
 * Webhook signatures as the Standard Webhooks specification says (https://www.standardwebhooks.com):
 * `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, which is `v1,` + base64 of
 * HMAC-SHA256(`id.timestamp.body`) keyed with the secret's bytes. A secret is `whsec_` + base64 of 24 random
 * bytes; during a rotation both secrets sign (space-separated signatures), so a receiver with either verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret (shown to the professional once). */
export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

const keyOf = (secret: string) =>
  Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

/** One `v1,<base64>` signature of the message. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one delivery attempt (each attempt is signed with its own timestamp). */
export function webhookHeaders(
  secrets: string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  };
}
