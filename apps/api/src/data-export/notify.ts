/**
 * Telling whoever asked that an export is ready. The patient gets a link to her ZIP signed to stop working when
 * the export expires, on the contact the sign-in code uses: WhatsApp when she opted in to it, else e-mail. The
 * professional's "Exportar tudo" is e-mailed a link to her profile only (the file is downloaded signed in).
 */
import { eq } from 'drizzle-orm';
import { dataExports, patients, professionals } from '../db/schema.js';
import { formatDateTime } from '../answer-revision/render.js';
import { FileAccess } from '../file/access.js';
import { createWhatsAppProvider } from '../delivery/whatsapp.js';
import { dataExportReadyEmail } from '../mail/templates.js';
import type { PatientRow } from './record.js';
import type { ExportDeps } from './job.js';

export interface PatientContact {
  channel: 'email' | 'whatsapp';
  to: string;
}

/** Where her link goes: WhatsApp with her consent, else her e-mail; null without either. */
export function patientContact(p: Pick<PatientRow, 'email' | 'phone' | 'preferences'>): PatientContact | null {
  if (p.preferences.channel === 'whatsapp' && p.phone) return { channel: 'whatsapp', to: p.phone };
  if (p.email) return { channel: 'email', to: p.email };
  return null;
}

/** The contact as the screen may say it: "an•••@gmail.com", "(11) •••••-4321". */
export function maskedContact(c: PatientContact): string {
  if (c.channel === 'email') {
    const [user = '', domain = ''] = c.to.split('@');
    return `${user.slice(0, Math.min(2, user.length))}•••@${domain}`;
  }
  const digits = c.to.replace(/\D/g, '');
  const local = digits.startsWith('55') ? digits.slice(2) : digits;
  return `(${local.slice(0, 2)}) •••••-${local.slice(-4)}`;
}

/** Sends her the link; a send that fails makes the export failed (she could not get it) and removes the file. */
export async function sendToPatient(
  deps: ExportDeps,
  row: typeof dataExports.$inferSelect,
  key: string,
  until: Date,
): Promise<void> {
  const [p] = await deps.db.select().from(patients).where(eq(patients.id, row.patientId!));
  const contact = p ? patientContact(p) : null;
  const files = deps.files ?? new FileAccess(() => deps.db, deps.config);
  await files.load();
  const link = files.signedUrlUntil(key, until);
  const readable = formatDateTime(until);
  try {
    if (!p || !contact) throw new Error('no contact');
    const [pro] = await deps.db
      .select({ name: professionals.name })
      .from(professionals)
      .where(eq(professionals.id, row.professionalId));
    const professionalName = pro?.name ?? 'sua profissional';
    if (contact.channel === 'whatsapp') {
      const first = p.name.split(/\s+/)[0] ?? p.name;
      await (deps.whatsapp ?? createWhatsAppProvider(deps.db)).send(
        contact.to,
        `Olá, ${first}! A cópia dos seus dados guardados por ${professionalName} está pronta: ${link} (o link vale até ${readable}). Se não foi você quem pediu, avise ${professionalName}.`,
      );
    } else {
      await deps.mailer.send(dataExportReadyEmail(contact.to, p.name, { link, until: readable, professionalName }));
    }
  } catch {
    deps.log?.warn({ exportId: row.id }, 'data export link not sent');
    const store = deps.store;
    if (store) await store.remove(key).catch(() => undefined);
    await deps.db
      .update(dataExports)
      .set({ state: 'failed', fileKey: null, error: 'Não foi possível enviar o link. Peça de novo mais tarde.' })
      .where(eq(dataExports.id, row.id));
  }
}

/** "Exportar tudo" is ready: an e-mail to her with a link to her profile (whatever her notification settings). */
export async function tellProfessional(
  deps: ExportDeps,
  pro: { name: string; email: string },
  until: Date,
): Promise<void> {
  await deps.mailer
    .send(
      dataExportReadyEmail(pro.email, pro.name, {
        link: `${deps.config.publicUrl}/profile`,
        until: formatDateTime(until),
      }),
    )
    .catch(() => deps.log?.warn({}, 'data export e-mail not sent'));
}
