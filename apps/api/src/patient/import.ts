/**
 * Patient import from CSV (UTF-8 with or without BOM, else Latin-1/Windows-1252; comma, semicolon or
 * tab, detected from the header line) or XLSX (first sheet). Every row is validated (import-rows.ts); the
 * good ones are written in one transaction with batched statements. Rows matching an existing patient
 * (phone, CPF, else e-mail, else the exact name of a patient without any of these) update it, or are
 * skipped when nothing changes, so importing a file twice creates no duplicates. Cell text is stored
 * verbatim: a cell starting with = + - @ is never evaluated.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { patients, type PatientSex, type ServiceModality } from '../db/schema.js';
import { spDate } from '../lib/dates.js';
import { searchable } from '../lib/text.js';
import { MAX_IMPORT_ROWS } from './parse-import.js';
import { defaultPreferences } from './service.js';
import { rethrowDuplicate } from './errors.js';
import { recordEvents } from '../events/record.js';
import { assertAccountActive } from '../payment/access.js';
import {
  cellText,
  fileError,
  type ImportError,
  type ImportResult,
  mapColumns,
  MAX_IMPORT_BYTES,
  parseMapping,
  readRows,
  type RowValues,
  validateRow,
} from './import-rows.js';

type Existing = {
  id: string | null; // null = inserted by this import
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  birthDate: string | null;
  sex: PatientSex | null;
  serviceModality: ServiceModality;
  tags: string[];
  notes: string | null;
  row?: number;
  dirty?: boolean;
};

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** An import this large refreshes the table's planner statistics. */
const ANALYZE_AFTER_ROWS = 500;

