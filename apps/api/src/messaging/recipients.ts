/**
 * Who receives a message and by which channel: the audience (the chosen clients, or everyone matching the
 * client filters, at most MAX_RECIPIENTS), each one's channel (WhatsApp only with her consent and a phone, else
 * e-mail) and whether she wrote in WhatsApp's last 24 hours.
 */
import { and, eq, inArray, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { messages, patients, type NOTIFICATION_CHANNELS } from '../db/schema.js';
import { errors } from '../errors/app-error.js';
import { patientNotFound } from '../patient/lookup.js';
import { listPatients } from '../patient/list.js';
import type { ComposeMessageBody, MessageAudienceSchema } from './schemas.js';
import { MAX_RECIPIENTS } from './schemas.js';
import { WHATSAPP_WINDOW_MS } from './templates.js';

export type Channel = (typeof NOTIFICATION_CHANNELS)[number];
type Compose = z.infer<typeof ComposeMessageBody>;
type Audience = z.infer<typeof MessageAudienceSchema>;

export interface Recipient {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  channel: Channel | null;
  /** WhatsApp recipients: inside the 24-hour window. */
  inWindow: boolean;
}

/** The channel she gets it by: the chosen one when she can, else the other one she can, else none. */
function channelOf(p: { email: string | null; phone: string | null; whatsappOk: boolean }, chosen: Channel) {
  const canWhatsApp = p.whatsappOk && !!p.phone;
  const canEmail = !!p.email;
  if (chosen === 'whatsapp') return canWhatsApp ? 'whatsapp' : canEmail ? 'email' : null;
  return canEmail ? 'email' : canWhatsApp ? 'whatsapp' : null;
}

async function audienceIds(ctx: AppContext, professionalId: string, audience: Audience): Promise<string[]> {
  if (audience.kind === 'patients') {
    const ids = [...new Set(audience.patientIds)];
    const found = await ctx.db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(eq(patients.professionalId, professionalId), inArray(patients.id, ids), ne(patients.status, 'deleted')),
      );
    // A foreign id answers exactly like a missing one.
    if (found.length !== ids.length) throw patientNotFound();
    return ids;
  }
  const out: string[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await listPatients(ctx, professionalId, {
      status: audience.status,
      serviceId: audience.serviceId,
      serviceModality: audience.serviceModality,
      take: 100,
      skip,
    });
    for (const p of page.items) out.push(p.id);
    if (out.length > MAX_RECIPIENTS) {
      throw errors.field(['audience'], `Mais de ${MAX_RECIPIENTS} clientes com estes filtros. Refine a escolha.`);
    }
    if (page.items.length < 100) break;
  }
  if (out.length === 0) throw errors.field(['audience'], 'Nenhum cliente com estes filtros.');
  return out;
}

export async function recipientsOf(
  ctx: AppContext,
  professionalId: string,
  body: Pick<Compose, 'audience' | 'channel'>,
) {
  const ids = await audienceIds(ctx, professionalId, body.audience);
  const rows: Recipient[] = [];
  const now = ctx.config.now().getTime();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const people = await ctx.db
      .select({
        id: patients.id,
        name: patients.name,
        email: patients.email,
        phone: patients.phone,
        preferences: patients.preferences,
      })
      .from(patients)
      .where(and(eq(patients.professionalId, professionalId), inArray(patients.id, chunk)));
    const last = await ctx.db
      .select({ patientId: messages.patientId, at: max(messages.createdAt) })
      .from(messages)
      .where(
        and(
          eq(messages.professionalId, professionalId),
          eq(messages.direction, 'in'),
          inArray(messages.patientId, chunk),
        ),
      )
      .groupBy(messages.patientId);
    const lastIn = new Map(last.map((l) => [l.patientId, l.at ? new Date(l.at).getTime() : 0]));
    for (const p of people) {
      const channel = channelOf({ ...p, whatsappOk: p.preferences.channel === 'whatsapp' }, body.channel);
      rows.push({
        id: p.id,
        name: p.name,
        email: p.email,
        phone: p.phone,
        channel,
        inWindow: now - (lastIn.get(p.id) ?? 0) < WHATSAPP_WINDOW_MS,
      });
    }
  }
  return rows;
}
