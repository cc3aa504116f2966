/**
 * The bulk process of a quiz: one `bulk_processes` row per quiz, claimed atomically, worked through in
 * the background by the BulkRunner (runner.ts) in chunks, one transaction each.
 */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { bulkProcesses, patients, quizSchedules } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { ValidationIssue } from '../errors/schemas.js';
import { findOwnQuiz } from '../quiz/lookup.js';
import type { BulkDetailDto, BulkStatus } from './schemas.js';
import { assertAccountActive } from '../payment/access.js';

export type BulkKind = (typeof bulkProcesses.$inferSelect)['kind'];

/** What a process needs to run; stored in bulk_processes.payload (see encodePayload) and never changed while it runs. */
export interface BulkPayload {
  /** The patients, in processing order; `processed` is the cursor into this list. */
  patientIds: string[];
  /** insert / reschedule: the recurrence (Recurrence body fields). */
  recurrence?: Record<string, unknown>;
  /** active-state: the new state. */
  enabled?: boolean;
}

/**
 * The stored form: the patient ids as one comma-separated string, which the database and JSON.parse read far
 * faster than an array of 10,000 strings.
 */
export function encodePayload(payload: BulkPayload): Record<string, unknown> {
  const { patientIds, ...rest } = payload;
  return { ...rest, patientIds: patientIds.join(',') };
}

export function decodePayload(stored: Record<string, unknown>): BulkPayload {
  const ids = stored.patientIds;
  return {
    ...stored,
    patientIds: Array.isArray(ids)
      ? (ids as string[])
      : typeof ids === 'string' && ids.length > 0
        ? ids.split(',')
        : [],
  } as BulkPayload;
}

export const bulkInProgress = () =>
  new AppError(
    409,
    'BULK_PROCESS_IN_PROGRESS',
    'Já existe um agendamento em massa em andamento para este questionário. Aguarde a conclusão.',
  );

/** Repeated ids count once; the first occurrence keeps its place. */
export function uniqueIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

const ASSERT_SLICE = 2000;

/**
 * Every id must be a (non-deleted) patient of the professional; otherwise 400 WRONG_COMMAND_PARAMETERS
 * listing each offending id by its position in `patientIds`.
 */
export async function assertOwnPatients(db: Executor, professionalId: string, ids: string[]): Promise<void> {
  // Slices keep each query short (on the embedded database other requests wait meanwhile); usually every id is
  // found, so a count is enough and only a short slice is read id by id.
  const missing: string[] = [];
  for (let i = 0; i < ids.length; i += ASSERT_SLICE) {
    const slice = ids.slice(i, i + ASSERT_SLICE);
    const own = and(
      eq(patients.professionalId, professionalId),
      sql`${patients.id} = ANY(${sql.param(slice)}::uuid[])`,
      ne(patients.status, 'deleted'),
    );
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(patients).where(own);
    if (n === slice.length) continue;
    const found = new Set((await db.select({ id: patients.id }).from(patients).where(own)).map((r) => r.id));
    for (const id of slice) if (!found.has(id)) missing.push(id);
  }
  if (missing.length === 0) return;
  const position = new Map(ids.map((id, i) => [id, i]));
  const issues: ValidationIssue[] = missing.map((id) => ({
    path: ['patientIds', String(position.get(id))],
    message: `Cliente não encontrado: ${id}.`,
  }));
  throw new AppError(
    400,
    'WRONG_COMMAND_PARAMETERS',
    issues.length === 1
      ? 'Um dos clientes informados não foi encontrado.'
      : `${issues.length} clientes informados não foram encontrados.`,
    issues,
  );
}

/** Patients with a live schedule on the quiz, by name. */
export async function scheduledPatientIds(db: Executor, quizId: string): Promise<string[]> {
  const rows = await db
    .select({ patientId: quizSchedules.patientId })
    .from(quizSchedules)
    .innerJoin(patients, eq(patients.id, quizSchedules.patientId))
    .where(and(eq(quizSchedules.quizId, quizId), isNull(quizSchedules.deletedAt), ne(patients.status, 'deleted')))
    .orderBy(asc(patients.searchName), asc(patients.id));
  return rows.map((r) => r.patientId);
}

