/**
 * Sends the composed messages that are due: claims a batch (`FOR UPDATE SKIP LOCKED`, a 60-second lease whose
 * end is the claim's token), sends each by its channel, and records sent (with the provider's message id, so
 * WhatsApp's status webhooks find it) or failed (WHATSAPP_INTEGRATION_ERROR / NOTIFICATION_CHANNEL_ERROR,
 * retried by hand). Any number of processes may run it: a message is claimed by one at a time.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { escapeHtml } from '../mail/templates.js';
import type { Db } from '../db/client.js';
import { messageCampaigns, messages, patients, professionals } from '../db/schema.js';
import { renderBody } from './text.js';
import { templateNamed, type WhatsAppTemplate } from './templates.js';
import { DeliveryError } from '../delivery/errors.js';
import type { WhatsAppProvider } from '../delivery/whatsapp.js';
import type { Mailer } from '../mail/mailer.js';

const LEASE_MS = 60_000;

export interface SenderDeps {
  db: Db;
  mailer: Mailer;
  whatsapp: WhatsAppProvider;
  now: () => Date;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** The template's body parameters: {{1}} her first name, {{2}} the professional's name, {{3}} the text. */
export function templateParams(t: WhatsAppTemplate, patientName: string, proName: string, written: string): string[] {
  const first = patientName.split(/\s+/)[0] ?? patientName;
  const params = [first, proName];
  if (t.takesText) params.push(renderBody(written, { paciente: first, profissional: proName }));
  return params;
}

/** Sends up to `batch` due messages; returns how many were tried. */
export async function sendDueMessages(deps: SenderDeps, batch = 20): Promise<number> {
  const now = deps.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.status, 'queued'),
          eq(messages.direction, 'out'),
          isNotNull(messages.campaignId),
          lte(messages.dueAt, now),
          or(isNull(messages.lockedUntil), lte(messages.lockedUntil, now)),
        ),
      )
      .orderBy(asc(messages.dueAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(messages)
      .set({ lockedUntil: lease, attempts: sql`${messages.attempts} + 1` })
      .where(
        inArray(
          messages.id,
          due.map((d) => d.id),
        ),
      )
      .returning({ id: messages.id });
  });
  for (const { id } of claimed) {
    await sendOne(deps, id, lease).catch((err: unknown) =>
      deps.log?.warn({ err: err instanceof Error ? err.name : 'error' }, 'message send failed unexpectedly'),
    );
  }
  return claimed.length;
}

async function sendOne(deps: SenderDeps, id: string, lease: Date): Promise<void> {
  const [m] = await deps.db
    .select({
      channel: messages.channel,
      body: messages.body,
      email: patients.email,
      phone: patients.phone,
      patientName: patients.name,
      proName: professionals.name,
      template: messageCampaigns.template,
      written: messageCampaigns.body,
    })
    .from(messages)
    .innerJoin(patients, eq(patients.id, messages.patientId))
    .innerJoin(professionals, eq(professionals.id, messages.professionalId))
    .leftJoin(messageCampaigns, eq(messageCampaigns.id, messages.campaignId))
    .where(eq(messages.id, id));
  if (!m) return;
  let outcome:
    { status: 'sent'; providerMessageId: string | null } | { status: 'failed'; errorCode: string; error: string };
  try {
    if (m.channel === 'whatsapp') {
      if (!m.phone) throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'O cliente não tem telefone cadastrado.');
      const template = m.template ? templateNamed(m.template) : undefined;
      // An approved template goes as one (WhatsApp refuses free text outside the 24-hour window), with her
      // first name, the professional's name and, when it takes one, the text she wrote.
      const sent = template
        ? await deps.whatsapp.sendTemplate(m.phone, {
            name: template.name,
            params: templateParams(template, m.patientName, m.proName, m.written ?? ''),
            text: m.body,
          })
        : await deps.whatsapp.send(m.phone, m.body);
      outcome = { status: 'sent', providerMessageId: sent.providerMessageId };
    } else {
      if (!m.email) throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'O cliente não tem e-mail cadastrado.');
      try {
        await deps.mailer.send({
          to: m.email,
          subject: `Mensagem de ${m.proName}`,
          text: m.body,
          html: `<p style="white-space:pre-line">${escapeHtml(m.body)}</p>`,
        });
      } catch (err) {
        throw new DeliveryError(
          'NOTIFICATION_CHANNEL_ERROR',
          `Não foi possível enviar o e-mail (${(err as Error).message}).`,
        );
      }
      outcome = { status: 'sent', providerMessageId: null };
    }
  } catch (err) {
    const e =
      err instanceof DeliveryError
        ? err
        : new DeliveryError('WHATSAPP_INTEGRATION_ERROR', 'Não foi possível enviar a mensagem.');
    outcome = { status: 'failed', errorCode: e.code, error: e.message };
  }
  const now = deps.now();
  // Only the claim that still holds the lease records the outcome (a late sender never overwrites).
  await deps.db
    .update(messages)
    .set({
      ...(outcome.status === 'sent'
        ? { status: 'sent', providerMessageId: outcome.providerMessageId }
        : { status: 'failed', errorCode: outcome.errorCode, error: outcome.error }),
      statusAt: now,
      lockedUntil: null,
    })
    .where(and(eq(messages.id, id), eq(messages.lockedUntil, lease), eq(messages.status, 'queued')));
}

/** Runs the sender every `everyMs` (jobs on); returns a stop function. */
export function startMessageSender(deps: SenderDeps, everyMs = 2000): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void sendDueMessages(deps)
      .catch((err: unknown) => deps.log?.warn({ err }, 'message sender failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
