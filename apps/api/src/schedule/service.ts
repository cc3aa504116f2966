/**
 * Quiz schedules (recurrences) and their answer requests (occurrences).
 *
 * Invariant: a live, enabled schedule has at most one pending (status 'scheduled') request of kind
 * 'scheduled' — its next occurrence. It is created here (schedule, reschedule, enable, cancel) and by the
 * delivery worker after each occurrence; every writer locks the schedule row first.
 */
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { findOwnQuiz, type QuizRow } from '../quiz/lookup.js';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor, Tx } from '../db/client.js';
import {
  answerRequests,
  answerRevisions,
  patients,
  PERIODICITIES,
  quizAnswers,
  quizSchedules,
  quizzes,
  sales,
  type Periodicity,
} from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import { spDate, spDayStart } from '../lib/dates.js';
import { findOwnPatient, patientNotFound } from '../patient/service.js';
import { notifyDueRequests } from '../delivery/signal.js';
import { nextOccurrence, type RecurrenceRule } from './recurrence.js';
import type {
  AnswerRequestSchema,
  ListQuizSchedulesQuery,
  QuizScheduleDetailSchema,
  QuizScheduleSchema,
  Recurrence,
  RepublishResultSchema,
  UnconfirmedQuery,
  UnconfirmedRequestSchema,
} from './schemas.js';

export type { Recurrence } from './schemas.js';
export type QuizScheduleDto = z.infer<typeof QuizScheduleSchema>;
export type QuizScheduleDetailDto = z.infer<typeof QuizScheduleDetailSchema>;
export type AnswerRequestDto = z.infer<typeof AnswerRequestSchema>;
type ScheduleRow = typeof quizSchedules.$inferSelect;
type RequestRow = typeof answerRequests.$inferSelect;
type PatientRow = typeof patients.$inferSelect;
type Channel = ScheduleRow['channel'];

export interface ScheduleInput extends Recurrence {
  quizId: string;
  patientId: string;
}

/** A checked recurrence, ready to store. */
export interface ValidRecurrence extends RecurrenceRule {
  channel: Channel | undefined;
}

/** No new message for the same schedule within this many seconds (request now, resend). */
export const RESEND_COOLDOWN_SECONDS = 60;

// ───────────────────────── Errors ─────────────────────────

export const scheduleNotFound = () => new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Agendamento não encontrado.');
export const requestNotFound = () => new AppError(404, 'SCHEDULE_NOT_FOUND_ERROR', 'Envio não encontrado.');
const deletedSchedule = () =>
  new AppError(
    400,
    'RESCHEDULE_ERROR',
    'Este agendamento foi excluído e não pode mais ser alterado. Agende o questionário novamente.',
  );
const field = (code: ErrorCode, path: string, message: string) =>
  new AppError(400, code, message, [{ path: [path], message }]);

export const quizNotActive = () =>
  new AppError(400, 'QUIZ_NOT_ACTIVE', 'Este questionário está desativado. Ative-o antes de agendar.', [
    { path: ['quizId'], message: 'Questionário desativado.' },
  ]);
export const patientNotActive = () =>
  new AppError(400, 'PATIENT_NOT_ACTIVE', 'Este cliente está inativo: reative-o antes de agendar um questionário.', [
    { path: ['patientId'], message: 'Cliente inativo.' },
  ]);
export const withoutActiveService = () =>
  new AppError(
    400,
    'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
    'Este cliente não tem um serviço ativo. Registre a venda de um serviço antes de enviar questionários.',
  );

/** The channel needs the matching contact: null when it is fine. */
export function deliveryRuleProblem(patient: Pick<PatientRow, 'email' | 'phone'>, channel: Channel): AppError | null {
  if (channel === 'email' && !patient.email) {
    return new AppError(
      400,
      'DELIVERY_RULE_EXCEPTION',
      'O cliente não tem e-mail cadastrado: cadastre-o ou envie pelo WhatsApp.',
      [{ path: ['channel'], message: 'O cliente não tem e-mail.' }],
    );
  }
  if (channel === 'whatsapp' && !patient.phone) {
    return new AppError(
      400,
      'DELIVERY_RULE_EXCEPTION',
      'O cliente não tem telefone cadastrado: cadastre-o ou envie por e-mail.',
      [{ path: ['channel'], message: 'O cliente não tem telefone.' }],
    );
  }
  return null;
}

// ───────────────────────── Recurrence ─────────────────────────

