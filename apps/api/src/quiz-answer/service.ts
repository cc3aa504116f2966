/** Answering: start, save one answer (the last one finishes), and the owner of an answer's upload. */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerItems, answerRequests, answerRevisions, quizAnswers } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { QuizAnswerProgress, SaveQuizAnswerBody, StartQuizAnswerBody } from './schemas.js';
import type { SurveyAuth } from './token.js';
import type { QuizAnswerRow } from './rows.js';
import { alreadyAnswered, answerNotFound, notExpected, notOwner, requestNotFound, wrongOrder } from './errors.js';
import { buildFlow, itemsInFlow, nextQuestion } from './flow.js';
import { checkAnswer, MB } from './checks.js';
import { currentRequest, findSchedule, flowOf, loadItems, progressOf, toProgress } from './state.js';
import { saveSnapshot } from './snapshots.js';
import { recordEvent } from '../events/record.js';
import { scheduleRef } from '../events/refs.js';

export async function startQuizAnswer(
  ctx: AppContext,
  auth: SurveyAuth,
  body: z.infer<typeof StartQuizAnswerBody>,
): Promise<{ created: boolean; progress: QuizAnswerProgress }> {
  if (auth.quizScheduleId !== body.quizScheduleId) throw notOwner();
  return ctx.db.transaction(async (tx) => {
    await findSchedule(tx, body.quizScheduleId);
    const [request] = await tx
      .select()
      .from(answerRequests)
      .where(eq(answerRequests.id, body.answerRequestId))
      .for('update');
    if (!request || request.scheduleId !== body.quizScheduleId) throw requestNotFound();
    const [existing] = await tx.select().from(quizAnswers).where(eq(quizAnswers.answerRequestId, request.id));
    if (existing?.status === 'finished' || request.status === 'answered') throw alreadyAnswered();
    if (existing) return { created: false, progress: await progressOf(tx, existing) };
    if (request.status === 'cancelled') {
      throw new AppError(409, 'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR', 'Este envio foi cancelado pelo profissional.');
    }
    if (request.status !== 'sent') throw requestNotFound();
    const now = ctx.config.now();
    const flow = await buildFlow(tx, request.quizId);
    const [row] = await tx
      .insert(quizAnswers)
      .values({
        answerRequestId: request.id,
        scheduleId: request.scheduleId,
        professionalId: request.professionalId,
        patientId: request.patientId,
        quizId: request.quizId,
        status: 'in_progress',
        snapshotId: await saveSnapshot(tx, request.professionalId, request.quizId, flow),
        startedAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, request.professionalId, 'quiz_answer.started', {
      quizAnswerId: row!.id,
      answerRequestId: request.id,
      ...(await scheduleRef(tx, request.scheduleId)),
      startedAt: now.toISOString(),
    });
    return { created: true, progress: toProgress(row!, [], flow) };
  });
}

/**
 * Saves one answer and/or finishes, in one transaction holding the quiz answer's row lock, so saves of
 * one answer never interleave. A key seen before (on a stored answer, or on the finish) replays: the
 * current progress comes back and nothing is stored again.
 */
export async function saveQuizAnswer(
  ctx: AppContext,
  auth: SurveyAuth,
  quizAnswerId: string,
  body: z.infer<typeof SaveQuizAnswerBody>,
): Promise<QuizAnswerProgress> {
  return ctx.db.transaction(async (tx) => {
    const [qa] = await tx.select().from(quizAnswers).where(eq(quizAnswers.id, quizAnswerId)).for('update');
    if (!qa || qa.scheduleId !== auth.quizScheduleId) throw answerNotFound();
    const key = body.idempotencyKey;

    const [seen] = await tx
      .select({ id: answerItems.id })
      .from(answerItems)
      .where(and(eq(answerItems.quizAnswerId, qa.id), eq(answerItems.idempotencyKey, key)))
      .limit(1);
    if (seen) return progressOf(tx, qa);
    if (qa.status === 'finished') {
      if (qa.finishIdempotencyKey === key) return progressOf(tx, qa);
      throw alreadyAnswered();
    }

    const flow = await flowOf(tx, qa);
    let items = await loadItems(tx, qa.id);
    const now = ctx.config.now();
    const given = body.answer;
    const previous = given
      ? items.find((i) => i.questionId === given.questionId && i.parentQuestionId === (given.parentQuestionId ?? null))
      : undefined;
    if (given && previous && given.replace) {
      const value = checkAnswer(qa.professionalId, flow, items, given);
      const [item] = await tx
        .update(answerItems)
        .set({ value, idempotencyKey: key, answeredAt: now })
        .where(eq(answerItems.id, previous.id))
        .returning();
      items = items.map((i) => (i.id === previous.id ? item! : i));
      // The sub-answers the new alternatives no longer open leave with it.
      const kept = new Set(itemsInFlow(flow, items));
      const dropped = items.filter((i) => !kept.has(i)).map((i) => i.id);
      if (dropped.length) await tx.delete(answerItems).where(inArray(answerItems.id, dropped));
      items = items.filter((i) => kept.has(i));
    } else if (given) {
      const value = checkAnswer(qa.professionalId, flow, items, given);
      const [item] = await tx
        .insert(answerItems)
        .values({
          quizAnswerId: qa.id,
          questionId: given.questionId,
          parentQuestionId: given.parentQuestionId ?? null,
          position: items.reduce((m, i) => Math.max(m, i.position + 1), 0),
          value,
          idempotencyKey: key,
          answeredAt: now,
        })
        .returning();
      items.push(item!);
    }

    let row: QuizAnswerRow = qa;
    if (body.finish) {
      const next = nextQuestion(flow, items);
      if (next) throw wrongOrder(next, 'Responda a todas as perguntas antes de finalizar.');
      [row] = (await tx
        .update(quizAnswers)
        .set({ status: 'finished', finishedAt: now, finishIdempotencyKey: key, updatedAt: now })
        .where(eq(quizAnswers.id, qa.id))
        .returning()) as [QuizAnswerRow];
      await tx
        .update(answerRequests)
        .set({ status: 'answered', answeredAt: now })
        .where(eq(answerRequests.id, qa.answerRequestId));
      const [revision] = await tx
        .insert(answerRevisions)
        .values({
          quizAnswerId: qa.id,
          professionalId: qa.professionalId,
          patientId: qa.patientId,
          quizId: qa.quizId,
          scheduleId: qa.scheduleId,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: answerRevisions.id });
      if (revision) {
        await recordEvent(tx, qa.professionalId, 'quiz_answer.finished', {
          quizAnswerId: qa.id,
          answerRequestId: qa.answerRequestId,
          revisionId: revision.id,
          ...(await scheduleRef(tx, qa.scheduleId)),
          finishedAt: now.toISOString(),
        });
      }
    } else {
      [row] = (await tx.update(quizAnswers).set({ updatedAt: now }).where(eq(quizAnswers.id, qa.id)).returning()) as [
        QuizAnswerRow,
      ];
    }
    return toProgress(row, items, flow);
  });
}

/**
 * POST /file/signed-url with a survey token: the file must answer a file-upload question of this
 * schedule's quiz (the started answer's snapshot, else the quiz now), within its types and size.
 * Returns the professional the file is stored under.
 */
export async function answerUploadOwner(
  ctx: AppContext,
  auth: SurveyAuth,
  body: { contentType: string; contentSize: number; questionId?: string | undefined },
): Promise<{ professionalId: string; patientId: string }> {
  const schedule = await findSchedule(ctx.db, auth.quizScheduleId);
  if (!body.questionId) {
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Informe a pergunta do arquivo.', [
      { path: ['questionId'], message: 'Informe a pergunta do arquivo.' },
    ]);
  }
  const current = await currentRequest(ctx.db, schedule.id);
  const flow = current.answer ? await flowOf(ctx.db, current.answer) : await buildFlow(ctx.db, schedule.quizId);
  const question = flow
    .flatMap((q) => [q, ...q.subQuestions])
    .find((q) => q.questionId === body.questionId && q.type === 'file-upload');
  if (!question) throw notExpected(body.questionId);
  const config = question.config as { acceptedTypes?: string[]; maxSizeMb?: number };
  if (!(config.acceptedTypes ?? []).includes(body.contentType)) {
    const message = 'Tipo de arquivo não aceito nesta pergunta.';
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, [{ path: ['contentType'], message }]);
  }
  if (body.contentSize > Number(config.maxSizeMb ?? 0) * MB) {
    const message = `O arquivo deve ter no máximo ${Number(config.maxSizeMb ?? 0)} MB.`;
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, [{ path: ['contentSize'], message }]);
  }
  return { professionalId: schedule.professionalId, patientId: schedule.patientId };
}
