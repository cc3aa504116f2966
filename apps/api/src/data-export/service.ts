/**
 * Data exports (LGPD arts. 18 and 19): the professional asks for one client's whole record or for every client's
 * ("Exportar tudo", allowed while her account is expired: exporting is reading), the patient asks for her own
 * from her corner of the client area. Each request is a `data_exports` row the job builds (job.ts). Every lookup
 * checks ownership here: a foreign or missing client or job answers alike, 404.
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { accountActivity, dataExports, patients } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { truncateAddress } from '../access/address.js';
import { reserveAll, tryAgainIn } from '../lib/rate-limit.js';
import { findOwnPatient } from '../patient/lookup.js';
import type { PatientAuth } from '../patient-area/token.js';
import { EXPORT_TTL_MS, expireExport } from './job.js';
import { maskedContact, patientContact } from './notify.js';
import type { DataExportSchema, OwnExportRequestedSchema } from './schemas.js';

type Row = typeof dataExports.$inferSelect;
type Dto = z.infer<typeof DataExportSchema>;

export const exportNotFound = () => new AppError(404, 'DATA_EXPORT_NOT_FOUND', 'Exportação não encontrada.');

function toDto(ctx: AppContext, r: Row): Dto {
  return {
    id: r.id,
    scope: r.patientId ? 'patient' : 'all',
    state: r.state as Dto['state'],
    progress: r.progress,
    total: r.total,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    size: r.size ?? null,
    // The stable address: the serializer turns it into a short-lived signed link on the way out.
    downloadUrl: r.state === 'done' && r.fileKey ? ctx.storage.store.downloadUrl(r.fileKey) : null,
    error: r.state === 'failed' ? r.error : null,
  };
}

/** One of the professional's exports it asked for, else 404; a finished one past its day expires now. */
async function findOwnExport(ctx: AppContext, professionalId: string, id: string, patientId: string | null) {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.professionalId, professionalId),
        eq(dataExports.requestedBy, 'professional'),
        patientId ? eq(dataExports.patientId, patientId) : isNull(dataExports.patientId),
      ),
    );
  if (!row) throw exportNotFound();
  if (row.state === 'done' && row.expiresAt && row.expiresAt <= ctx.config.now()) {
    await expireExport(ctx.db, ctx.storage.store, row);
    return { ...row, state: 'expired', fileKey: null };
  }
  return row;
}

/** Her export still queued or being built for the same scope (asking twice gives the same job). */
async function activeExport(db: Executor, professionalId: string, patientId: string | null) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.professionalId, professionalId),
        eq(dataExports.requestedBy, 'professional'),
        patientId ? eq(dataExports.patientId, patientId) : isNull(dataExports.patientId),
        inArray(dataExports.state, ['queued', 'running']),
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

async function requestExport(ctx: AppContext, professionalId: string, patientId: string | null, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const active = await activeExport(tx, professionalId, patientId);
    if (active) return active;
    const [row] = await tx
      .insert(dataExports)
      .values({ professionalId, patientId, requestedBy: 'professional', total: patientId ? 1 : 0 })
      .returning();
    await tx.insert(accountActivity).values({
      professionalId,
      kind: 'export_requested',
      address: truncateAddress(ip),
      detail: { exportId: row!.id, scope: patientId ? 'patient' : 'all' },
    });
    return row!;
  });
}

/** `POST /patient/{id}/export`. */
export async function requestPatientExport(ctx: AppContext, professionalId: string, patientId: string, ip: string) {
  await findOwnPatient(ctx.db, professionalId, patientId);
  return toDto(ctx, await requestExport(ctx, professionalId, patientId, ip));
}

/** `GET /patient/{id}/export/{jobId}`. */
export async function getPatientExport(ctx: AppContext, professionalId: string, patientId: string, jobId: string) {
  await findOwnPatient(ctx.db, professionalId, patientId);
  return toDto(ctx, await findOwnExport(ctx, professionalId, jobId, patientId));
}

/** `POST /professional/me/export` ("Exportar tudo"). */
export async function requestAllExport(ctx: AppContext, professionalId: string, ip: string) {
  return toDto(ctx, await requestExport(ctx, professionalId, null, ip));
}

/** `GET /professional/me/export/{jobId}`. */
export async function getAllExport(ctx: AppContext, professionalId: string, jobId: string) {
  return toDto(ctx, await findOwnExport(ctx, professionalId, jobId, null));
}

/**
 * `POST /patient-area/me/export`: her own record, built by the job and sent to her contact as a link. Reserved
 * before any work: a few per patient a day and a budget per address.
 */
export async function requestOwnExport(
  ctx: AppContext,
  auth: PatientAuth,
  ip: string,
): Promise<z.infer<typeof OwnExportRequestedSchema>> {
  // Reserved before any work, even before her record is read: her id is in her session.
  const { limits } = ctx.config;
  await reserveAll(
    ctx.db,
    [
      {
        key: `pexport:${auth.patientId}`,
        limit: limits.patientExportsPerPatient,
        message: (s) => `Você já pediu ${limits.patientExportsPerPatient.max} cópias hoje. ${tryAgainIn(s)}`,
      },
      {
        key: `pexport-ip:${ip}`,
        limit: limits.patientExportsPerAddress,
        message: (s) => `Muitos pedidos a partir deste endereço. ${tryAgainIn(s)}`,
      },
    ],
    ctx.config.now(),
  );
  const [p] = await ctx.db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.id, auth.patientId),
        eq(patients.professionalId, auth.professionalId),
        ne(patients.status, 'deleted'),
        isNull(patients.deletedAt),
      ),
    );
  if (!p) throw errors.unauthorized('Sua sessão na área do cliente terminou. Entre novamente.');
  const contact = patientContact(p);
  if (!contact)
    throw new AppError(
      409,
      'PATIENT_CONTACT_MISSING',
      'Não há um e-mail ou WhatsApp seu cadastrado para receber o link. Fale com sua profissional.',
    );
  await ctx.db
    .insert(dataExports)
    .values({ professionalId: p.professionalId, patientId: p.id, requestedBy: 'patient', total: 1 });
  const sentTo = maskedContact(contact);
  const days = Math.round(EXPORT_TTL_MS / 86_400_000);
  return {
    channel: contact.channel,
    sentTo,
    expiresInDays: days,
    message: `Estamos preparando a cópia dos seus dados. Enviamos o link para ${contact.channel === 'whatsapp' ? `o WhatsApp ${sentTo}` : sentTo} em alguns minutos; ele vale por ${days} dias.`,
  };
}