/** Synchronous checks of a recurrence (the spec's WRONG_HOUR_VALUE, WRONG_PERIODICITY_TIME, WRONG_START_DATE). */
export function validateRecurrence(ctx: AppContext, r: Recurrence): ValidRecurrence {
  if (typeof r.hour !== 'number' || !Number.isInteger(r.hour) || r.hour < 0 || r.hour > 23) {
    throw field('WRONG_HOUR_VALUE', 'hour', 'A hora deve ser um número inteiro entre 0 e 23.');
  }
  if (!(PERIODICITIES as readonly string[]).includes(r.periodicity)) {
    throw field(
      'WRONG_PERIODICITY_TIME',
      'periodicity',
      'Periodicidade inválida: use uma vez, a cada N dias, semanal ou mensal.',
    );
  }
  const periodicity = r.periodicity as Periodicity;
  let intervalDays: number | null = null;
  if (periodicity === 'days') {
    const n = r.intervalDays;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 365) {
      throw field('WRONG_PERIODICITY_TIME', 'intervalDays', 'Informe o intervalo em dias, de 1 a 365.');
    }
    intervalDays = n;
  }
  const weekdays = [...new Set(r.weekdays ?? [])].sort((a, b) => a - b);
  if (periodicity === 'weekly') {
    if (weekdays.length === 0)
      throw field('WRONG_PERIODICITY_TIME', 'weekdays', 'Escolha pelo menos um dia da semana.');
    if (weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) {
      throw field(
        'WRONG_PERIODICITY_TIME',
        'weekdays',
        'Dias da semana inválidos: use 1 (segunda-feira) a 7 (domingo).',
      );
    }
  } else if (weekdays.length > 0) {
    throw field('WRONG_PERIODICITY_TIME', 'weekdays', 'Dias da semana só valem para a periodicidade semanal.');
  }
  const today = spDate(ctx.config.now());
  if (r.startDate < today) throw field('WRONG_START_DATE', 'startDate', 'A data de início não pode estar no passado.');
  const endDate = r.endDate ?? null;
  if (endDate !== null && endDate < r.startDate) {
    throw field('WRONG_START_DATE', 'endDate', 'A data de término não pode ser anterior à data de início.');
  }
  return {
    startDate: r.startDate,
    hour: r.hour,
    periodicity,
    intervalDays,
    weekdays: periodicity === 'weekly' ? weekdays : [],
    endDate,
    channel: r.channel ?? undefined,
  };
}

export const ruleOf = (s: ScheduleRow): RecurrenceRule => ({
  startDate: s.startDate,
  hour: s.hour,
  periodicity: s.periodicity,
  intervalDays: s.intervalDays,
  weekdays: s.weekdays,
  endDate: s.endDate,
});

// ───────────────────────── Lookups ─────────────────────────

/** Quizzes looked up inside one transaction are remembered (a bulk chunk schedules hundreds of patients on one quiz). */
const quizCache = new WeakMap<object, Map<string, QuizRow>>();

async function findOwnQuizOnce(tx: Executor, professionalId: string, quizId: string): Promise<QuizRow> {
  let cache = quizCache.get(tx);
  const hit = cache?.get(quizId);
  if (hit && hit.professionalId === professionalId) return hit;
  const row = await findOwnQuiz(tx, professionalId, quizId);
  if (!cache) quizCache.set(tx, (cache = new Map()));
  cache.set(quizId, row);
  return row;
}

/**
 * "Has a paid sale covering `today`" for the `patients` row of the outer query. Written out with qualified
 * names: drizzle leaves the columns of a one-table select unqualified, which would bind to `sales`.
 */
