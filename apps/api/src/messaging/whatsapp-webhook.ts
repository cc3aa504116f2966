/**
 * WhatsApp's webhook (Meta Cloud API): the `hub.challenge` handshake on GET, and on POST, verified with
 * `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret, compared in constant time):
 * - statuses (sent, delivered, read, failed) of the messages we sent, found by the provider's message id, and
 *   only moving forward — a late `delivered` after `read` changes nothing, a repeat changes nothing;
 * - the patients' replies, stored once by their message id in the thread of the professional who last wrote
 *   to that phone by WhatsApp.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { messages, patients, type MESSAGE_STATUSES } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';

type Status = (typeof MESSAGE_STATUSES)[number];
const RANK: Record<Status, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1 };

const off = () => errors.notFound('Webhook do WhatsApp não configurado.');
const forbidden = () => new AppError(401, 'Unauthorized', 'Assinatura do webhook inválida.');

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** GET: answers the challenge when the verify token is ours. */
export function challenge(ctx: AppContext, q: Record<string, unknown>): string {
  const config = ctx.config.whatsappWebhook;
  if (!config) throw off();
  const token = typeof q['hub.verify_token'] === 'string' ? q['hub.verify_token'] : '';
  if (q['hub.mode'] !== 'subscribe' || !equal(token, config.verifyToken)) throw forbidden();
  const value = q['hub.challenge'];
  if (typeof value !== 'string' || value.length > 200) throw errors.field(['hub.challenge'], 'Desafio inválido.');
  return value;
}

export function signatureOf(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

const payloadShape = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string().max(200),
                        status: z.string().max(20),
                        timestamp: z.string().max(20).optional(),
                        errors: z
                          .array(z.object({ code: z.number().optional(), title: z.string().optional() }))
                          .optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        from: z.string().max(20),
                        id: z.string().max(200),
                        timestamp: z.string().max(20).optional(),
                        type: z.string().max(20).optional(),
                        text: z.object({ body: z.string().max(4096) }).optional(),
                      }),
                    )
                    .max(1000)
                    .optional(),
                })
                .passthrough(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const instantOf = (ts: string | undefined, fallback: Date) => {
  const n = Number(ts);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : fallback;
};

/** POST: verifies the signature, then applies statuses and replies. Returns what changed. */
export async function receive(
  ctx: AppContext,
  signature: string | undefined,
  rawBody: string,
): Promise<{ statuses: number; replies: number }> {
  const config = ctx.config.whatsappWebhook;
  if (!config) throw off();
  if (!signature || !equal(signature, signatureOf(config.appSecret, rawBody))) throw forbidden();
  let parsed: z.infer<typeof payloadShape>;
  try {
    parsed = payloadShape.parse(JSON.parse(rawBody));
  } catch {
    throw errors.field(['body'], 'Corpo do webhook inválido.');
  }
  const now = ctx.config.now();
  let statuses = 0;
  let replies = 0;
  for (const entry of parsed.entry) {
    for (const { value } of entry.changes) {
      for (const s of value.statuses ?? []) {
        const to = s.status as Status;
        if (!(to in RANK) || to === 'queued') continue;
        const failed = to === 'failed';
        // Forward only: a status of lower or equal rank (a repeat, a late one) changes nothing; failed only
        // replaces a message not yet delivered.
        const moved = await ctx.db
          .update(messages)
          .set({
            status: to,
            statusAt: instantOf(s.timestamp, now),
            ...(failed && {
              errorCode: 'WHATSAPP_INTEGRATION_ERROR',
              error: `O WhatsApp não entregou a mensagem${s.errors?.[0]?.title ? `: ${s.errors[0].title}` : '.'}`,
            }),
          })
          .where(
            and(
              eq(messages.providerMessageId, s.id),
              eq(messages.direction, 'out'),
              failed
                ? inArray(messages.status, ['queued', 'sent'])
                : sql`(CASE ${messages.status} WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 9 END) < ${RANK[to]}`,
            ),
          )
          .returning({ id: messages.id });
        statuses += moved.length;
      }
      for (const m of value.messages ?? []) {
        const phone = `+${m.from.replace(/\D/g, '')}`;
        // The professional who last wrote to this phone by WhatsApp owns the thread.
        const [last] = await ctx.db
          .select({ professionalId: messages.professionalId, patientId: messages.patientId })
          .from(messages)
          .innerJoin(patients, eq(patients.id, messages.patientId))
          .where(
            and(
              eq(patients.phone, phone),
              eq(messages.channel, 'whatsapp'),
              eq(messages.direction, 'out'),
              isNotNull(messages.providerMessageId),
            ),
          )
          .orderBy(desc(messages.createdAt))
          .limit(1);
        if (!last) continue;
        const body =
          m.text?.body ?? (m.type ? `[${m.type === 'image' ? 'Imagem' : 'Mensagem'} recebida pelo WhatsApp]` : '');
        const inserted = await ctx.db
          .insert(messages)
          .values({
            professionalId: last.professionalId,
            patientId: last.patientId,
            channel: 'whatsapp',
            direction: 'in',
            body: body.slice(0, 4096),
            status: 'delivered',
            providerMessageId: m.id,
            statusAt: instantOf(m.timestamp, now),
            createdAt: instantOf(m.timestamp, now),
          })
          .onConflictDoNothing()
          .returning({ id: messages.id });
        replies += inserted.length;
      }
    }
  }
  return { statuses, replies };
}
