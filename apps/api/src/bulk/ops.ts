/**
 * What a bulk chunk does to its patients, through the schedule area's service functions. A patient the
 * service refuses (AppError) becomes a `details` entry and the others go on.
 *
 * Two ways, same result: bulk insert goes set-based (batch.ts); the other kinds, and an insert chunk whose
 * set-based attempt failed unexpectedly, go patient by patient, each in its own savepoint (a failed
 * statement never takes the others with it), until the chunk's time budget is spent, so that a transaction
 * never holds the embedded database's only connection for long.
 */
import { and, eq, isNull, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import { answerRequests, patients, quizSchedules } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { deleteSchedule, rescheduleSchedule, setScheduleEnabled, upsertSchedule } from '../schedule/lifecycle.js';
import { scheduleNotFound } from '../schedule/errors.js';
import { validateRecurrence } from '../schedule/recurrence-validation.js';
import { type Recurrence } from '../schedule/schemas.js';
import { upsertSchedulesBatch } from './batch.js';
import type { BulkDetailDto } from './schemas.js';
import type { BulkKind, BulkPayload } from './service.js';

export { quizNotActive } from '../schedule/errors.js';

/** The synchronous recurrence checks (WRONG_HOUR_VALUE, WRONG_PERIODICITY_TIME, WRONG_START_DATE). */
export function checkRecurrence(ctx: AppContext, recurrence: Recurrence): void {
  validateRecurrence(ctx, recurrence);
}

/** What one chunk has to do: the next patients and the run's parameters. */
export interface ChunkInput {
  kind: BulkKind;
  professionalId: string;
  quizId: string;
  patientIds: string[];
  payload: BulkPayload;
  /** Patient-by-patient work stops (after at least one patient) once this much time has passed. */
  budgetMs: number;
  /** false = patient by patient only. */
  setBased: boolean;
  log: FastifyBaseLogger;
}

export interface ChunkResult {
  /** How many of `patientIds` (from the start) were handled. */
  handled: number;
  details: BulkDetailDto[];
  /** Earliest pending request created, when known (to wake the delivery worker). */
  firstDueAt: Date | null;
}

export type ChunkRunner = (ctx: AppContext, tx: Tx, input: ChunkInput) => Promise<ChunkResult>;

const unexpected = () =>
  new AppError(500, 'INTERNAL_ERROR', 'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.');

async function patientNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(sql`${patients.id} = ANY(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

const toDetail = (names: Map<string, string>, patientId: string, e: AppError): BulkDetailDto => ({
  patientId,
  patientName: names.get(patientId) ?? '',
  application_error_code: e.code,
  message: e.message,
});

/** patientId → id of the patient's live schedule of the quiz. */
async function liveSchedules(tx: Tx, quizId: string, patientIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: quizSchedules.id, patientId: quizSchedules.patientId })
    .from(quizSchedules)
    .where(
      and(
        eq(quizSchedules.quizId, quizId),
        sql`${quizSchedules.patientId} = ANY(${sql.param(patientIds)}::uuid[])`,
        isNull(quizSchedules.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.patientId, r.id]));
}

type PatientWork = (sp: Tx, patientId: string) => Promise<unknown>;

async function workFor(ctx: AppContext, tx: Tx, input: ChunkInput): Promise<PatientWork> {
  const { kind, professionalId, quizId, patientIds, payload } = input;
  const recurrence = (payload.recurrence ?? {}) as unknown as Recurrence;
  if (kind === 'insert')
    return (sp, patientId) => upsertSchedule(ctx, sp, professionalId, { ...recurrence, quizId, patientId });
  const schedules = await liveSchedules(tx, quizId, patientIds);
  const live = (patientId: string) => {
    const id = schedules.get(patientId);
    if (!id) throw scheduleNotFound();
    return id;
  };
  switch (kind) {
    case 'reschedule':
      return (sp, patientId) => rescheduleSchedule(ctx, sp, professionalId, live(patientId), recurrence);
    case 'delete':
      return (sp, patientId) => deleteSchedule(ctx, sp, professionalId, live(patientId));
    case 'active-state':
      return (sp, patientId) => setScheduleEnabled(ctx, sp, professionalId, live(patientId), payload.enabled ?? true);
  }
}

/** Patient by patient, each in a savepoint, until the budget is spent. */
export async function runChunkPerPatient(ctx: AppContext, tx: Tx, input: ChunkInput): Promise<ChunkResult> {
  const started = performance.now();
  const names = await patientNames(tx, input.patientIds);
  const work = await workFor(ctx, tx, input);
  const details: BulkDetailDto[] = [];
  let handled = 0;
  for (const patientId of input.patientIds) {
    if (handled > 0 && performance.now() - started > input.budgetMs) break;
    try {
      await tx.transaction(async (sp) => {
        await work(sp, patientId);
      });
    } catch (err) {
      if (!(err instanceof AppError))
        input.log.error({ err, quizId: input.quizId, patientId }, 'bulk: unexpected error for one patient');
      details.push(toDetail(names, patientId, err instanceof AppError ? err : unexpected()));
    }
    handled++;
  }
  let firstDueAt: Date | null = null;
  if (input.kind !== 'delete') {
    const [row] = await tx
      .select({ dueAt: min(answerRequests.dueAt) })
      .from(answerRequests)
      .where(
        and(
          eq(answerRequests.quizId, input.quizId),
          sql`${answerRequests.patientId} = ANY(${sql.param(input.patientIds.slice(0, handled))}::uuid[])`,
          eq(answerRequests.status, 'scheduled'),
        ),
      );
    firstDueAt = row?.dueAt ?? null;
  }
  return { handled, details, firstDueAt };
}

/**
 * The chunk, set-based when the kind allows it (no savepoint: an unexpected error aborts the transaction and
 * the runner redoes the chunk with `setBased: false`), else patient by patient.
 */
export async function runChunk(ctx: AppContext, tx: Tx, input: ChunkInput): Promise<ChunkResult> {
  if (input.kind !== 'insert' || !input.setBased) return runChunkPerPatient(ctx, tx, input);
  const recurrence = input.payload.recurrence as unknown as Recurrence;
  const result = await upsertSchedulesBatch(ctx, tx, input.professionalId, input.quizId, input.patientIds, recurrence);
  const refusedIds = input.patientIds.filter((id) => result.refused.has(id));
  const names = refusedIds.length > 0 ? await patientNames(tx, refusedIds) : new Map<string, string>();
  return {
    handled: input.patientIds.length,
    details: refusedIds.map((id) => toDetail(names, id, result.refused.get(id)!)),
    firstDueAt: result.firstDueAt,
  };
}