/** A paid sale covers `today` (and, when given, runs past `through` too). */
export const hasActiveServiceSql = (today: string, through: string = today) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${sales} s WHERE s.patient_id = "patients"."id" AND s.status = 'paid' AND s.starts_at <= ${today} AND s.ends_at > ${through})`.mapWith(
    Boolean,
  );

/** The patient with a flag "has a paid sale covering `today`", or 404. */
async function findPatientWithService(
  tx: Executor,
  professionalId: string,
  patientId: string,
  today: string,
): Promise<{ patient: PatientRow; hasService: boolean }> {
  const [row] = await tx
    .select({ patient: patients, hasService: hasActiveServiceSql(today) })
    .from(patients)
    .where(
      and(eq(patients.id, patientId), eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')),
    );
  if (!row) throw patientNotFound();
  return { patient: row.patient, hasService: Boolean(row.hasService) };
}

/** The checks every new delivery rule passes: quiz active, patient active with the contact of the channel and an active service. */
function assertCanDeliver(quiz: QuizRow, patient: PatientRow, hasService: boolean, channel: Channel): void {
  if (!quiz.isActive) throw quizNotActive();
  if (patient.status !== 'active') throw patientNotActive();
  const rule = deliveryRuleProblem(patient, channel);
  if (rule) throw rule;
  if (!hasService) throw withoutActiveService();
}

async function lockOwnSchedule(tx: Executor, professionalId: string, id: string): Promise<ScheduleRow> {
  const [row] = await tx
    .select()
    .from(quizSchedules)
    .where(and(eq(quizSchedules.id, id), eq(quizSchedules.professionalId, professionalId)))
    .for('update');
  if (!row) throw scheduleNotFound();
  return row;
}

// ───────────────────────── Occurrences ─────────────────────────

/** Cancels the pending requests of a schedule (only the recurrence's own ones unless `allKinds`). */
async function cancelPending(tx: Executor, scheduleId: string, now: Date, allKinds: boolean): Promise<void> {
  await tx
    .update(answerRequests)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(answerRequests.scheduleId, scheduleId),
        eq(answerRequests.status, 'scheduled'),
        allKinds ? undefined : eq(answerRequests.kind, 'scheduled'),
      ),
    );
}

/**
 * Creates the schedule's next occurrence at or after `notBefore` (unless one is pending, or the schedule is
 * disabled, deleted or finished). An occurrence already sent is skipped; a cancelled one is replaced.
 * The caller holds the schedule row lock. Returns the pending request's due time, or null.
 */
export async function materializeNext(
  tx: Executor,
  schedule: ScheduleRow,
  notBefore: Date,
  now: Date,
): Promise<Date | null> {
  if (!schedule.enabled || schedule.deletedAt) return null;
  const [pending] = await tx
    .select({ dueAt: answerRequests.dueAt })
    .from(answerRequests)
    .where(
      and(
        eq(answerRequests.scheduleId, schedule.id),
        eq(answerRequests.status, 'scheduled'),
        eq(answerRequests.kind, 'scheduled'),
      ),
    )
    .limit(1);
  if (pending) return pending.dueAt;
  const rule = ruleOf(schedule);
  let from = notBefore;
  for (let i = 0; i < 100; i++) {
    const dueAt = nextOccurrence(rule, from);
    if (!dueAt) return null;
    const inserted = await tx
      .insert(answerRequests)
      .values({
        scheduleId: schedule.id,
        professionalId: schedule.professionalId,
        patientId: schedule.patientId,
        quizId: schedule.quizId,
        kind: 'scheduled',
        dueAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: answerRequests.id });
    if (inserted.length > 0) return dueAt;
    // That occurrence exists already: a cancelled one comes back (as a new request), a delivered one is skipped.
    const removed = await tx
      .delete(answerRequests)
      .where(
        and(
          eq(answerRequests.scheduleId, schedule.id),
          eq(answerRequests.kind, 'scheduled'),
          eq(answerRequests.dueAt, dueAt),
          eq(answerRequests.status, 'cancelled'),
          sql`NOT EXISTS (SELECT 1 FROM ${quizAnswers} WHERE ${quizAnswers.answerRequestId} = ${answerRequests.id})`,
        ),
      )
      .returning({ id: answerRequests.id });
    if (removed.length === 0) {
      from = new Date(dueAt.getTime() + 1);
      continue;
    }
  }
  return null;
}

/** The first occurrence may be today's even when its hour has passed (then it is sent right away). */
const startOfToday = (now: Date) => spDayStart(spDate(now));

// ───────────────────────── Service functions shared with the bulk process (run inside `tx`) ─────────────────────────

/**
 * Creates the (quiz, patient) schedule, or replaces the live one (a reschedule), and materialises its first
 * occurrence. Throws AppError with the scheduling codes.
 */
export async function upsertSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  input: ScheduleInput,
): Promise<{ id: string }> {
  const rule = validateRecurrence(ctx, input);
  const now = ctx.config.now();
  const quiz = await findOwnQuizOnce(tx, professionalId, input.quizId);
  const { patient, hasService } = await findPatientWithService(tx, professionalId, input.patientId, spDate(now));
  const channel = rule.channel ?? patient.preferences.channel;
  assertCanDeliver(quiz, patient, hasService, channel);
  const values = {
    startDate: rule.startDate,
    hour: rule.hour,
    periodicity: rule.periodicity,
    intervalDays: rule.intervalDays,
    weekdays: rule.weekdays,
    endDate: rule.endDate,
    channel,
    enabled: true,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(quizSchedules)
    .values({ ...values, professionalId, quizId: quiz.id, patientId: patient.id, createdAt: now })
    .onConflictDoUpdate({
      target: [quizSchedules.quizId, quizSchedules.patientId],
      targetWhere: sql`${quizSchedules.deletedAt} IS NULL`,
      set: values,
    })
    .returning({ ...getTableColumns(quizSchedules), inserted: sql<boolean>`(xmax = 0)`.mapWith(Boolean) });
  const { inserted, ...schedule } = row!;
  // A replaced schedule: its pending occurrence belonged to the old recurrence.
  if (!inserted) await cancelPending(tx, schedule.id, now, false);
  await materializeNext(tx, schedule, startOfToday(now), now);
  return { id: schedule.id };
}

/** New recurrence for a live schedule: the pending occurrence is cancelled and the new first one created. */
export async function rescheduleSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
  recurrence: Recurrence,
): Promise<{ id: string }> {
  const rule = validateRecurrence(ctx, recurrence);
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw deletedSchedule();
  const quiz = await findOwnQuizOnce(tx, professionalId, current.quizId);
  const { patient, hasService } = await findPatientWithService(tx, professionalId, current.patientId, spDate(now));
  const channel = rule.channel ?? current.channel;
  assertCanDeliver(quiz, patient, hasService, channel);
  const [schedule] = await tx
    .update(quizSchedules)
    .set({
      startDate: rule.startDate,
      hour: rule.hour,
      periodicity: rule.periodicity,
      intervalDays: rule.intervalDays,
      weekdays: rule.weekdays,
      endDate: rule.endDate,
      channel,
      enabled: true,
      updatedAt: now,
    })
    .where(eq(quizSchedules.id, current.id))
    .returning();
  await cancelPending(tx, current.id, now, false);
  await materializeNext(tx, schedule!, startOfToday(now), now);
  return { id: current.id };
}

/** Enable: the next occurrence from now is created. Disable: every pending request is cancelled. */
export async function setScheduleEnabled(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
  enabled: boolean,
): Promise<{ id: string }> {
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw deletedSchedule();
  const [schedule] = await tx
    .update(quizSchedules)
    .set({ enabled, updatedAt: now })
    .where(eq(quizSchedules.id, current.id))
    .returning();
  if (enabled) await materializeNext(tx, schedule!, now, now);
  else await cancelPending(tx, current.id, now, true);
  return { id: current.id };
}

/**
 * Soft delete: hidden from lists and never sent again; pending requests cancelled, sent and unanswered ones
 * expired (the survey refuses a deleted schedule). Answers stay for the history.
 */
export async function deleteSchedule(
  ctx: AppContext,
  tx: Tx,
  professionalId: string,
  quizScheduleId: string,
): Promise<void> {
  const now = ctx.config.now();
  const current = await lockOwnSchedule(tx, professionalId, quizScheduleId);
  if (current.deletedAt) throw scheduleNotFound();
  await tx.update(quizSchedules).set({ deletedAt: now, updatedAt: now }).where(eq(quizSchedules.id, current.id));
  await cancelPending(tx, current.id, now, true);
  await tx
    .update(answerRequests)
    .set({ status: 'expired' })
    .where(and(eq(answerRequests.scheduleId, current.id), eq(answerRequests.status, 'sent')));
}

// ───────────────────────── DTOs ─────────────────────────

const CODE_PREFIX = /^([A-Z][A-Z_]+): ([\s\S]*)$/;

/** last_error is stored as "CODE: Portuguese message". */
export const formatLastError = (code: ErrorCode, message: string) => `${code}: ${message}`;

function splitLastError(value: string | null): { lastError: string | null; lastErrorCode: ErrorCode | null } {
  if (!value) return { lastError: null, lastErrorCode: null };
  const m = CODE_PREFIX.exec(value);
  if (!m) return { lastError: value, lastErrorCode: null };
  return { lastError: m[2] ?? '', lastErrorCode: m[1] as ErrorCode };
}

export function toRequestDto(r: RequestRow): AnswerRequestDto {
  return {
    id: r.id,
    quizScheduleId: r.scheduleId,
    kind: r.kind,
    dueAt: r.dueAt.toISOString(),
    status: r.status,
    sentAt: r.sentAt?.toISOString() ?? null,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    attempts: r.attempts,
    ...splitLastError(r.lastError),
  };
}

/** The stable survey link of a schedule (the same in every message and in the portal). */
export const surveyLink = (publicUrl: string, quizScheduleId: string) => `${publicUrl}/quiz-survey/${quizScheduleId}`;

const scheduleColumns = { schedule: quizSchedules, quizTitle: quizzes.title, patientName: patients.name };
type ScheduleJoin = { schedule: ScheduleRow; quizTitle: string; patientName: string };

/**
 * The last request that reached the patient (sent, answered, or cancelled/expired after sending) comes first,
 * latest send first; then ones that never went out (cancelled or expired before sending); a pending one last.
 */
const LAST_REQUEST_ORDER = [
  sql`(${answerRequests.sentAt} IS NULL)`,
  sql`(${answerRequests.status} = 'scheduled')`,
  sql`coalesce(${answerRequests.sentAt}, ${answerRequests.dueAt}) DESC`,
  desc(answerRequests.createdAt),
];

async function toScheduleDtos(ctx: AppContext, db: Executor, rows: ScheduleJoin[]): Promise<QuizScheduleDto[]> {
  const ids = rows.map((r) => r.schedule.id);
  const last = new Map<string, RequestRow>();
  const next = new Map<string, Date>();
  const answered = new Map<string, { total: number; pending: number }>();
  if (ids.length > 0) {
    const lastRows = await db
      .selectDistinctOn([answerRequests.scheduleId])
      .from(answerRequests)
      .where(inArray(answerRequests.scheduleId, ids))
      .orderBy(answerRequests.scheduleId, ...LAST_REQUEST_ORDER);
    for (const r of lastRows) last.set(r.scheduleId, r);
    const nextRows = await db
      .select({
        scheduleId: answerRequests.scheduleId,
        dueAt: sql<Date>`min(${answerRequests.dueAt})`.mapWith(answerRequests.dueAt),
      })
      .from(answerRequests)
      .where(and(inArray(answerRequests.scheduleId, ids), eq(answerRequests.status, 'scheduled')))
      .groupBy(answerRequests.scheduleId);
    for (const r of nextRows) next.set(r.scheduleId, r.dueAt);
    const answerRows = await db
      .select({
        scheduleId: answerRevisions.scheduleId,
        total: sql<number>`count(*)`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${answerRevisions.status} = 'pending')`.mapWith(Number),
      })
      .from(answerRevisions)
      .where(inArray(answerRevisions.scheduleId, ids))
      .groupBy(answerRevisions.scheduleId);
    for (const r of answerRows) answered.set(r.scheduleId, { total: r.total, pending: r.pending });
  }
  const now = ctx.config.now();
  return rows.map(({ schedule: s, quizTitle, patientName }) => {
    const lastRequest = last.get(s.id);
    return {
      id: s.id,
      quizId: s.quizId,
      quizTitle,
      patientId: s.patientId,
      patientName,
      startDate: s.startDate,
      hour: s.hour,
      periodicity: s.periodicity,
      intervalDays: s.intervalDays,
      weekdays: s.weekdays,
      endDate: s.endDate,
      channel: s.channel,
      enabled: s.enabled,
      link: surveyLink(ctx.config.publicUrl, s.id),
      nextDueAt: next.get(s.id)?.toISOString() ?? null,
      lastRequest: lastRequest ? toRequestDto(lastRequest) : null,
      pinLocked: !!s.pinLockedUntil && s.pinLockedUntil.getTime() > now.getTime(),
      answers: answered.get(s.id) ?? { total: 0, pending: 0 },
      createdAt: s.createdAt.toISOString(),
    };
  });
}

