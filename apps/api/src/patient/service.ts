import { and, asc, count, desc, eq, gt, inArray, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthInfo } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { markPatientFilesDeleted, removeDeletedFiles } from '../file/records.js';
import type { Db, Executor } from '../db/client.js';
import { messages, patients, sales, services, type PatientPreferences } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { spDate } from '../lib/dates.js';
import { likeContains, searchable } from '../lib/text.js';
import { birthDateProblem, CPF_INVALID, normalizeCpf, normalizePhone, PHONE_INVALID } from './fields.js';
import type { PatientListCache } from './list-cache.js';
import {
  PatientPageSchema,
  type CreatePatientBody,
  type DeletePatientBody,
  type DeletePatientsBody,
  type ListPatientsQuery,
  type PatientSchema,
  type PatientTotalsSchema,
  type UpdatePatientBody,
  type UpdatePreferencesBody,
} from './schemas.js';

export type PatientRow = typeof patients.$inferSelect;
export type PatientDto = z.infer<typeof PatientSchema>;
type CurrentService = NonNullable<PatientDto['currentService']>;

export const patientNotFound = () => new AppError(404, 'PATIENT_NOT_FOUND_ERROR', 'Cliente não encontrado.');
export const duplicatePhone = () =>
  new AppError(409, 'MULTIPLE_PATIENTS_SAME_PHONE', 'Já existe outro cliente com este telefone.', [
    { path: ['phone'], message: 'Telefone já cadastrado.' },
  ]);
export const duplicateDocument = () =>
  new AppError(409, 'PATIENT_DOCUMENT_ALREADY_EXISTS', 'Já existe um cliente com este CPF.', [
    { path: ['document'], message: 'CPF já cadastrado.' },
  ]);
export const invalidDocument = () =>
  new AppError(400, 'INVALID_PATIENT_DOCUMENT', CPF_INVALID, [{ path: ['document'], message: CPF_INVALID }]);

export const ANONYMISED_NAME = 'Cliente excluído';

export function defaultPreferences(phone: string | null, email: string | null): PatientPreferences {
  return { channel: phone || !email ? 'whatsapp' : 'email', reminders: true, reminderHour: null };
}

/** Unique-violation constraint name (pg error 23505), looking through wrapped errors. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return (e as { constraint?: string }).constraint ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function rethrowDuplicate(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === 'patients_professional_phone_key') throw duplicatePhone();
  if (c === 'patients_professional_document_key') throw duplicateDocument();
  throw err;
}

export function toPatientDto(row: PatientRow, currentService: CurrentService | null): PatientDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    document: row.document,
    birthDate: row.birthDate,
    sex: row.sex,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    serviceModality: row.serviceModality,
    tags: row.tags,
    notes: row.notes,
    preferences: {
      channel: row.preferences.channel,
      reminders: row.preferences.reminders,
      reminderHour: row.preferences.reminderHour ?? null,
    },
    currentService,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A paid sale whose period includes `today` (São Paulo date). */
export const activeSaleOn = (today: string | Placeholder): SQL =>
  and(eq(sales.status, 'paid'), lte(sales.startsAt, today), gt(sales.endsAt, today))!;

/** The current service of each patient of `patients` (a condition on sales.patient_id): the latest active sale. */
const currentServicesQuery = (db: Executor, ofPatients: SQL, today: string | Placeholder) =>
  db
    .selectDistinctOn([sales.patientId], {
      patientId: sales.patientId,
      id: services.id,
      name: services.name,
      endsAt: sales.endsAt,
    })
    .from(sales)
    .innerJoin(services, eq(services.id, sales.serviceId))
    .where(and(ofPatients, activeSaleOn(today)))
    .orderBy(sales.patientId, desc(sales.startsAt), desc(sales.soldAt));

type CurrentServiceRow = { patientId: string; id: string; name: string; endsAt: string };
const byPatient = (rows: CurrentServiceRow[]) =>
  new Map(rows.map((r) => [r.patientId, { id: r.id, name: r.name, endsAt: r.endsAt }]));

/** The current service of each patient: the latest active sale (by start, then sale time). */
export async function loadCurrentServices(
  db: Executor,
  patientIds: string[],
  today: string,
): Promise<Map<string, CurrentService>> {
  if (patientIds.length === 0) return new Map();
  return byPatient(await currentServicesQuery(db, inArray(sales.patientId, patientIds), today));
}

