/** A patient's lifecycle: read, create, update (normalised fields, unique phone and CPF), preferences, inactivate and LGPD delete. */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type z } from 'zod';
import type { AppContext } from '../context.js';
import { markPatientFilesDeleted, removeDeletedFiles } from '../file/records.js';
import type { Executor } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { messages, type PatientPreferences, patients } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { spDate } from '../lib/dates.js';
import { searchable } from '../lib/text.js';
import { birthDateProblem, normalizeCpf, normalizePhone, PHONE_INVALID } from './fields.js';
import type {
  CreatePatientBody,
  DeletePatientBody,
  DeletePatientsBody,
  UpdatePatientBody,
  UpdatePreferencesBody,
} from './schemas.js';
import { findOwnPatient, patientNotFound, type PatientRow } from './lookup.js';
import { duplicateDocument, duplicatePhone, invalidDocument, rethrowDuplicate } from './errors.js';
import { currentServiceOf, type PatientDto, toPatientDto } from './dto.js';
import { ANONYMISED_NAME } from './fields.js';
import { anonymisePatientEvents, recordEvent, recordEvents } from '../events/record.js';
import { assertAccountActive } from '../payment/access.js';

export function defaultPreferences(phone: string | null, email: string | null): PatientPreferences {
  return { channel: phone || !email ? 'whatsapp' : 'email', reminders: true, reminderHour: null };
}

/**
 * The patient with her current service in one round trip: a prepared statement (per database handle) joining
 * the latest active sale, instead of the lookup and then the current services.
 */
function prepareGetPatient(db: Executor) {
  const p = sql.placeholder;
  const current = currentServiceOf(db, patients.id, p('today')).as('current');
  return db
    .select({ patient: patients, current: { id: current.id, name: current.name, endsAt: current.endsAt } })
    .from(patients)
    .leftJoinLateral(current, sql`true`)
    .where(
      and(eq(patients.id, p('id')), eq(patients.professionalId, p('professionalId')), ne(patients.status, 'deleted')),
    )
    .prepare('patient_with_current_service');
}

export async function getPatient(ctx: AppContext, professionalId: string, id: string): Promise<PatientDto> {
  const statement = preparedOnce(ctx.db, 'patient:with-current-service', () => prepareGetPatient(ctx.db));
  const [row] = await statement.execute({ id, professionalId, today: spDate(ctx.config.now()) });
  if (!row) throw patientNotFound();
  return toPatientDto(row.patient, row.current?.id ? row.current : null);
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
  await assertAccountActive(ctx.db, professionalId, ctx.config.now(), 'cadastrar clientes');
  const set = normalizeInput(ctx, body);
  await assertUnique(ctx.db, professionalId, set.phone, set.document);
  const phone = set.phone ?? null;
  const email = set.email ?? null;
  let row: PatientRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [created] = (await tx
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
      await recordEvent(tx, professionalId, 'patient.created', {
        patientId: created.id,
        patientName: created.name,
        status: created.status === 'inactive' ? 'inactive' : 'active',
      });
      return created;
    });
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
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(patients)
        .set({ ...set, updatedAt: ctx.config.now() })
        .where(eq(patients.id, id))
        .returning({ name: patients.name });
      await recordEvent(tx, professionalId, 'patient.updated', { patientId: id, patientName: updated!.name });
    });
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
  professionalId: string,
  ids: string[],
  mode: 'inactivate' | 'delete',
  reason: string | undefined,
  now: Date,
) {
  if (ids.length === 0) return;
  if (mode === 'inactivate') {
    const changed = await db
      .update(patients)
      .set({ status: 'inactive', updatedAt: now })
      .where(and(inArray(patients.id, ids), ne(patients.status, 'inactive')))
      .returning({ id: patients.id, name: patients.name });
    await recordEvents(
      db,
      professionalId,
      changed.map((p) => ({ type: 'patient.inactivated', payload: { patientId: p.id, patientName: p.name } })),
    );
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
  await anonymisePatientEvents(db, ids, ANONYMISED_NAME);
  await recordEvents(
    db,
    professionalId,
    ids.map((patientId) => ({ type: 'patient.deleted', payload: { patientId } })),
  );
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
    applyDeletion(
      tx,
      professionalId,
      [id],
      body.mode,
      body.mode === 'delete' ? body.reason : undefined,
      ctx.config.now(),
    ),
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
    await applyDeletion(tx, professionalId, [...foundIds], body.mode, body.reason, ctx.config.now());
    return { processed: foundIds.size, notFound: ids.filter((id) => !foundIds.has(id)) };
  });
  await removeFiles(ctx, body.mode);
  return result;
}