async function scheduleDto(
  ctx: AppContext,
  db: Executor,
  professionalId: string,
  id: string,
): Promise<QuizScheduleDto> {
  const rows = await db
    .select(scheduleColumns)
    .from(quizSchedules)
    .innerJoin(quizzes, eq(quizzes.id, quizSchedules.quizId))
    .innerJoin(patients, eq(patients.id, quizSchedules.patientId))
    .where(
      and(eq(quizSchedules.id, id), eq(quizSchedules.professionalId, professionalId), isNull(quizSchedules.deletedAt)),
    );
  const [dto] = await toScheduleDtos(ctx, db, rows);
  if (!dto) throw scheduleNotFound();
  return dto;
}

// ───────────────────────── Route handlers ─────────────────────────

/** Wakes the delivery worker of this process when something is due now (others find it on their next sweep). */
function kickIfDue(ctx: AppContext, dueAt: Date | null | undefined): void {
  if (dueAt && dueAt.getTime() <= ctx.config.now().getTime()) notifyDueRequests(ctx.db);
}

async function pendingDueAt(db: Executor, scheduleId: string): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: answerRequests.dueAt })
    .from(answerRequests)
    .where(and(eq(answerRequests.scheduleId, scheduleId), eq(answerRequests.status, 'scheduled')))
    .orderBy(asc(answerRequests.dueAt))
    .limit(1);
  return row?.dueAt ?? null;
}