/** A non-deleted patient of the professional, else 404 PATIENT_NOT_FOUND_ERROR. */
export async function findOwnPatient(db: Executor, professionalId: string, id: string): Promise<PatientRow> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')));
  if (!row) throw patientNotFound();
  return row;
}

export async function getPatient(ctx: AppContext, professionalId: string, id: string): Promise<PatientDto> {
  const row = await findOwnPatient(ctx.db, professionalId, id);
  const current = await loadCurrentServices(ctx.db, [id], spDate(ctx.config.now()));
  return toPatientDto(row, current.get(id) ?? null);
}

/** Which filters a list query uses: each shape is one pair of prepared statements. */
interface ListShape {
  status: boolean;
  modality: boolean;
  words: number;
  service: boolean;
}

/**
 * The page and the count of one list shape as named prepared statements, with the values as placeholders:
 * parsed and planned once per connection (planning was a large part of a search on PGlite) and built by
 * Drizzle once per process instead of per request.
 */
function prepareList(db: Db, shape: ListShape) {
  const p = sql.placeholder;
  const name = `${shape.status ? 's' : ''}${shape.modality ? 'm' : ''}${shape.service ? 'v' : ''}w${shape.words}`;
  const conds: SQL[] = [eq(patients.professionalId, p('professionalId'))];
  conds.push(shape.status ? eq(patients.status, p('status')) : ne(patients.status, 'deleted'));
  if (shape.modality) conds.push(eq(patients.serviceModality, p('modality')));
  // Every typed word must appear, in any order: "conceicao goncalves" finds "Conceição Aparecida Gonçalves".
  for (let i = 0; i < shape.words; i++) conds.push(sql`${patients.searchName} LIKE ${p(`w${i}`)}`);
  if (shape.service) {
    conds.push(
      sql`EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.patientId} = ${patients.id} AND ${sales.serviceId} = ${p('serviceId')} AND ${activeSaleOn(p('today'))})`,
    );
  }
  const where = and(...conds);
  return {
    // The page walks the name index in order and stops after `take` rows; the total is a separate count that
    // a name search answers from the trigram index. (One query with `count(*) over()` had to read and sort
    // every matching patient, whole rows, for every page.)
    page: db
      .select()
      .from(patients)
      .where(where)
      .orderBy(asc(patients.searchName), asc(patients.id))
      .limit(p('take'))
      .offset(p('skip'))
      .prepare(`patients_page_${name}`),
    count: db.select({ n: count() }).from(patients).where(where).prepare(`patients_count_${name}`),
  };
}

const preparedLists = new WeakMap<
  Db,
  { shapes: Map<string, ReturnType<typeof prepareList>>; current: ReturnType<typeof prepareCurrent> }
>();
const prepareCurrent = (db: Db) =>
  currentServicesQuery(
    db,
    sql`${sales.patientId} = ANY(${sql.placeholder('ids')}::uuid[])`,
    sql.placeholder('today'),
  ).prepare('patients_current_services');

function listStatements(db: Db, shape: ListShape) {
  let forDb = preparedLists.get(db);
  if (!forDb) preparedLists.set(db, (forDb = { shapes: new Map(), current: prepareCurrent(db) }));
  const key = JSON.stringify(shape);
  let statements = forDb.shapes.get(key);
  if (!statements) forDb.shapes.set(key, (statements = prepareList(db, shape)));
  return { ...statements, current: forDb.current };
}

export async function listPatients(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListPatientsQuery>,
): Promise<{ items: PatientDto[]; total: number }> {
  const today = spDate(ctx.config.now());
  const term = q.nameTerm ? searchable(q.nameTerm) : '';
  const words = term ? term.split(' ').slice(0, 8) : [];
  const statements = listStatements(ctx.db, {
    status: !!q.status,
    modality: !!q.serviceModality,
    words: words.length,
    service: !!q.serviceId,
  });
  const values: Record<string, unknown> = {
    professionalId,
    status: q.status,
    modality: q.serviceModality,
    serviceId: q.serviceId,
    today,
    take: q.take,
    skip: q.skip,
    ...Object.fromEntries(words.map((word, i) => [`w${i}`, likeContains(word)])),
  };
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    statements.page.execute(values),
    statements.count.execute(values),
  ]);
  const current = rows.length
    ? byPatient(await statements.current.execute({ ids: rows.map((r) => r.id), today }))
    : new Map<string, CurrentService>();
  return { items: rows.map((r) => toPatientDto(r, current.get(r.id) ?? null)), total: Number(n) };
}

