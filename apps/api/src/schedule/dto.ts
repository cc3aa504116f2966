/** From rows to the API's schedule and answer-request shapes. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { answerRequests, patients, quizSchedules, quizzes, scheduleRevisionTotals } from '../db/schema.js';
import type { ErrorCode } from '../errors/codes.js';
import type { AnswerRequestSchema, QuizScheduleDetailSchema, QuizScheduleSchema } from './schemas.js';
import type { RequestRow, ScheduleRow } from './rows.js';
import { scheduleNotFound } from './errors.js';

export type QuizScheduleDto = z.infer<typeof QuizScheduleSchema>;
export type QuizScheduleDetailDto = z.infer<typeof QuizScheduleDetailSchema>;
export type AnswerRequestDto = z.infer<typeof AnswerRequestSchema>;
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

export const scheduleColumns = { schedule: quizSchedules, quizTitle: quizzes.title, patientName: patients.name };
type ScheduleJoin = { schedule: ScheduleRow; quizTitle: string; patientName: string };

/**
 * The last request that reached the patient (sent, answered, or cancelled/expired after sending) comes first,
 * latest send first; then ones that never went out (cancelled or expired before sending); a pending one last.
 * Each schedule's first request in this order is one probe of `answer_requests_schedule_last_idx` (migration
 * 0027, on these very expressions), however many requests the schedule has had.
 */
const LAST_REQUEST_ORDER = sql`(ar.sent_at IS NULL), (ar.status = 'scheduled'), coalesce(ar.sent_at, ar.due_at) DESC, ar.created_at DESC`;
const lastRequestIds = (ids: string[]) =>
  sql`(SELECT (SELECT ar.id FROM ${answerRequests} ar WHERE ar.schedule_id = s.id ORDER BY ${LAST_REQUEST_ORDER} LIMIT 1)
    FROM unnest(${sql.param(ids)}::uuid[]) AS s(id))`;

export async function toScheduleDtos(ctx: AppContext, db: Executor, rows: ScheduleJoin[]): Promise<QuizScheduleDto[]> {
  const ids = rows.map((r) => r.schedule.id);
  const last = new Map<string, RequestRow>();
  const next = new Map<string, Date>();
  const answered = new Map<string, { total: number; pending: number }>();
  if (ids.length > 0) {
    // Three independent reads side by side (on PostgreSQL, on their own connections).
    const [lastRows, nextRows, answerRows] = await Promise.all([
      db
        .select()
        .from(answerRequests)
        .where(sql`${answerRequests.id} IN ${lastRequestIds(ids)}`),
      db
        .select({
          scheduleId: answerRequests.scheduleId,
          dueAt: sql<Date>`min(${answerRequests.dueAt})`.mapWith(answerRequests.dueAt),
        })
        .from(answerRequests)
        .where(and(inArray(answerRequests.scheduleId, ids), eq(answerRequests.status, 'scheduled')))
        .groupBy(answerRequests.scheduleId),
      // Kept per schedule and status (migration 0030): a few rows however many answers a schedule has had.
      db
        .select({
          scheduleId: scheduleRevisionTotals.scheduleId,
          total: sql<number>`sum(${scheduleRevisionTotals.n})`.mapWith(Number),
          pending:
            sql<number>`coalesce(sum(${scheduleRevisionTotals.n}) filter (where ${scheduleRevisionTotals.status} = 'pending'), 0)`.mapWith(
              Number,
            ),
        })
        .from(scheduleRevisionTotals)
        .where(inArray(scheduleRevisionTotals.scheduleId, ids))
        .groupBy(scheduleRevisionTotals.scheduleId),
    ]);
    for (const r of lastRows) last.set(r.scheduleId, r);
    for (const r of nextRows) next.set(r.scheduleId, r.dueAt);
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

export async function scheduleDto(
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