async function afterChange(ctx: AppContext, professionalId: string, id: string): Promise<QuizScheduleDto> {
  kickIfDue(ctx, await pendingDueAt(ctx.db, id));
  return scheduleDto(ctx, ctx.db, professionalId, id);
}

export async function createSchedule(
  ctx: AppContext,
  professionalId: string,
  body: ScheduleInput,
): Promise<QuizScheduleDto> {
  const { id } = await ctx.db.transaction((tx) => upsertSchedule(ctx, tx, professionalId, body));
  return afterChange(ctx, professionalId, id);
}

export async function reschedule(
  ctx: AppContext,
  professionalId: string,
  id: string,
  recurrence: Recurrence,
): Promise<QuizScheduleDto> {
  await ctx.db.transaction((tx) => rescheduleSchedule(ctx, tx, professionalId, id, recurrence));
  return afterChange(ctx, professionalId, id);
}

export async function setEnabled(
  ctx: AppContext,
  professionalId: string,
  id: string,
  enabled: boolean,
): Promise<QuizScheduleDto> {
  await ctx.db.transaction((tx) => setScheduleEnabled(ctx, tx, professionalId, id, enabled));
  return afterChange(ctx, professionalId, id);
}

export async function deleteScheduleOfPatient(
  ctx: AppContext,
  professionalId: string,
  id: string,
  patientId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ patientId: quizSchedules.patientId })
      .from(quizSchedules)
      .where(and(eq(quizSchedules.id, id), eq(quizSchedules.professionalId, professionalId)));
    if (!row || row.patientId !== patientId) throw scheduleNotFound();
    await deleteSchedule(ctx, tx, professionalId, id);
  });
}