const statusColumns = {
  quizId: bulkProcesses.quizId,
  kind: bulkProcesses.kind,
  state: bulkProcesses.state,
  total: bulkProcesses.total,
  processed: bulkProcesses.processed,
  details: bulkProcesses.details,
  startedAt: bulkProcesses.startedAt,
  finishedAt: bulkProcesses.finishedAt,
};

type StatusRow = { [K in keyof typeof statusColumns]: (typeof bulkProcesses.$inferSelect)[K] };

export function idleStatus(quizId: string): BulkStatus {
  return { quizId, kind: null, state: 'idle', total: 0, processed: 0, details: [], startedAt: null, finishedAt: null };
}

function toStatus(row: StatusRow): BulkStatus {
  return {
    quizId: row.quizId,
    kind: row.kind,
    state: row.state,
    total: row.total,
    processed: row.processed,
    details: row.details as BulkDetailDto[],
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getStatus(ctx: AppContext, professionalId: string, quizId: string): Promise<BulkStatus> {
  await findOwnQuiz(ctx.db, professionalId, quizId);
  const [row] = await ctx.db.select(statusColumns).from(bulkProcesses).where(eq(bulkProcesses.quizId, quizId));
  return row ? toStatus(row) : idleStatus(quizId);
}

/**
 * Claims the quiz's process for a new run. One statement, so two concurrent calls cannot both win:
 * the row is created, or replaced only when it is not 'processing'; else 409 BULK_PROCESS_IN_PROGRESS.
 */
export async function claimProcess(
  ctx: AppContext,
  professionalId: string,
  quizId: string,
  kind: BulkKind,
  payload: BulkPayload,
): Promise<BulkStatus> {
  const now = ctx.config.now();
  // Deleting or turning schedules off is always allowed; scheduling, rescheduling and turning on send again.
  if (kind === 'insert' || kind === 'reschedule' || (kind === 'active-state' && payload.enabled !== false)) {
    await assertAccountActive(ctx.db, professionalId, now, 'agendar questionários');
  }
  const values = {
    quizId,
    professionalId,
    kind,
    state: 'processing' as const,
    total: payload.patientIds.length,
    processed: 0,
    details: [],
    payload: encodePayload(payload),
    startedAt: now,
    finishedAt: null,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(bulkProcesses)
    .values(values)
    .onConflictDoUpdate({
      target: bulkProcesses.quizId,
      set: {
        professionalId: sql`excluded.professional_id`,
        kind: sql`excluded.kind`,
        state: sql`excluded.state`,
        total: sql`excluded.total`,
        processed: sql`excluded.processed`,
        details: sql`excluded.details`,
        payload: sql`excluded.payload`,
        startedAt: sql`excluded.started_at`,
        finishedAt: sql`excluded.finished_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: ne(bulkProcesses.state, 'processing'),
    })
    .returning(statusColumns);
  if (!row) throw bulkInProgress();
  return toStatus(row);
}

/** Clears a finished process (the quiz goes back to idle); 409 while it is still processing. */
export async function acknowledge(ctx: AppContext, professionalId: string, quizId: string): Promise<BulkStatus> {
  await findOwnQuiz(ctx.db, professionalId, quizId);
  const deleted = await ctx.db
    .delete(bulkProcesses)
    .where(and(eq(bulkProcesses.quizId, quizId), ne(bulkProcesses.state, 'processing')))
    .returning({ quizId: bulkProcesses.quizId });
  if (deleted.length === 0) {
    const [row] = await ctx.db
      .select({ state: bulkProcesses.state })
      .from(bulkProcesses)
      .where(eq(bulkProcesses.quizId, quizId));
    if (row?.state === 'processing') throw bulkInProgress();
  }
  return idleStatus(quizId);
}
