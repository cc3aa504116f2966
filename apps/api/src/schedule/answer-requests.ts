/** Answer requests (occurrences) one by one: send now, cancel, republish, and the sent and unconfirmed lists. */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { answerRequests, patients, quizAnswers, quizSchedules, quizzes } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import { spDate } from '../lib/dates.js';
import { notifyDueRequests } from './due-signal.js';
import type { RepublishResultSchema, UnconfirmedQuery, UnconfirmedRequestSchema } from './schemas.js';
import {
  deliveryRuleProblem,
  patientNotActive,
  quizNotActive,
  requestNotFound,
  scheduleNotFound,
  withoutActiveService,
} from './errors.js';
import {
  assertCanDeliver,
  findOwnQuizOnce,
  findPatientWithService,
  hasActiveServiceSql,
  lockOwnSchedule,
} from './lookups.js';
import { materializeNext } from './occurrences.js';
import { type AnswerRequestDto, toRequestDto } from './dto.js';
import { assertAccountActive } from '../payment/access.js';

/** No new message for the same schedule within this many seconds (request now, resend). */
export const RESEND_COOLDOWN_SECONDS = 60;

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
  await assertAccountActive(ctx.db, professionalId, now, 'enviar questionários');
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
  await assertAccountActive(ctx.db, professionalId, now, 'reenviar questionários');
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