export async function getScheduleDetail(
  ctx: AppContext,
  professionalId: string,
  id: string,
): Promise<QuizScheduleDetailDto> {
  const dto = await scheduleDto(ctx, ctx.db, professionalId, id);
  const rows = await ctx.db
    .select()
    .from(answerRequests)
    .where(eq(answerRequests.scheduleId, id))
    .orderBy(desc(answerRequests.dueAt), desc(answerRequests.createdAt))
    .limit(50);
  return { ...dto, requests: rows.map(toRequestDto) };
}

export async function listSchedules(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListQuizSchedulesQuery>,
): Promise<{ items: QuizScheduleDto[]; total: number }> {
  const lastStatus = sql`(SELECT ar.status FROM ${answerRequests} ar WHERE ar.schedule_id = ${quizSchedules.id}
    ORDER BY (ar.status = 'scheduled'), ar.due_at DESC, ar.created_at DESC LIMIT 1)`;
  const conds: (SQL | undefined)[] = [
    eq(quizSchedules.professionalId, professionalId),
    isNull(quizSchedules.deletedAt),
  ];
  if (q.quizId) conds.push(eq(quizSchedules.quizId, q.quizId));
  if (q.patientId) conds.push(eq(quizSchedules.patientId, q.patientId));
  if (q.status === 'enabled') conds.push(eq(quizSchedules.enabled, true));
  if (q.status === 'disabled') conds.push(eq(quizSchedules.enabled, false));
  if (q.status === 'pending') conds.push(sql`${lastStatus} = 'scheduled'`);
  if (q.status === 'sent') conds.push(sql`${lastStatus} = 'sent'`);
  if (q.status === 'answered') conds.push(sql`${lastStatus} = 'answered'`);
  // The page follows the patients' name index and stops after `take` rows; the total counts the schedules
  // alone (every condition is on the schedule, and quiz and patient are required references). One query
  // with `count(*) over()` read, joined and sorted every schedule of the quiz for each page.
  const [page, [c]] = await Promise.all([
    ctx.db
      .select(scheduleColumns)
      .from(quizSchedules)
      .innerJoin(quizzes, eq(quizzes.id, quizSchedules.quizId))
      .innerJoin(patients, eq(patients.id, quizSchedules.patientId))
      .where(and(...conds))
      .orderBy(asc(patients.searchName), asc(quizzes.title), asc(quizSchedules.id))
      .limit(q.take)
      .offset(q.skip),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(quizSchedules)
      .where(and(...conds)),
  ]);
  const total = Number(c?.n ?? 0);
  return { items: await toScheduleDtos(ctx, ctx.db, page), total };
}

/** The patient's live schedules (the patient profile). */
export async function listPatientSchedules(
  ctx: AppContext,
  professionalId: string,
  patientId: string,
  page: { take: number; skip: number },
) {
  await findOwnPatient(ctx.db, professionalId, patientId);
  const out = await listSchedules(ctx, professionalId, { patientId, ...page });
  return { items: out.items.map((s) => ({ ...s, quizScheduleId: s.id })), total: out.total };
}

/**
 * A message was sent for the schedule within the cooldown, or one is about to go out (a due request queued
 * within the cooldown, e.g. a first occurrence whose hour had passed, or another 'request now').
 */
