/**
 * The file route's view of a data export's ZIP (written by `data-export/job.ts` outside the `files` table, its
 * key carrying `_exportacao-`): a lookup on `data_exports`, here below the export area so the file route does not
 * reach up into it.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { dataExports, patients } from '../db/schema.js';

/**
 * When `key` is an export's ZIP: whether it may no longer be read (expired, not the export's file any more, or its
 * client deleted since) and whose record it holds (null for "Exportar tudo"), for the access log. Null otherwise.
 */
export async function exportFile(
  ctx: AppContext,
  key: string,
): Promise<{ gone: boolean; exportId: string; patientId: string | null } | null> {
  if (!key.includes('_exportacao-')) return null;
  const [row] = await ctx.db
    .select({
      id: dataExports.id,
      state: dataExports.state,
      expiresAt: dataExports.expiresAt,
      patientId: dataExports.patientId,
    })
    .from(dataExports)
    .where(eq(dataExports.fileKey, key));
  if (!row) return null;
  const found = { exportId: row.id, patientId: row.patientId };
  if (row.state !== 'done' || !row.expiresAt || row.expiresAt <= ctx.config.now()) return { ...found, gone: true };
  if (!row.patientId) return { ...found, gone: false };
  const [p] = await ctx.db.select({ status: patients.status }).from(patients).where(eq(patients.id, row.patientId));
  return { ...found, gone: !p || p.status === 'deleted' };
}
