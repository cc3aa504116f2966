/**
 * The export job: claims queued exports (`FOR UPDATE SKIP LOCKED`, a two-minute lease renewed after each patient,
 * three claims at most), writes the ZIP to a temporary file patient by patient (progress counted in the row),
 * stores it, and tells whoever asked: the professional through the notification centre (`data_export.finished`;
 * "Exportar tudo" also by e-mail), the patient by a link to her own contact. Each patient written is an
 * `access_log` row (`patient_export`). Finished exports expire after seven days: the file leaves the store and the
 * row becomes `expired` (housekeeping). Any number of processes may run it; an export is built by one at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { dataExports, patients, professionals } from '../db/schema.js';
import { recordAccess } from '../access/log.js';
import { recordEvent } from '../events/record.js';
import { FileAccess } from '../file/access.js';
import { newFileKey, type FileStore } from '../file/store.js';
import { createFileStores } from '../file/stores.js';
import { fileSlug } from '../answer-revision/export.js';
import { spDate } from '../lib/dates.js';
import type { Mailer } from '../mail/mailer.js';
import { createWhatsAppProvider, type WhatsAppProvider } from '../delivery/whatsapp.js';
import { ZipWriter } from './archive.js';
import { indexHtml } from './summary.js';
import { writePatient } from './write.js';
import { sendToPatient, tellProfessional } from './notify.js';

export const LEASE_MS = 2 * 60_000;
export const MAX_CLAIMS = 3;
/** How long a finished export stays downloadable. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;
export const FAILED_SENTENCE = 'Não foi possível preparar o arquivo. Tente de novo; se continuar, fale com o suporte.';

export interface ExportDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  store?: FileStore;
  files?: FileAccess;
  whatsapp?: WhatsAppProvider;
  log?: { warn(obj: unknown, msg?: string): void };
}

type Row = typeof dataExports.$inferSelect;
class LeaseLost extends Error {}

/** Claims up to `batch` due exports and builds them; returns how many were claimed. */
export async function runDueExports(deps: ExportDeps, batch = 1): Promise<number> {
  const now = deps.config.now();
  const lease = new Date(now.getTime() + LEASE_MS);
  // A build that died three times is failed (the worker that held it never came back).
  await deps.db
    .update(dataExports)
    .set({ state: 'failed', error: FAILED_SENTENCE, finishedAt: now, lockedUntil: null })
    .where(
      and(
        eq(dataExports.state, 'running'),
        lte(dataExports.lockedUntil, now),
        sql`${dataExports.attempts} >= ${MAX_CLAIMS}`,
      ),
    );
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        or(
          eq(dataExports.state, 'queued'),
          and(
            eq(dataExports.state, 'running'),
            lte(dataExports.lockedUntil, now),
            lt(dataExports.attempts, MAX_CLAIMS),
          ),
        ),
      )
      .orderBy(asc(dataExports.createdAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(dataExports)
      .set({
        state: 'running',
        lockedUntil: lease,
        attempts: sql`${dataExports.attempts} + 1`,
        startedAt: sql`coalesce(${dataExports.startedAt}, ${now.toISOString()}::timestamptz)`,
        progress: 0,
      })
      .where(
        inArray(
          dataExports.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  for (const row of claimed) await build(deps, row, lease);
  return claimed.length;
}

/** Keeps the claim: moves the lease forward while this worker still holds it, else stops the build. */
async function renew(db: Db, id: string, lease: Date, now: Date, progress: number): Promise<Date> {
  const next = new Date(Math.max(now.getTime() + LEASE_MS, lease.getTime() + 1));
  const kept = await db
    .update(dataExports)
    .set({ lockedUntil: next, progress })
    .where(and(eq(dataExports.id, id), eq(dataExports.lockedUntil, lease), eq(dataExports.state, 'running')))
    .returning({ id: dataExports.id });
  if (kept.length === 0) throw new LeaseLost();
  return next;
}

/** Her patients' ids and names, a page at a time (ordered by name). */
async function* patientPages(db: Db, professionalId: string) {
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({ id: patients.id, searchName: patients.searchName })
      .from(patients)
      .where(
        and(
          eq(patients.professionalId, professionalId),
          ne(patients.status, 'deleted'),
          isNull(patients.deletedAt),
          after
            ? or(
                gt(patients.searchName, after.name),
                and(eq(patients.searchName, after.name), gt(patients.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(patients.searchName), asc(patients.id))
      .limit(200);
    if (rows.length === 0) return;
    after = { name: rows[rows.length - 1]!.searchName, id: rows[rows.length - 1]!.id };
    yield rows.map((r) => r.id);
    if (rows.length < 200) return;
  }
}

async function build(deps: ExportDeps, row: Row, firstLease: Date): Promise<void> {
  const { db, config } = deps;
  const store = deps.store ?? createFileStores(() => db, config).store;
  const tmp = path.join(os.tmpdir(), `acompanha-export-${row.id}-${process.pid}.zip`);
  let lease = firstLease;
  let zip: ZipWriter | undefined;
  let key: string | undefined;
  try {
    const [pro] = await db
      .select({ name: professionals.name, email: professionals.email })
      .from(professionals)
      .where(eq(professionals.id, row.professionalId));
    if (!pro) throw new Error('professional gone');
    const generatedAt = config.now();
    const [{ total = 0 } = {}] = row.patientId
      ? [{ total: 1 }]
      : await db
          .select({ total: sql<number>`count(*)::int` })
          .from(patients)
          .where(and(eq(patients.professionalId, row.professionalId), ne(patients.status, 'deleted')));
    await db.update(dataExports).set({ total }).where(eq(dataExports.id, row.id));
    zip = new ZipWriter(tmp, generatedAt);
    const index: { nome: string; pasta: string }[] = [];
    let progress = 0;
    let name = 'todos-os-clientes';
    const pages = row.patientId ? [[row.patientId]] : patientPages(db, row.professionalId);
    for await (const ids of pages) {
      for (const id of ids) {
        const [patient] = await db
          .select()
          .from(patients)
          .where(
            and(eq(patients.id, id), eq(patients.professionalId, row.professionalId), ne(patients.status, 'deleted')),
          );
        if (!patient) {
          if (row.patientId) throw new Error('patient gone');
          continue;
        }
        const folder = row.patientId ? '' : `${fileSlug(patient.name)}-${patient.id.slice(0, 8)}/`;
        if (row.patientId) name = fileSlug(patient.name);
        await writePatient({ db, store, zip, professionalName: pro.name, generatedAt }, patient, folder);
        index.push({ nome: patient.name, pasta: folder.slice(0, -1) });
        await recordAccess(db, {
          professionalId: row.professionalId,
          patientId: patient.id,
          kind: 'patient_export',
          targetId: row.id,
          outcome: 'ok',
        });
        lease = await renew(db, row.id, lease, config.now(), ++progress);
      }
    }
    if (!row.patientId) await zip.file('indice.html', indexHtml(pro.name, generatedAt, index));
    await zip.close();
    zip = undefined;
    key = newFileKey(row.professionalId, `exportacao-${name}-${spDate(generatedAt)}.zip`);
    const size = await store.put(key, tmp, 'application/zip');
    const now = config.now();
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS);
    const done = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(dataExports)
        .set({
          state: 'done',
          fileKey: key,
          size,
          progress,
          finishedAt: now,
          expiresAt,
          lockedUntil: null,
          error: null,
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.lockedUntil, lease), eq(dataExports.state, 'running')))
        .returning();
      if (updated && updated.requestedBy === 'professional')
        await recordEvent(
          tx,
          row.professionalId,
          'data_export.finished',
          finishedPayload(updated, index[0]?.nome ?? null),
        );
      return updated;
    });
    if (!done) throw new LeaseLost();
    if (done.requestedBy === 'patient') await sendToPatient(deps, done, key, expiresAt);
    else if (!done.patientId) await tellProfessional(deps, pro, expiresAt);
  } catch (err) {
    zip?.abort();
    if (key) await store.remove(key).catch(() => undefined);
    if (err instanceof LeaseLost) return;
    deps.log?.warn({ err: err instanceof Error ? err.name : 'error', exportId: row.id }, 'data export failed');
    const now = config.now();
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(dataExports)
        .set({ state: 'failed', error: FAILED_SENTENCE, finishedAt: now, lockedUntil: null, fileKey: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.lockedUntil, lease)))
        .returning();
      if (failed?.requestedBy === 'professional')
        await recordEvent(tx, row.professionalId, 'data_export.finished', finishedPayload(failed, null));
    });
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}