async function recentSend(db: Executor, scheduleIds: string[], now: Date): Promise<Set<string>> {
  if (scheduleIds.length === 0) return new Set();
  const since = new Date(now.getTime() - RESEND_COOLDOWN_SECONDS * 1000);
  const rows = await db
    .selectDistinct({ scheduleId: answerRequests.scheduleId })
    .from(answerRequests)
    .where(
      and(
        inArray(answerRequests.scheduleId, scheduleIds),
        or(
          gte(answerRequests.sentAt, since),
          and(
            eq(answerRequests.status, 'scheduled'),
            lte(answerRequests.dueAt, now),
            or(gte(answerRequests.createdAt, since), gte(answerRequests.dueAt, since)),
          ),
        ),
      ),
    );
  return new Set(rows.map((r) => r.scheduleId));
}

const retryLater = () =>
  new AppError(
    429,
    'RETRY_SEND_LATER',
    `Um envio para este cliente acabou de ser feito. Aguarde ${RESEND_COOLDOWN_SECONDS} segundos para enviar de novo.`,
    { retryAfterSeconds: RESEND_COOLDOWN_SECONDS },
    { 'Retry-After': String(RESEND_COOLDOWN_SECONDS) },
  );

const disabledSchedule = () =>
  new AppError(400, 'DELIVERY_RULE_EXCEPTION', 'Este agendamento está desativado: ative-o para enviar o questionário.');

export async function requestNow(
  ctx: AppContext,
  professionalId: string,
  quizScheduleId: string,
): Promise<AnswerRequestDto> {
  const now = ctx.config.now();
  const row = await ctx.db.transaction(async (tx) => {
    const schedule = await lockOwnSchedule(tx, professionalId, quizScheduleId);
    if (schedule.deletedAt) throw scheduleNotFound();
    if (!schedule.enabled) throw disabledSchedule();
    const quiz = await findOwnQuizOnce(tx, professionalId, schedule.quizId);
    const { patient, hasService } = await findPatientWithService(tx, professionalId, schedule.patientId, spDate(now));
    assertCanDeliver(quiz, patient, hasService, schedule.channel);
    if ((await recentSend(tx, [schedule.id], now)).size > 0) throw retryLater();
    const [inserted] = await tx
      .insert(answerRequests)
      .values({
        scheduleId: schedule.id,
        professionalId,
        patientId: schedule.patientId,
        quizId: schedule.quizId,
        kind: 'now',
        dueAt: now,
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  notifyDueRequests(ctx.db);
  return toRequestDto(row);
}

/** The patient started answering the `answer_requests` row of the outer query. */
const startedAnswer =
  sql<boolean>`EXISTS (SELECT 1 FROM ${quizAnswers} qa WHERE qa.answer_request_id = "answer_requests"."id")`.mapWith(
    Boolean,
  );

export async function cancelRequest(
  ctx: AppContext,
  professionalId: string,
  requestId: string,
): Promise<AnswerRequestDto> {
  const now = ctx.config.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ request: answerRequests, started: startedAnswer })
      .from(answerRequests)
      .where(and(eq(answerRequests.id, requestId), eq(answerRequests.professionalId, professionalId)));
    if (!found) throw requestNotFound();
    // Lock in the same order as the worker: the schedule first, then the request.
    const schedule = await lockOwnSchedule(tx, professionalId, found.request.scheduleId);
    const [request] = await tx.select().from(answerRequests).where(eq(answerRequests.id, requestId)).for('update');
    const r = request!;
    if (r.status === 'cancelled')
      throw new AppError(400, 'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR', 'Este envio já foi cancelado.');
    if (r.status === 'answered')
      throw new AppError(400, 'SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR', 'Este questionário já foi respondido.');
    if (r.status === 'expired') {
      throw new AppError(409, 'CANCEL_ANSWER_REQUEST_ERROR', 'Este envio expirou e não pode mais ser cancelado.');
    }
    if (found.started) {
      throw new AppError(
        409,
        'CANCEL_ANSWER_REQUEST_ERROR',
        'O cliente já começou a responder este questionário: não é possível cancelar.',
      );
    }
    const [cancelled] = await tx
      .update(answerRequests)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(eq(answerRequests.id, r.id))
      .returning();
    // Cancelling one occurrence does not stop the recurrence.
    if (r.status === 'scheduled' && r.kind === 'scheduled') {
      const after = new Date(Math.max(r.dueAt.getTime() + 1, now.getTime()));
      await materializeNext(tx, schedule, after, now);
    }
    return cancelled!;
  });
  return toRequestDto(row);
}

