/** Quiz schedules (recurrences): the route handlers. The answer requests' are in answer-requests.ts. */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { encodeJson, type SummaryAuth } from '../lib/summary-cache.js';
import { answerRequests, patients, quizSchedules, quizzes } from '../db/schema.js';
import { findOwnPatient } from '../patient/lookup.js';
import { notifyDueRequests } from './due-signal.js';
import { QuizSchedulePageSchema, type ListQuizSchedulesQuery, type Recurrence } from './schemas.js';
import type { ScheduleInput } from './rows.js';
import { scheduleNotFound } from './errors.js';
import { deleteSchedule, rescheduleSchedule, setScheduleEnabled, upsertSchedule } from './lifecycle.js';
import { assertAccountActive } from '../payment/access.js';
import {
  type QuizScheduleDetailDto,
  type QuizScheduleDto,
  scheduleColumns,
  scheduleDto,
  toRequestDto,
  toScheduleDtos,
} from './dto.js';

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
  await assertAccountActive(ctx.db, professionalId, ctx.config.now(), 'agendar questionários');
  const { id } = await ctx.db.transaction((tx) => upsertSchedule(ctx, tx, professionalId, body));
  return afterChange(ctx, professionalId, id);
}

export async function reschedule(
  ctx: AppContext,
  professionalId: string,
  id: string,
  recurrence: Recurrence,
): Promise<QuizScheduleDto> {
  await assertAccountActive(ctx.db, professionalId, ctx.config.now(), 'reagendar questionários');
  await ctx.db.transaction((tx) => rescheduleSchedule(ctx, tx, professionalId, id, recurrence));
  return afterChange(ctx, professionalId, id);
}

export async function setEnabled(
  ctx: AppContext,
  professionalId: string,
  id: string,
  enabled: boolean,
): Promise<QuizScheduleDto> {
  // Turning a schedule off is always allowed; turning it on sends again.
  if (enabled) await assertAccountActive(ctx.db, professionalId, ctx.config.now(), 'ativar agendamentos');
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

async function loadSchedules(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListQuizSchedulesQuery>,
): Promise<{ page: { items: QuizScheduleDto[]; total: number }; lockedUntil: number[] }> {
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
      // Her patients (the same condition the schedules already meet) let the planner walk the patients' name
      // index and stop after the page, instead of joining and sorting every schedule of a questionnaire.
      .where(and(...conds, eq(patients.professionalId, professionalId)))
      .orderBy(asc(patients.searchName), asc(patients.id), asc(quizzes.title), asc(quizSchedules.id))
      .limit(q.take)
      .offset(q.skip),
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(quizSchedules)
      .where(and(...conds)),
  ]);
  const total = Number(c?.n ?? 0);
  return {
    page: { items: await toScheduleDtos(ctx, ctx.db, page), total },
    lockedUntil: page.map((r) => r.schedule.pinLockedUntil?.getTime() ?? 0),
  };
}

/** A page of live schedules as kept in the summary cache: the page, its JSON and each PIN lock's end. */
interface KeptSchedules {
  page: { items: QuizScheduleDto[]; total: number };
  json: string;
  lockedUntil: number[];
}

const keptSchedules = (ctx: AppContext, auth: SummaryAuth, q: z.infer<typeof ListQuizSchedulesQuery>) =>
  ctx.summaries.getOrLoad<KeptSchedules>(auth, ['schedules', q], async () => {
    const { page, lockedUntil } = await loadSchedules(ctx, auth.professionalId, q);
    return { page, lockedUntil, json: encodeJson(QuizSchedulePageSchema, page) };
  });

/** The page with `pinLocked` as of `now`: the one field the clock changes without a write. */
function asOf(kept: KeptSchedules, now: number): { items: QuizScheduleDto[]; total: number } {
  const items = kept.page.items.map((s, i) => {
    const pinLocked = kept.lockedUntil[i]! > now;
    return pinLocked === s.pinLocked ? s : { ...s, pinLocked };
  });
  return items.every((s, i) => s === kept.page.items[i]) ? kept.page : { ...kept.page, items };
}

/**
 * A page of live schedules, from the process's summary cache while her data is unchanged (a questionnaire's
 * links, opened again or refetched); `pinLocked` is worked out again for each answer from the locks' ends.
 */
export async function listSchedules(
  ctx: AppContext,
  auth: SummaryAuth,
  q: z.infer<typeof ListQuizSchedulesQuery>,
): Promise<{ items: QuizScheduleDto[]; total: number }> {
  return asOf(await keptSchedules(ctx, auth, q), ctx.config.now().getTime());
}

/** `listSchedules` as JSON: the kept page's own JSON while no lock has begun or ended since it was read. */
export async function listSchedulesJson(
  ctx: AppContext,
  auth: SummaryAuth,
  q: z.infer<typeof ListQuizSchedulesQuery>,
): Promise<string> {
  const kept = await keptSchedules(ctx, auth, q);
  const page = asOf(kept, ctx.config.now().getTime());
  return page === kept.page ? kept.json : encodeJson(QuizSchedulePageSchema, page);
}

/** The patient's live schedules (the patient profile). */
export async function listPatientSchedules(
  ctx: AppContext,
  auth: SummaryAuth,
  patientId: string,
  page: { take: number; skip: number },
) {
  await findOwnPatient(ctx.db, auth.professionalId, patientId);
  const out = await listSchedules(ctx, auth, { patientId, ...page });
  return { items: out.items.map((s) => ({ ...s, quizScheduleId: s.id })), total: out.total };
}