function finishedPayload(row: Row, patientName: string | null) {
  return {
    exportId: row.id,
    scope: row.patientId ? ('patient' as const) : ('all' as const),
    patientId: row.patientId,
    patientName: row.patientId ? (patientName ?? '') : null,
    status: row.state === 'done' ? ('done' as const) : ('failed' as const),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Finished exports past their day, or of a client deleted since: the file leaves the store, the row becomes
 * `expired`. Returns how many.
 */
export async function pruneExpiredExports(db: Db, store: FileStore, now: Date): Promise<number> {
  const due = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .leftJoin(patients, eq(patients.id, dataExports.patientId))
    .where(and(eq(dataExports.state, 'done'), or(lte(dataExports.expiresAt, now), eq(patients.status, 'deleted'))))
    .limit(200);
  for (const d of due) await expireExport(db, store, d);
  return due.length;
}

export async function expireExport(db: Db, store: FileStore, d: { id: string; fileKey: string | null }): Promise<void> {
  if (d.fileKey) await store.remove(d.fileKey);
  await db
    .update(dataExports)
    .set({ state: 'expired', fileKey: null })
    .where(and(eq(dataExports.id, d.id), eq(dataExports.state, 'done')));
}

/** Runs the job every `everyMs` (jobs on); returns a stop function. */
export function startExportWorker(deps: ExportDeps, everyMs = 3000): () => void {
  const files = deps.files ?? new FileAccess(() => deps.db, deps.config);
  const full: ExportDeps = {
    ...deps,
    files,
    store: deps.store ?? createFileStores(() => deps.db, deps.config).store,
    whatsapp: deps.whatsapp ?? createWhatsAppProvider(deps.db),
  };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void files
      .load()
      .then(() => runDueExports(full))
      .catch((err: unknown) => deps.log?.warn({ err }, 'data export worker failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