export async function republish(
  ctx: AppContext,
  professionalId: string,
  requestIds: string[],
): Promise<z.infer<typeof RepublishResultSchema>> {
  const now = ctx.config.now();
  const today = spDate(now);
  const ids = [...new Set(requestIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        request: answerRequests,
        schedule: quizSchedules,
        patient: patients,
        quizActive: quizzes.isActive,
        hasService: hasActiveServiceSql(today),
      })
      .from(answerRequests)
      .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
      .innerJoin(patients, eq(patients.id, answerRequests.patientId))
      .innerJoin(quizzes, eq(quizzes.id, answerRequests.quizId))
      .where(and(inArray(answerRequests.id, ids), eq(answerRequests.professionalId, professionalId)));
    const byId = new Map(rows.map((r) => [r.request.id, r]));
    const recent = await recentSend(tx, [...new Set(rows.map((r) => r.schedule.id))], now);
    const details: { scheduleId: string; application_error_code: ErrorCode; message: string }[] = [];
    const refuse = (scheduleId: string, e: AppError) =>
      details.push({ scheduleId, application_error_code: e.code, message: e.message });
    const toSend: (typeof answerRequests.$inferInsert)[] = [];
    const queued = new Set<string>();
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || row.schedule.deletedAt) {
        refuse(id, requestNotFound());
        continue;
      }
      const { request: r, schedule: s, patient } = row;
      if (r.status === 'answered')
        refuse(id, new AppError(400, 'SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR', 'Este questionário já foi respondido.'));
      else if (r.status === 'cancelled')
        refuse(id, new AppError(400, 'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR', 'Este envio foi cancelado.'));
      else if (r.status !== 'sent') {
        refuse(
          id,
          new AppError(
            400,
            'DELIVERY_RULE_EXCEPTION',
            'Só é possível reenviar um questionário já enviado e ainda não respondido.',
          ),
        );
      } else if (!s.enabled) refuse(id, disabledSchedule());
      else if (!row.quizActive) refuse(id, quizNotActive());
      else if (patient.status !== 'active') refuse(id, patientNotActive());
      else if (deliveryRuleProblem(patient, s.channel)) refuse(id, deliveryRuleProblem(patient, s.channel)!);
      else if (!row.hasService) refuse(id, withoutActiveService());
      else if (recent.has(s.id) || queued.has(s.id)) refuse(id, retryLater());
      else {
        queued.add(s.id);
        toSend.push({
          scheduleId: s.id,
          professionalId,
          patientId: s.patientId,
          quizId: s.quizId,
          kind: 'resend',
          dueAt: now,
          createdAt: now,
        });
      }
    }
    if (toSend.length > 0) {
      await tx.insert(answerRequests).values(toSend);
      notifyDueRequests(ctx.db);
    }
    return { resent: toSend.length, details };
  });
}

/**
 * A page of sent, unanswered answer requests (the resend list here, the delayed list of the answer review),
 * oldest sent first, with quiz title, patient name and channel, and whether the patient started answering.
 */
export async function sentRequestsPage(ctx: AppContext, where: SQL | undefined, page: { take: number; skip: number }) {
  const rows = await ctx.db
    .select({
      request: answerRequests,
      channel: quizSchedules.channel,
      quizTitle: quizzes.title,
      patientName: patients.name,
      started:
        sql<boolean>`EXISTS (SELECT 1 FROM quiz_answers qa WHERE qa.answer_request_id = "answer_requests"."id")`.mapWith(
          Boolean,
        ),
      total: sql<number>`count(*) over()`,
    })
    .from(answerRequests)
    .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
    .innerJoin(quizzes, eq(quizzes.id, answerRequests.quizId))
    .innerJoin(patients, eq(patients.id, answerRequests.patientId))
    .where(where)
    .orderBy(asc(answerRequests.sentAt), asc(answerRequests.id))
    .limit(page.take)
    .offset(page.skip);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.skip > 0) {
    const [c] = await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(answerRequests)
      .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
      .innerJoin(patients, eq(patients.id, answerRequests.patientId))
      .where(where);
    total = Number(c?.n ?? 0);
  }
  const items = rows.map(({ request: r, channel, quizTitle, patientName, started }) => ({
    id: r.id,
    quizScheduleId: r.scheduleId,
    quizId: r.quizId,
    quizTitle,
    patientId: r.patientId,
    patientName,
    channel,
    dueAt: r.dueAt.toISOString(),
    sentAt: (r.sentAt ?? r.dueAt).toISOString(),
    attempts: r.attempts,
    started: Boolean(started),
  }));
  return { items, total };
}

export async function listUnconfirmed(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof UnconfirmedQuery>,
): Promise<{ items: z.infer<typeof UnconfirmedRequestSchema>[]; total: number }> {
  const where = and(
    eq(answerRequests.professionalId, professionalId),
    eq(answerRequests.status, 'sent'),
    isNull(quizSchedules.deletedAt),
    q.quizId ? eq(answerRequests.quizId, q.quizId) : undefined,
  );
  const { items, total } = await sentRequestsPage(ctx, where, q);
  return { items: items.map(({ started: _started, ...item }) => item), total };
}