/**
 * `GET /patient` as serialised JSON, from the process's cache while the professional's patient data is
 * unchanged (see PatientListCache): opening the list again, paging back or refetching on focus costs no
 * query beyond the session check, instead of a search, a count and the current services.
 */
export async function listPatientsJson(
  ctx: AppContext,
  cache: PatientListCache,
  auth: Pick<AuthInfo, 'professionalId' | 'patientListVersion'>,
  q: z.infer<typeof ListPatientsQuery>,
): Promise<string> {
  const { professionalId, patientListVersion: version } = auth;
  const term = q.nameTerm ? searchable(q.nameTerm) : '';
  const key = [
    professionalId,
    version,
    spDate(ctx.config.now()),
    term,
    q.status,
    q.serviceModality,
    q.serviceId,
    q.take,
    q.skip,
  ];
  // Encoded with the route's response schema, as the route's serializer would.
  return cache.getOrLoad(key, async () =>
    JSON.stringify(z.encode(PatientPageSchema, await listPatients(ctx, professionalId, q))),
  );
}

type PatientInput = z.infer<typeof UpdatePatientBody>;

/** Normalises phone/CPF/birth date; null clears, undefined leaves as is. */
function normalizeInput(ctx: AppContext, body: PatientInput): Partial<typeof patients.$inferInsert> {
  const set: Partial<typeof patients.$inferInsert> = {};
  if (body.name !== undefined) {
    set.name = body.name;
    set.searchName = searchable(body.name);
  }
  if (body.email !== undefined) set.email = body.email || null;
  if (body.phone !== undefined) {
    if (body.phone === null || body.phone === '') set.phone = null;
    else {
      const phone = normalizePhone(body.phone);
      if (!phone) throw errors.field(['phone'], PHONE_INVALID);
      set.phone = phone;
    }
  }
  if (body.document !== undefined) {
    if (body.document === null || body.document === '') set.document = null;
    else {
      const doc = normalizeCpf(body.document);
      if (!doc) throw invalidDocument();
      set.document = doc;
    }
  }
  if (body.birthDate !== undefined) {
    if (body.birthDate) {
      const problem = birthDateProblem(body.birthDate, spDate(ctx.config.now()));
      if (problem) throw errors.field(['birthDate'], problem);
    }
    set.birthDate = body.birthDate ?? null;
  }
  if (body.sex !== undefined) set.sex = body.sex;
  if (body.status !== undefined) set.status = body.status;
  if (body.serviceModality !== undefined) set.serviceModality = body.serviceModality;
  if (body.tags !== undefined) set.tags = [...new Set(body.tags)];
  if (body.notes !== undefined) set.notes = body.notes || null;
  return set;
}

/** 409 when another live patient of the professional has the phone or the CPF. */
async function assertUnique(
  db: Executor,
  professionalId: string,
  phone: string | null | undefined,
  document: string | null | undefined,
  exceptId?: string,
) {
  const others = (col: typeof patients.phone | typeof patients.document, value: string) =>
    db
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(
          eq(patients.professionalId, professionalId),
          eq(col, value),
          exceptId ? ne(patients.id, exceptId) : undefined,
        ),
      )
      .limit(1);
  if (phone && (await others(patients.phone, phone)).length) throw duplicatePhone();
  if (document && (await others(patients.document, document)).length) throw duplicateDocument();
}

export async function createPatient(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreatePatientBody>,
): Promise<PatientDto> {
  const set = normalizeInput(ctx, body);
  await assertUnique(ctx.db, professionalId, set.phone, set.document);
  const phone = set.phone ?? null;
  const email = set.email ?? null;
  let row: PatientRow;
  try {
    [row] = (await ctx.db
      .insert(patients)
      .values({
        ...set,
        professionalId,
        name: body.name,
        searchName: searchable(body.name),
        preferences: body.preferences
          ? {
              channel: body.preferences.channel,
              reminders: body.preferences.reminders,
              reminderHour: body.preferences.reminderHour ?? null,
            }
          : defaultPreferences(phone, email),
        updatedAt: ctx.config.now(),
      })
      .returning()) as [PatientRow];
  } catch (err) {
    rethrowDuplicate(err);
  }
  return toPatientDto(row, null);
}

export async function updatePatient(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdatePatientBody>,
): Promise<PatientDto> {
  await findOwnPatient(ctx.db, professionalId, id);
  const set = normalizeInput(ctx, body);
  await assertUnique(ctx.db, professionalId, set.phone, set.document, id);
  try {
    await ctx.db
      .update(patients)
      .set({ ...set, updatedAt: ctx.config.now() })
      .where(eq(patients.id, id));
  } catch (err) {
    rethrowDuplicate(err);
  }
  return getPatient(ctx, professionalId, id);
}

