import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { files } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { UPLOAD_TTL_SECONDS } from './schemas.js';
import type { FileStore } from './store.js';

/**
 * The `files` table: one row per upload, written when its link is signed. It holds the storage quota (the sum
 * of sizes of uploaded files and of links still open), makes each upload link work once, and says which files
 * were a deleted patient's.
 */

const GIB = 1024 * 1024 * 1024;

/** Records a file about to be uploaded; refuses it when the professional's storage would go past her quota. */
export async function recordUpload(
  ctx: AppContext,
  file: { key: string; professionalId: string; patientId: string | null; contentType: string; size: number },
): Promise<void> {
  const now = ctx.config.now();
  const openSince = new Date(now.getTime() - UPLOAD_TTL_SECONDS * 1000).toISOString();
  // One statement: the row goes in only while the stored and pending bytes leave room for it.
  const inserted = await ctx.db.execute(sql`
    INSERT INTO ${files} (key, professional_id, patient_id, content_type, size, created_at)
    SELECT ${file.key}, ${file.professionalId}, ${file.patientId}, ${file.contentType}, ${file.size}, ${now.toISOString()}::timestamptz
    WHERE (
      SELECT coalesce(sum(size), 0) FROM ${files}
      WHERE professional_id = ${file.professionalId} AND deleted_at IS NULL
        AND (uploaded_at IS NOT NULL OR created_at > ${openSince}::timestamptz)
    ) + ${file.size} <= ${ctx.config.storageQuotaBytes}
    RETURNING key`);
  if (inserted.rows.length === 0) {
    const quota = ctx.config.storageQuotaBytes;
    const readable =
      quota >= GIB
        ? `${(quota / GIB).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
        : `${Math.round(quota / (1024 * 1024))} MB`;
    throw new AppError(
      400,
      'STORAGE_QUOTA_EXCEEDED',
      `O espaço de armazenamento de arquivos (${readable}) está cheio. Apague arquivos que não usa mais ou fale com o suporte.`,
    );
  }
}

/** Takes the one upload a link allows: the second PUT with the same link is refused. */
export async function claimUpload(ctx: AppContext, key: string): Promise<void> {
  const claimed = await ctx.db
    .update(files)
    .set({ uploadedAt: ctx.config.now() })
    .where(and(eq(files.key, key), isNull(files.uploadedAt), isNull(files.deletedAt)))
    .returning({ key: files.key });
  if (claimed.length === 0) throw errors.field(['token'], 'Este link de envio já foi usado. Peça um novo.');
}

/** A failed upload gives the link back (a retry of the same file may use it). */
export async function releaseUpload(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.update(files).set({ uploadedAt: null }).where(eq(files.key, key));
}

/** Whether the file belonged to a patient since deleted. */
/** Whether the file was deleted with its patient, and whose it is (her reads go in her access log). */
export async function fileRecord(
  ctx: AppContext,
  key: string,
): Promise<{ deleted: boolean; patientId: string | null }> {
  const [row] = await ctx.db
    .select({ deletedAt: files.deletedAt, patientId: files.patientId })
    .from(files)
    .where(eq(files.key, key));
  return { deleted: !!row?.deletedAt, patientId: row?.patientId ?? null };
}

/**
 * Marks the patients' files deleted (inside the deletion's transaction); returns their keys. Files her answers
 * name are included even when they were uploaded before the `files` table existed (migration 0010).
 */
export async function markPatientFilesDeleted(db: Executor, patientIds: string[], now: Date): Promise<string[]> {
  if (patientIds.length === 0) return [];
  await db.execute(sql`
    INSERT INTO ${files} (key, professional_id, patient_id, content_type, size, created_at, uploaded_at)
    SELECT DISTINCT f->>'key', qa.professional_id, qa.patient_id, coalesce(f->>'contentType', 'application/octet-stream'),
           coalesce((f->>'size')::bigint, 0), ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    FROM answer_items ai
    JOIN quiz_answers qa ON qa.id = ai.quiz_answer_id
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(ai.value->'files') = 'array' THEN ai.value->'files' ELSE '[]'::jsonb END) f
    WHERE qa.patient_id IN (${sql.join(
      patientIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND f->>'key' IS NOT NULL
    ON CONFLICT (key) DO NOTHING`);
  const rows = await db
    .update(files)
    .set({ deletedAt: now })
    .where(and(inArray(files.patientId, patientIds), isNull(files.deletedAt)))
    .returning({ key: files.key });
  return rows.map((r) => r.key);
}

/**
 * Removes files marked deleted from storage (after the deletion committed). A failure leaves the file marked:
 * it is never served, and the next deletion's sweep tries again.
 */
export async function removeDeletedFiles(
  db: Executor,
  store: FileStore,
  log?: { warn(obj: unknown, msg: string): void },
): Promise<number> {
  const rows = await db.select({ key: files.key }).from(files).where(isNotNull(files.deletedAt)).limit(1000);
  let removed = 0;
  for (const { key } of rows) {
    try {
      await store.remove(key);
      await db.delete(files).where(eq(files.key, key));
      removed++;
    } catch (err) {
      log?.warn({ err }, 'could not remove a deleted patient file from storage; it stays marked and unserved');
    }
  }
  return removed;
}
