/** What the survey shows when it opens: the current request, the flow, the answers so far, the appearance. */
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { resolveAppearance } from '../appearance/service.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { answerItems, answerRequests, professionals, quizAnswers, quizSchedules, quizzes } from '../db/schema.js';
import type { AnswerValue, QuizAnswerProgress, SurveyBrand, SurveyQuestion, SurveyState } from './schemas.js';
import type { SurveyAuth } from './token.js';
import type { Folder, ItemRow, QuizAnswerRow, ScheduleRow } from './rows.js';
import { notOwner, scheduleNotFound } from './errors.js';
import { buildFlow, nextQuestion } from './flow.js';
import { snapshotFlow } from './snapshots.js';

export async function findSchedule(db: Executor, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(quizSchedules)
    .where(and(eq(quizSchedules.id, id), isNull(quizSchedules.deletedAt)));
  if (!row) throw scheduleNotFound();
  return row;
}

export async function loadItems(db: Executor, quizAnswerId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(answerItems)
    .where(eq(answerItems.quizAnswerId, quizAnswerId))
    .orderBy(asc(answerItems.position));
}

const toAnswer = (i: ItemRow) => ({
  questionId: i.questionId,
  parentQuestionId: i.parentQuestionId,
  value: i.value as AnswerValue,
  answeredAt: i.answeredAt.toISOString(),
});

/** The flow the answer was started on (its shared snapshot). */
export const flowOf = (db: Executor, qa: QuizAnswerRow): Promise<SurveyQuestion[]> => snapshotFlow(db, qa.snapshotId);

export function toProgress(qa: QuizAnswerRow, items: ItemRow[], flow: SurveyQuestion[]): QuizAnswerProgress {
  return {
    quizAnswerId: qa.id,
    status: qa.status,
    answers: items.map(toAnswer),
    next: qa.status === 'finished' ? null : nextQuestion(flow, items),
    finishedAt: qa.finishedAt?.toISOString() ?? null,
  };
}

export async function progressOf(db: Executor, qa: QuizAnswerRow): Promise<QuizAnswerProgress> {
  const [items, flow] = await Promise.all([loadItems(db, qa.id), flowOf(db, qa)]);
  return toProgress(qa, items, flow);
}

function folderOf(raw: unknown): Folder {
  const f = (raw ?? {}) as Partial<Folder>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    title: text(f.title),
    image: text(f.image),
    subtitle: text(f.subtitle),
    quizTitle: text(f.quizTitle),
    titlesColor: text(f.titlesColor),
    buttonTitle: text(f.buttonTitle),
    buttonColors: { background: text(f.buttonColors?.background), text: text(f.buttonColors?.text) },
  };
}

/** The request the survey works on: the oldest sent one already started, else the newest sent one. */
export async function currentRequest(db: Executor, scheduleId: string) {
  const sent = await db
    .select({ request: answerRequests, answer: quizAnswers })
    .from(answerRequests)
    .leftJoin(quizAnswers, eq(quizAnswers.answerRequestId, answerRequests.id))
    .where(and(eq(answerRequests.scheduleId, scheduleId), eq(answerRequests.status, 'sent')))
    .orderBy(asc(answerRequests.dueAt), asc(answerRequests.createdAt));
  const started = sent.find((s) => s.answer?.status === 'in_progress');
  if (started) return { state: 'open' as const, ...started };
  const newest = [...sent].sort(
    (a, b) =>
      (b.request.sentAt?.getTime() ?? 0) - (a.request.sentAt?.getTime() ?? 0) ||
      b.request.dueAt.getTime() - a.request.dueAt.getTime(),
  )[0];
  if (newest) return { state: 'open' as const, ...newest };
  const [latest] = await db
    .select({ request: answerRequests, answer: quizAnswers })
    .from(answerRequests)
    .leftJoin(quizAnswers, eq(quizAnswers.answerRequestId, answerRequests.id))
    .where(and(eq(answerRequests.scheduleId, scheduleId), isNotNull(answerRequests.sentAt)))
    .orderBy(desc(answerRequests.sentAt), desc(answerRequests.dueAt))
    .limit(1);
  if (latest?.request.status === 'answered') return { state: 'answered' as const, ...latest };
  return { state: 'nothing-pending' as const, request: null, answer: null };
}

export async function getSurveyState(ctx: AppContext, auth: SurveyAuth, scheduleId: string): Promise<SurveyState> {
  if (auth.quizScheduleId !== scheduleId) throw notOwner();
  const db = ctx.db;
  const schedule = await findSchedule(db, scheduleId);
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, schedule.quizId));
  const [pro] = await db
    .select({ name: professionals.name })
    .from(professionals)
    .where(eq(professionals.id, schedule.professionalId));
  if (!quiz || !pro) throw scheduleNotFound();
  const current = await currentRequest(db, scheduleId);
  const qa = current.answer;
  const items = qa ? await loadItems(db, qa.id) : [];
  const flow = qa ? await flowOf(db, qa) : await buildFlow(db, quiz.id);
  return {
    quizScheduleId: scheduleId,
    state: current.state,
    answerRequestId: current.request?.id ?? null,
    quizAnswerId: qa?.id ?? null,
    quiz: { id: quiz.id, title: quiz.title, description: quiz.description },
    professionalName: pro.name,
    folder: folderOf(quiz.folder),
    appearance: await resolveAppearance(db, schedule.professionalId, quiz.appearanceId),
    questions: flow,
    answers: items.map(toAnswer),
    next: current.state === 'open' && qa?.status !== 'finished' ? nextQuestion(flow, items) : null,
    finishedAt: qa?.finishedAt?.toISOString() ?? null,
  };
}

/**
 * GET /quiz-answer/{scheduleId}/brand, before the PIN: the professional's name and the quiz's appearance
 * (the same one the survey renders with), nothing about the patient or the answers.
 */
export async function getSurveyBrand(ctx: AppContext, scheduleId: string): Promise<SurveyBrand> {
  const schedule = await findSchedule(ctx.db, scheduleId);
  const [row] = await ctx.db
    .select({ name: professionals.name, appearanceId: quizzes.appearanceId })
    .from(professionals)
    .innerJoin(quizzes, eq(quizzes.id, schedule.quizId))
    .where(eq(professionals.id, schedule.professionalId));
  if (!row) throw scheduleNotFound();
  const look = await resolveAppearance(ctx.db, schedule.professionalId, row.appearanceId);
  return {
    professionalName: row.name,
    profilePic: look.profilePic,
    subtitle: look.subtitle,
    colorScheme: look.colorScheme,
    forwardText: look.forwardText,
  };
}
