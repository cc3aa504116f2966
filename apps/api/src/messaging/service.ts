/**
 * Composing messages to clients (`/clients/messaging`): the preview, the send and the progress of a send, over
 * who receives it and by which channel (recipients.ts) and what each one reads (text.ts: the template variables,
 * WhatsApp's approved templates). The recipients are fixed when the message is created: one `messages` row each
 * (queued, or failed at once when she has no contact), sent by sender.ts.
 *
 * Channel rules: WhatsApp only to a client who agreed to it (her preferences) and has a phone; the others get
 * e-mail. Outside the 24 hours after her last WhatsApp message only an approved template reaches her.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { messageCampaigns, messages, patients, professionals, type NOTIFICATION_CHANNELS } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { reserveAll } from '../lib/rate-limit.js';
import type {
  CampaignDetailSchema,
  CampaignSchema,
  ComposeMessageBody,
  MessageAudienceSchema,
  MessagePreviewSchema,
  RecipientsQuery,
} from './schemas.js';
import { recipientsOf } from './recipients.js';
import { checkTemplate, checkVariables, sampleOf, textFor } from './text.js';

type Channel = (typeof NOTIFICATION_CHANNELS)[number];
type Compose = z.infer<typeof ComposeMessageBody>;
type Audience = z.infer<typeof MessageAudienceSchema>;
type CampaignDto = z.infer<typeof CampaignSchema>;

async function professionalName(ctx: AppContext, professionalId: string): Promise<string> {
  const [pro] = await ctx.db
    .select({ name: professionals.name })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  return pro?.name ?? '';
}

/** Each send (and each retry) is reserved first: per professional and per address, an hour at a time. */
async function reserveSend(ctx: AppContext, professionalId: string, ip: string, now: Date): Promise<void> {
  const { limits } = ctx.config;
  const message = 'Muitos envios de mensagens seguidos. Aguarde um pouco e tente de novo.';
  await reserveAll(
    ctx.db,
    [
      { key: `messages:pro:${professionalId}`, limit: limits.messageSendsPerAccount, message },
      { key: `messages:ip:${ip}`, limit: limits.messageSendsPerAddress, message },
    ],
    now,
  );
}

/** `POST /chat/messages/preview`: who gets it by which channel, before sending. */
export async function preview(
  ctx: AppContext,
  professionalId: string,
  body: Compose,
): Promise<z.infer<typeof MessagePreviewSchema>> {
  checkVariables(body.body);
  checkTemplate(body.template);
  const [recipients, proName] = await Promise.all([
    recipientsOf(ctx, professionalId, body),
    professionalName(ctx, professionalId),
  ]);
  const by = (c: Channel | null) => recipients.filter((r) => r.channel === c).length;
  return {
    total: recipients.length,
    email: by('email'),
    whatsapp: by('whatsapp'),
    withoutContact: by(null),
    outsideWindow: recipients.filter((r) => r.channel === 'whatsapp' && !r.inWindow).length,
    sample: sampleOf(recipients, body, proName),
  };
}

/**
 * `POST /chat/messages`: fixes the recipients and queues one message each (sent now or at `sendAt`). WhatsApp
 * recipients outside the 24-hour window need an approved template: 409 WHATSAPP_TEMPLATE_REQUIRED otherwise.
 */
export async function compose(
  ctx: AppContext,
  professionalId: string,
  body: Compose,
  ip: string,
): Promise<CampaignDto> {
  checkVariables(body.body);
  checkTemplate(body.template);
  const now = ctx.config.now();
  await reserveSend(ctx, professionalId, ip, now);
  const [recipients, proName] = await Promise.all([
    recipientsOf(ctx, professionalId, body),
    professionalName(ctx, professionalId),
  ]);
  const outside = recipients.filter((r) => r.channel === 'whatsapp' && !r.inWindow).length;
  if (outside > 0 && !body.template) {
    throw new AppError(
      409,
      'WHATSAPP_TEMPLATE_REQUIRED',
      `${outside === 1 ? 'Um cliente não fala' : `${outside} clientes não falam`} com você pelo WhatsApp há mais de 24 horas: para eles, o WhatsApp só aceita um modelo aprovado. Escolha um modelo.`,
      { outsideWindow: outside },
    );
  }
  const requested = body.sendAt ? new Date(body.sendAt) : now;
  const sendAt = requested > now ? requested : now;
  const id = await ctx.db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(messageCampaigns)
      .values({
        professionalId,
        channel: body.channel,
        body: body.body,
        template: body.template ?? null,
        audience: body.audience as Record<string, unknown>,
        sendAt,
        total: recipients.length,
        createdAt: now,
      })
      .returning({ id: messageCampaigns.id });
    for (let i = 0; i < recipients.length; i += 500) {
      await tx.insert(messages).values(
        recipients.slice(i, i + 500).map((r) => ({
          professionalId,
          patientId: r.id,
          campaignId: campaign!.id,
          channel: r.channel ?? body.channel,
          body: textFor(r, body.body, proName, body.template),
          direction: 'out' as const,
          dueAt: sendAt,
          createdAt: now,
          statusAt: now,
          ...(r.channel
            ? { status: 'queued' as const }
            : {
                status: 'failed' as const,
                errorCode: 'NOTIFICATION_CHANNEL_ERROR',
                error: 'O cliente não tem e-mail nem WhatsApp autorizado cadastrados.',
              }),
        })),
      );
    }
    return campaign!.id;
  });
  return (await campaignsByIds(ctx, professionalId, [id]))[0]!;
}