export async function updatePreferences(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdatePreferencesBody>,
): Promise<PatientDto> {
  const row = await findOwnPatient(ctx.db, professionalId, id);
  if (body.channel === 'email' && !row.email) {
    throw new AppError(400, 'NOTIFICATION_CHANNEL_ERROR', 'Cadastre o e-mail do cliente para usar este canal.', [
      { path: ['channel'], message: 'O cliente não tem e-mail.' },
    ]);
  }
  if (body.channel === 'whatsapp' && !row.phone) {
    throw new AppError(400, 'NOTIFICATION_CHANNEL_ERROR', 'Cadastre o telefone do cliente para usar o WhatsApp.', [
      { path: ['channel'], message: 'O cliente não tem telefone.' },
    ]);
  }
  const preferences: PatientPreferences = {
    channel: body.channel,
    reminders: body.reminders,
    reminderHour: body.reminderHour ?? null,
  };
  await ctx.db.update(patients).set({ preferences, updatedAt: ctx.config.now() }).where(eq(patients.id, id));
  return getPatient(ctx, professionalId, id);
}

/**
 * inactivate: status inactive, every datum kept. delete: LGPD anonymisation — personal data nulled,
 * name replaced, messages to the patient removed; the row and its sales stay (aggregates, invoices).
 */
async function applyDeletion(
  db: Executor,
  ids: string[],
  mode: 'inactivate' | 'delete',
  reason: string | undefined,
  now: Date,
) {
  if (ids.length === 0) return;
  if (mode === 'inactivate') {
    await db.update(patients).set({ status: 'inactive', updatedAt: now }).where(inArray(patients.id, ids));
    return;
  }
  await db
    .update(patients)
    .set({
      status: 'deleted',
      name: ANONYMISED_NAME,
      searchName: searchable(ANONYMISED_NAME),
      email: null,
      phone: null,
      document: null,
      birthDate: null,
      sex: null,
      notes: null,
      tags: [],
      preferences: defaultPreferences(null, null),
      deletionReason: reason ?? null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(inArray(patients.id, ids));
  await db.delete(messages).where(inArray(messages.patientId, ids));
  // Her photos and files: never served again from this commit on, and removed from storage right after it.
  await markPatientFilesDeleted(db, ids, now);
}

/** After a deletion commits: the deleted patients' files leave storage (a failure is retried next time). */
async function removeFiles(ctx: AppContext, mode: 'inactivate' | 'delete'): Promise<void> {
  if (mode === 'delete') await removeDeletedFiles(ctx.db, ctx.storage.store);
}

export async function deletePatient(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof DeletePatientBody>,
): Promise<{ id: string; status: 'inactive' | 'deleted' }> {
  await findOwnPatient(ctx.db, professionalId, id);
  await ctx.db.transaction((tx) =>
    applyDeletion(tx, [id], body.mode, body.mode === 'delete' ? body.reason : undefined, ctx.config.now()),
  );
  await removeFiles(ctx, body.mode);
  return { id, status: body.mode === 'delete' ? 'deleted' : 'inactive' };
}

export async function deletePatients(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof DeletePatientsBody>,
): Promise<{ processed: number; notFound: string[] }> {
  const ids = [...new Set(body.ids)];
  const result = await ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(
        and(eq(patients.professionalId, professionalId), inArray(patients.id, ids), ne(patients.status, 'deleted')),
      );
    const foundIds = new Set(found.map((r) => r.id));
    await applyDeletion(tx, [...foundIds], body.mode, body.reason, ctx.config.now());
    return { processed: foundIds.size, notFound: ids.filter((id) => !foundIds.has(id)) };
  });
  await removeFiles(ctx, body.mode);
  return result;
}

export async function patientTotals(
  ctx: AppContext,
  professionalId: string,
): Promise<z.infer<typeof PatientTotalsSchema>> {
  const rows = await ctx.db
    .select({ status: patients.status, modality: patients.serviceModality, n: count() })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')))
    .groupBy(patients.status, patients.serviceModality);
  const out = { total: 0, byStatus: { active: 0, inactive: 0 }, byModality: { presencial: 0, online: 0, hibrido: 0 } };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    if (r.status === 'active' || r.status === 'inactive') out.byStatus[r.status] += n;
    out.byModality[r.modality] += n;
  }
  return out;
}