export async function importPatients(
  ctx: AppContext,
  professionalId: string,
  file: { filename: string; data: Buffer },
  mappingRaw: string | undefined,
): Promise<ImportResult> {
  await assertAccountActive(ctx.db, professionalId, ctx.config.now(), 'importar clientes');
  if (file.data.length > MAX_IMPORT_BYTES) throw fileError('O arquivo deve ter no máximo 5 MB.');
  const mapping = parseMapping(mappingRaw);
  const rows = await readRows(file.filename, file.data);
  if (rows.length === 0) throw fileError('O arquivo está vazio.');
  const cols = mapColumns(rows[0]!, mapping);
  const dataRows = rows.slice(1);
  const nonBlank = dataRows.filter((r) => r.some((c) => cellText(c) !== ''));
  if (nonBlank.length > MAX_IMPORT_ROWS)
    throw fileError(`O arquivo deve ter no máximo ${MAX_IMPORT_ROWS} linhas de clientes.`);

  const today = spDate(ctx.config.now());
  const errs: ImportError[] = [];
  const valid: { row: number; v: RowValues }[] = [];
  let total = 0;
  dataRows.forEach((cells, i) => {
    if (!cells.some((c) => cellText(c) !== '')) return;
    total++;
    const v = validateRow(cells, cols, i + 2, today, errs);
    if (v) valid.push({ row: i + 2, v });
  });

  const existing: Existing[] = await ctx.db
    .select({
      id: patients.id,
      name: patients.name,
      email: patients.email,
      phone: patients.phone,
      document: patients.document,
      birthDate: patients.birthDate,
      sex: patients.sex,
      serviceModality: patients.serviceModality,
      tags: patients.tags,
      notes: patients.notes,
    })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')));
  const byPhone = new Map<string, Existing>();
  const byDoc = new Map<string, Existing>();
  const byEmail = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  const index = (p: Existing) => {
    if (p.phone) byPhone.set(p.phone, p);
    if (p.document) byDoc.set(p.document, p);
    if (p.email && !byEmail.has(p.email)) byEmail.set(p.email, p);
    if (!p.phone && !p.document && !p.email && !byName.has(searchable(p.name))) byName.set(searchable(p.name), p);
  };
  existing.forEach(index);

  let imported = 0;
  let updated = 0;
  let skipped = 0;
  const inserts: Existing[] = [];
  const seenRows = new Set<Existing>();
  for (const { row, v } of valid) {
    const phoneOwner = v.phone ? byPhone.get(v.phone) : undefined;
    const docOwner = v.document ? byDoc.get(v.document) : undefined;
    if (phoneOwner && docOwner && phoneOwner !== docOwner) {
      errs.push({
        row,
        field: 'document',
        code: 'PATIENT_DOCUMENT_ALREADY_EXISTS',
        message: 'O CPF e o telefone pertencem a clientes diferentes.',
      });
      continue;
    }
    let match = phoneOwner ?? docOwner;
    if (!match && !v.phone && !v.document) match = v.email ? byEmail.get(v.email) : byName.get(searchable(v.name));
    if (match && seenRows.has(match)) {
      // Two rows of the file for the same patient.
      const [field, code] =
        phoneOwner === match
          ? (['phone', 'MULTIPLE_PATIENTS_SAME_PHONE'] as const)
          : docOwner === match
            ? (['document', 'PATIENT_DOCUMENT_ALREADY_EXISTS'] as const)
            : ([null, 'WRONG_COMMAND_PARAMETERS'] as const);
      errs.push({ row, field, code, message: `Cliente repetido no arquivo (mesmo cadastro da linha ${match.row}).` });
      continue;
    }
    if (!match) {
      const p: Existing = {
        id: null,
        name: v.name,
        email: v.email ?? null,
        phone: v.phone ?? null,
        document: v.document ?? null,
        birthDate: v.birthDate ?? null,
        sex: v.sex ?? null,
        serviceModality: v.serviceModality ?? 'presencial',
        tags: v.tags ?? [],
        notes: v.notes ?? null,
        row,
      };
      inserts.push(p);
      index(p);
      seenRows.add(p);
      imported++;
      continue;
    }
    match.row = row;
    seenRows.add(match);
    let changed = false;
    const set = <K extends keyof RowValues & keyof Existing>(k: K) => {
      const nv = v[k];
      if (nv === undefined) return;
      const same = Array.isArray(nv) ? sameTags(nv, match[k] as string[]) : nv === match[k];
      if (!same) {
        (match as Record<string, unknown>)[k] = nv;
        changed = true;
      }
    };
    (['name', 'email', 'phone', 'document', 'birthDate', 'sex', 'serviceModality', 'tags', 'notes'] as const).forEach(
      set,
    );
    if (!changed) skipped++;
    else {
      index(match);
      if (match.id) match.dirty = true;
      updated++;
    }
  }

  const toUpdate = existing.filter((p) => p.dirty);
  const now = ctx.config.now();
  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < inserts.length; i += 1000) {
        const created = await tx
          .insert(patients)
          .values(
            inserts.slice(i, i + 1000).map((p) => ({
              professionalId,
              name: p.name,
              searchName: searchable(p.name),
              email: p.email,
              phone: p.phone,
              document: p.document,
              birthDate: p.birthDate,
              sex: p.sex,
              serviceModality: p.serviceModality,
              tags: p.tags,
              notes: p.notes,
              preferences: defaultPreferences(p.phone, p.email),
              updatedAt: now,
            })),
          )
          .returning({ id: patients.id, name: patients.name });
        await recordEvents(
          tx,
          professionalId,
          created.map((c) => ({
            type: 'patient.created',
            payload: { patientId: c.id, patientName: c.name, status: 'active' },
          })),
        );
      }
      for (let i = 0; i < toUpdate.length; i += 1000) {
        const batch = toUpdate.slice(i, i + 1000).map((p) => ({
          ...p,
          search_name: searchable(p.name),
          birth_date: p.birthDate,
          service_modality: p.serviceModality,
        }));
        await tx.execute(sql`
          UPDATE ${patients} AS p SET
            name = x.name, search_name = x.search_name, email = x.email, phone = x.phone, document = x.document,
            birth_date = x.birth_date, sex = x.sex, service_modality = x.service_modality, tags = x.tags, notes = x.notes,
            updated_at = ${now}
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(
            id uuid, name text, search_name text, email text, phone text, document text, birth_date date, sex text,
            service_modality text, tags jsonb, notes text)
          WHERE p.id = x.id AND p.professional_id = ${professionalId}`);
        await recordEvents(
          tx,
          professionalId,
          batch.map((b) => ({ type: 'patient.updated', payload: { patientId: b.id!, patientName: b.name } })),
        );
      }
    });
  } catch (err) {
    rethrowDuplicate(err);
  }
  // Thousands of new rows at once: fresh planner statistics now, so the lists and the name search use their
  // indexes right away. PGlite has no autovacuum to do it later; on PostgreSQL it would come minutes later.
  if (imported + updated >= ANALYZE_AFTER_ROWS) await ctx.db.execute(sql`ANALYZE patients`);
  errs.sort((a, b) => a.row - b.row);
  return { imported, updated, skipped, total, errors: errs };
}