async function campaignsByIds(ctx: AppContext, professionalId: string, ids: string[]): Promise<CampaignDto[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(messageCampaigns)
    .where(and(eq(messageCampaigns.professionalId, professionalId), inArray(messageCampaigns.id, ids)))
    .orderBy(desc(messageCampaigns.createdAt));
  const tallies = await ctx.db
    .select({ campaignId: messages.campaignId, status: messages.status, n: count() })
    .from(messages)
    .where(inArray(messages.campaignId, ids))
    .groupBy(messages.campaignId, messages.status);
  return rows.map((c) => {
    const counts = { queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 };
    for (const t of tallies) if (t.campaignId === c.id) counts[t.status] = Number(t.n);
    return {
      id: c.id,
      channel: c.channel,
      body: c.body,
      template: c.template,
      audience: c.audience as Audience,
      sendAt: c.sendAt.toISOString(),
      total: c.total,
      counts,
      createdAt: c.createdAt.toISOString(),
    };
  });
}

/** `GET /chat/campaigns`: her composed messages, newest first, with their progress. */
export async function listCampaigns(ctx: AppContext, professionalId: string, q: { take: number; skip: number }) {
  const where = eq(messageCampaigns.professionalId, professionalId);
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(messageCampaigns).where(where);
  const page = await ctx.db
    .select({ id: messageCampaigns.id })
    .from(messageCampaigns)
    .where(where)
    .orderBy(desc(messageCampaigns.createdAt))
    .limit(q.take)
    .offset(q.skip);
  return {
    items: await campaignsByIds(
      ctx,
      professionalId,
      page.map((p) => p.id),
    ),
    total: Number(n),
  };
}

const campaignNotFound = () => errors.notFound('Envio não encontrado.');

/** `GET /chat/campaigns/{id}`: one send's progress and each recipient's state. */
export async function campaignDetail(
  ctx: AppContext,
  professionalId: string,
  id: string,
  q: z.infer<typeof RecipientsQuery>,
): Promise<z.infer<typeof CampaignDetailSchema>> {
  const [campaign] = await campaignsByIds(ctx, professionalId, [id]);
  if (!campaign) throw campaignNotFound();
  const where = and(
    eq(messages.campaignId, id),
    eq(messages.professionalId, professionalId),
    q.status ? eq(messages.status, q.status) : undefined,
  );
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(messages).where(where);
  const rows = await ctx.db
    .select({
      messageId: messages.id,
      patientId: messages.patientId,
      patientName: patients.name,
      channel: messages.channel,
      status: messages.status,
      errorCode: messages.errorCode,
      error: messages.error,
      statusAt: messages.statusAt,
    })
    .from(messages)
    .innerJoin(patients, eq(patients.id, messages.patientId))
    .where(where)
    // Failures first: they are what she has to act on.
    .orderBy(sql`CASE WHEN ${messages.status} = 'failed' THEN 0 ELSE 1 END`, patients.name)
    .limit(q.take)
    .offset(q.skip);
  return {
    campaign,
    recipients: rows.map((r) => ({
      ...r,
      errorCode: (r.errorCode as 'WHATSAPP_INTEGRATION_ERROR' | 'NOTIFICATION_CHANNEL_ERROR' | null) ?? null,
      statusAt: r.statusAt?.toISOString() ?? null,
    })),
    recipientsTotal: Number(n),
  };
}

/** `POST /chat/messages/{id}/retry`: a failed message goes back to the queue (with her current contact). */
export async function retryMessage(
  ctx: AppContext,
  professionalId: string,
  id: string,
  ip: string,
): Promise<{ id: string }> {
  const now = ctx.config.now();
  await reserveSend(ctx, professionalId, ip, now);
  const [row] = await ctx.db
    .update(messages)
    .set({ status: 'queued', errorCode: null, error: null, dueAt: now, statusAt: now, lockedUntil: null })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.professionalId, professionalId),
        eq(messages.status, 'failed'),
        eq(messages.direction, 'out'),
        sql`${messages.campaignId} IS NOT NULL`,
      ),
    )
    .returning({ id: messages.id });
  if (row) return row;
  const [exists] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.id, id), eq(messages.professionalId, professionalId), sql`${messages.campaignId} IS NOT NULL`),
    );
  if (!exists) throw errors.notFound('Mensagem não encontrada.');
  throw errors.field(['id'], 'Só uma mensagem que falhou pode ser reenviada.');
}
