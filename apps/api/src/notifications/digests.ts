/**
 * E-mail and WhatsApp notifications to the professional. An event joins the open digest of its
 * (professional, channel, type), which goes out a few minutes after its first event ("3 clientes
 * responderam"), or when her quiet hours end. The message says what happened and links to the portal: no
 * patient name, nothing a patient answered. A channel that keeps failing gives up after a few tries and
 * tells her in the portal (NOTIFICATION_CHANNEL_ERROR / WHATSAPP_INTEGRATION_ERROR).
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { notificationDigests, professionals } from '../db/schema.js';
import { recordEvent } from '../events/record.js';
import type { Mailer } from '../mail/mailer.js';
import { notificationDigestEmail } from '../mail/templates.js';
import type { WhatsAppProvider } from '../delivery/whatsapp.js';
import { DeliveryError } from '../delivery/errors.js';
import { formatLastError } from '../schedule/dto.js';
import { NOTIFICATION_TYPES, type NotificationTypeKey, type TypePreference } from './types.js';
import { normalizePhone } from '../patient/fields.js';

/** How long a digest gathers events before it is sent. */
export const DIGEST_WINDOW_MS = 3 * 60_000;
/** Tries before a digest is given up (then the professional is told in the portal). */
export const DIGEST_MAX_ATTEMPTS = 5;

const SP_OFFSET_MS = -3 * 3_600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a message wanted at `at` may go out: at once, or when the quiet hours (São Paulo time, possibly across
 * midnight) around `at` end.
 */
export function afterQuietHours(at: Date, quiet: TypePreference['quietHours']): Date {
  if (!quiet) return at;
  const sp = new Date(at.getTime() + SP_OFFSET_MS);
  const now = sp.getUTCHours() * 60 + sp.getUTCMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const wait = (end - now + 24 * 60) % (24 * 60);
  const due = new Date(at.getTime() + wait * 60_000);
  due.setUTCSeconds(0, 0);
  return due;
}

/** Adds an event to the open digest of its channel and type (idempotent: an event counts once). */
export async function addToDigest(
  tx: Executor,
  d: { professionalId: string; channel: 'email' | 'whatsapp'; type: NotificationTypeKey; eventId: string },
  pref: TypePreference,
  now: Date,
): Promise<void> {
  // Security notices go at once; the others gather for a few minutes.
  const wanted = NOTIFICATION_TYPES[d.type]!.mandatory ? now : new Date(now.getTime() + DIGEST_WINDOW_MS);
  const dueAt = afterQuietHours(wanted, pref.quietHours);
  await tx
    .insert(notificationDigests)
    .values({ ...d, eventIds: [d.eventId], dueAt, createdAt: now })
    .onConflictDoUpdate({
      target: [notificationDigests.professionalId, notificationDigests.channel, notificationDigests.type],
      targetWhere: sql`${notificationDigests.sentAt} IS NULL AND ${notificationDigests.failedAt} IS NULL`,
      set: {
        eventIds: sql`CASE WHEN ${d.eventId}::uuid = ANY(${notificationDigests.eventIds}) THEN ${notificationDigests.eventIds} ELSE array_append(${notificationDigests.eventIds}, ${d.eventId}::uuid) END`,
      },
    });
}

export interface DigestChannels {
  mailer: Mailer;
  whatsapp: WhatsAppProvider;
  publicUrl: string;
}

/** Sends every digest that is due; returns how many went out. */
export async function sendDueDigests(
  db: Db,
  channels: DigestChannels,
  now: Date,
  log?: { error(obj: unknown, msg?: string): void },
): Promise<number> {
  // Claimed in one statement: another dispatcher skips these rows for the lease, then may retry them.
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDigests.id })
      .from(notificationDigests)
      .where(
        and(
          isNull(notificationDigests.sentAt),
          isNull(notificationDigests.failedAt),
          lte(notificationDigests.dueAt, now),
        ),
      )
      .orderBy(asc(notificationDigests.dueAt))
      .limit(50)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const lease = new Date(now.getTime() + 5 * 60_000);
    const rows = [];
    for (const { id } of due) {
      const [row] = await tx
        .update(notificationDigests)
        .set({ attempts: sql`${notificationDigests.attempts} + 1`, dueAt: lease })
        .where(eq(notificationDigests.id, id))
        .returning();
      rows.push(row!);
    }
    return rows;
  });

  let sent = 0;
  for (const digest of claimed) {
    const [pro] = await db
      .select({ email: professionals.email, phone: professionals.phone })
      .from(professionals)
      .where(eq(professionals.id, digest.professionalId));
    const type = digest.type as NotificationTypeKey;
    const summary = NOTIFICATION_TYPES[type]!.summary(digest.eventIds.length);
    const link = `${channels.publicUrl}${summary.link}`;
    try {
      if (!pro) throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'professional gone', { permanent: true });
      if (digest.channel === 'email') {
        await channels.mailer
          .send(notificationDigestEmail(pro.email, summary.subject, summary.text, link))
          .catch((err: Error) => {
            throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', err.message);
          });
      } else {
        const phone = pro.phone ? normalizePhone(pro.phone) : null;
        if (!phone)
          throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'no valid phone on the profile', { permanent: true });
        await channels.whatsapp.send(phone, `${summary.text}\n\nAbra o Acompanha: ${link}`).catch((err: Error) => {
          throw new DeliveryError('WHATSAPP_INTEGRATION_ERROR', err.message);
        });
      }
      await db.update(notificationDigests).set({ sentAt: now }).where(eq(notificationDigests.id, digest.id));
      sent++;
    } catch (err) {
      const e = err instanceof DeliveryError ? err : new DeliveryError('NOTIFICATION_CHANNEL_ERROR', String(err));
      // The log names the code and the digest, never an address or a patient.
      log?.error({ code: e.code, digestId: digest.id, channel: digest.channel }, 'notification channel failed');
      const giveUp = e.permanent || digest.attempts >= DIGEST_MAX_ATTEMPTS;
      await db.transaction(async (tx) => {
        await tx
          .update(notificationDigests)
          .set(
            giveUp
              ? { failedAt: now, lastError: formatLastError(e.code, e.message).slice(0, 500) }
              : {
                  lastError: formatLastError(e.code, e.message).slice(0, 500),
                  dueAt: new Date(now.getTime() + 60_000 * 2 ** digest.attempts),
                },
          )
          .where(eq(notificationDigests.id, digest.id));
        if (giveUp) {
          await recordEvent(tx, digest.professionalId, 'notification.failed', {
            channel: digest.channel,
            errorCode:
              e.code === 'WHATSAPP_INTEGRATION_ERROR' ? 'WHATSAPP_INTEGRATION_ERROR' : 'NOTIFICATION_CHANNEL_ERROR',
            notificationType: digest.type,
          });
        }
      });
    }
  }
  return sent;
}
