/**
 * Answer revisions: the professional's review of each finished quiz answer (pending → completed and
 * back), with notes, the answers question by question beside the previous ones, and the delayed
 * requests. Every query is scoped to the signed-in professional; another professional's ids answer 404.
 */
import { EXPORT_LINK_SECONDS } from '../file/access.js';
import { findOwnQuiz } from '../quiz/lookup.js';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import {
  answerItems,
  answerRequests,
  answerRevisionNotes,
  answerRevisions,
  patients,
  professionals,
  questions,
  quizAnswers,
  quizSchedules,
  quizzes,
} from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { addDays, daysBetween, spDayStart } from '../lib/dates.js';
import { findOwnPatient } from '../patient/service.js';
import { sentRequestsPage } from '../schedule/service.js';
import type { AnswerValue, SurveyQuestion } from '../quiz-answer/schemas.js';
import type {
  AnswerRevisionDetailSchema,
  AnswerRevisionSchema,
  DelayedQuery,
  DelayedRequestSchema,
  ListRevisionsQuery,
  PreviousAnswerSchema,
  RevisionAnswerSchema,
  RevisionFileSchema,
  RevisionNoteSchema,
  RevisionSubAnswerSchema,
} from './schemas.js';
import { DELAY_HOURS, MAX_PERIOD_DAYS } from './schemas.js';
import { canonicalValue, renderValue } from './render.js';

export type AnswerRevisionDto = z.infer<typeof AnswerRevisionSchema>;
export type AnswerRevisionDetailDto = z.infer<typeof AnswerRevisionDetailSchema>;
export type RevisionNoteDto = z.infer<typeof RevisionNoteSchema>;
type RevisionAnswerDto = z.infer<typeof RevisionAnswerSchema>;
type RevisionSubAnswerDto = z.infer<typeof RevisionSubAnswerSchema>;
type PreviousAnswerDto = z.infer<typeof PreviousAnswerSchema>;
type RevisionFileDto = z.infer<typeof RevisionFileSchema>;
type RevisionStatus = (typeof answerRevisions.$inferSelect)['status'];
type ItemRow = typeof answerItems.$inferSelect;
type NoteRow = typeof answerRevisionNotes.$inferSelect;

// ───────────────────────── Errors ─────────────────────────

export const revisionNotFound = () => new AppError(404, 'REVISION_NOT_FOUND', 'Revisão de respostas não encontrada.');
const noteNotFound = () => new AppError(404, 'NOT_FOUND', 'Anotação não encontrada.');
const scheduleNotFound = () => new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Agendamento não encontrado.');
const scheduleNotAnswered = () =>
  new AppError(404, 'SCHEDULE_NOT_ANSWERED', 'Este questionário ainda não foi respondido pelo cliente.');

// ───────────────────────── Periods ─────────────────────────

/** The instants of a São Paulo period [from, to] (dates inclusive); 400 on `to` when it ends before it starts. */
export function periodBounds(
  from: string | undefined,
  to: string | undefined,
  maxDays?: number,
): { start?: Date; end?: Date } {
  if (from && to && to < from) throw errors.field(['to'], 'A data final não pode ser anterior à data inicial.');
  if (maxDays && from && to && daysBetween(from, to) + 1 > maxDays) {
    throw errors.field(['from'], `Escolha um período de no máximo ${maxDays} dias.`);
  }
  return { start: from ? spDayStart(from) : undefined, end: to ? spDayStart(addDays(to, 1)) : undefined };
}

export { MAX_PERIOD_DAYS };

// ───────────────────────── Lookups ─────────────────────────

/** A file's link in an answer: signed for seven days (an export is read later; JSON answers re-sign it for two hours). */
export const fileUrl = (ctx: AppContext) => (key: string) => ctx.files.signedUrl(key, EXPORT_LINK_SECONDS);

// ───────────────────────── Lists ─────────────────────────

const noteCount =
  sql<number>`(SELECT count(*) FROM answer_revision_notes n WHERE n.revision_id = "answer_revisions"."id")`.mapWith(
    Number,
  );

const listColumns = {
  revision: answerRevisions,
  finishedAt: quizAnswers.finishedAt,
  answerRequestId: quizAnswers.answerRequestId,
  patientName: patients.name,
  quizTitle: quizzes.title,
  noteCount,
};

type ListRow = {
  revision: typeof answerRevisions.$inferSelect;
  finishedAt: Date | null;
  answerRequestId: string;
  patientName: string;
  quizTitle: string;
  noteCount: number;
};

function toRevisionDto(r: ListRow): AnswerRevisionDto {
  const v = r.revision;
  return {
    id: v.id,
    status: v.status,
    quizAnswerId: v.quizAnswerId,
    answerRequestId: r.answerRequestId,
    quizScheduleId: v.scheduleId,
    patientId: v.patientId,
    patientName: r.patientName,
    quizId: v.quizId,
    quizTitle: r.quizTitle,
    finishedAt: (r.finishedAt ?? v.createdAt).toISOString(),
    approvedAt: v.approvedAt?.toISOString() ?? null,
    noteCount: Number(r.noteCount ?? 0),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** Revisions the professional may see: her own, of patients not deleted (LGPD), of finished answers. */
function visible(professionalId: string): SQL {
  return and(
    eq(answerRevisions.professionalId, professionalId),
    ne(patients.status, 'deleted'),
    eq(quizAnswers.status, 'finished'),
  )!;
}

type ListFilters = Partial<
  Pick<z.infer<typeof ListRevisionsQuery>, 'status' | 'quizId' | 'patientId' | 'from' | 'to'>
> & {
  take: number;
  skip: number;
};

export async function listRevisions(
  ctx: AppContext,
  professionalId: string,
  q: ListFilters,
): Promise<{ items: AnswerRevisionDto[]; total: number }> {
  const { start, end } = periodBounds(q.from, q.to);
  const where = and(
    visible(professionalId),
    q.status ? eq(answerRevisions.status, q.status) : undefined,
    q.quizId ? eq(answerRevisions.quizId, q.quizId) : undefined,
    q.patientId ? eq(answerRevisions.patientId, q.patientId) : undefined,
    start ? gte(quizAnswers.finishedAt, start) : undefined,
    end ? lt(quizAnswers.finishedAt, end) : undefined,
  );
  const page = await ctx.db
    .select({ ...listColumns, total: sql<number>`count(*) over()` })
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(where)
    .orderBy(desc(quizAnswers.finishedAt), desc(answerRevisions.id))
    .limit(q.take)
    .offset(q.skip);
  let total = page[0] ? Number(page[0].total) : 0;
  if (page.length === 0 && q.skip > 0) {
    const [c] = await ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(answerRevisions)
      .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
      .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
      .where(where);
    total = Number(c?.n ?? 0);
  }
  return { items: page.map(toRevisionDto), total };
}

export async function listQuizRevisions(ctx: AppContext, professionalId: string, quizId: string, q: ListFilters) {
  await findOwnQuiz(ctx.db, professionalId, quizId);
  return listRevisions(ctx, professionalId, { ...q, quizId });
}

async function findRevision(db: Executor, professionalId: string, id: string): Promise<ListRow> {
  const [row] = await db
    .select(listColumns)
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(and(visible(professionalId), eq(answerRevisions.id, id)));
  if (!row) throw revisionNotFound();
  return row;
}

// ───────────────────────── Approve / pending ─────────────────────────

/**
 * Sets the status. Idempotent: when it already has that status nothing changes (approvedAt keeps the
 * first approval) and the current state comes back.
 */
export async function setRevisionStatus(
  ctx: AppContext,
  professionalId: string,
  id: string,
  status: RevisionStatus,
): Promise<AnswerRevisionDto> {
  await findRevision(ctx.db, professionalId, id);
  const now = ctx.config.now();
  await ctx.db
    .update(answerRevisions)
    .set(
      status === 'completed'
        ? { status, approvedAt: now, updatedAt: now }
        : { status, approvedAt: null, updatedAt: now },
    )
    .where(
      and(
        eq(answerRevisions.id, id),
        eq(answerRevisions.professionalId, professionalId),
        ne(answerRevisions.status, status),
      ),
    );
  return toRevisionDto(await findRevision(ctx.db, professionalId, id));
}

// ───────────────────────── Notes ─────────────────────────

const toNoteDto = (n: NoteRow): RevisionNoteDto => ({
  id: n.id,
  revisionId: n.revisionId,
  note: n.text,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

export async function addNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  note: string,
): Promise<RevisionNoteDto> {
  await findRevision(ctx.db, professionalId, revisionId);
  const now = ctx.config.now();
  const [row] = await ctx.db
    .insert(answerRevisionNotes)
    .values({ revisionId, professionalId, text: note, createdAt: now, updatedAt: now })
    .returning();
  return toNoteDto(row!);
}

export async function updateNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  noteId: string,
  note: string,
): Promise<RevisionNoteDto> {
  await findRevision(ctx.db, professionalId, revisionId);
  const [row] = await ctx.db
    .update(answerRevisionNotes)
    .set({ text: note, updatedAt: ctx.config.now() })
    .where(
      and(
        eq(answerRevisionNotes.id, noteId),
        eq(answerRevisionNotes.revisionId, revisionId),
        eq(answerRevisionNotes.professionalId, professionalId),
      ),
    )
    .returning();
  if (!row) throw noteNotFound();
  return toNoteDto(row);
}

export async function deleteNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  noteId: string,
): Promise<void> {
  await findRevision(ctx.db, professionalId, revisionId);
  const rows = await ctx.db
    .delete(answerRevisionNotes)
    .where(
      and(
        eq(answerRevisionNotes.id, noteId),
        eq(answerRevisionNotes.revisionId, revisionId),
        eq(answerRevisionNotes.professionalId, professionalId),
      ),
    )
    .returning({ id: answerRevisionNotes.id });
  if (rows.length === 0) throw noteNotFound();
}

// ───────────────────────── Detail ─────────────────────────

/** How many earlier answers are searched for the previous answer of each question. */
const PREVIOUS_DEPTH = 20;

const detailColumns = {
  ...listColumns,
  answer: quizAnswers,
  quizDescription: quizzes.description,
};
type DetailRow = ListRow & { answer: typeof quizAnswers.$inferSelect; quizDescription: string | null };

const itemKey = (questionId: string, parentQuestionId: string | null) => `${questionId}/${parentQuestionId ?? ''}`;

interface SnapshotQuestion {
  questionId: string;
  parentQuestionId: string | null;
  alternativeId: string | null;
  type: SurveyQuestion['type'];
  title: string;
  description: string | null;
  config: SurveyQuestion['config'];
}

/** Every question of a snapshot, sub-questions (once per parent) after their parent, keyed by itemKey. */
export function snapshotQuestions(flow: unknown): SnapshotQuestion[] {
  const out: SnapshotQuestion[] = [];
  for (const q of (Array.isArray(flow) ? flow : []) as SurveyQuestion[]) {
    out.push({
      questionId: q.questionId,
      parentQuestionId: null,
      alternativeId: null,
      type: q.type,
      title: q.title,
      description: q.description ?? null,
      config: q.config,
    });
    const seen = new Set<string>();
    for (const s of q.subQuestions ?? []) {
      if (seen.has(s.questionId)) continue;
      seen.add(s.questionId);
      out.push({
        questionId: s.questionId,
        parentQuestionId: q.questionId,
        alternativeId: s.alternativeId,
        type: s.type,
        title: s.title,
        description: s.description ?? null,
        config: s.config,
      });
    }
  }
  return out;
}

async function loadItems(db: Executor, quizAnswerIds: string[]): Promise<ItemRow[]> {
  if (quizAnswerIds.length === 0) return [];
  return db
    .select()
    .from(answerItems)
    .where(inArray(answerItems.quizAnswerId, quizAnswerIds))
    .orderBy(asc(answerItems.position));
}

function filesOf(value: AnswerValue, url: (key: string) => string, professionalId: string): RevisionFileDto[] {
  if (value.type !== 'file-upload') return [];
  return value.files
    .filter((f) => f.key.startsWith(`${professionalId}_`))
    .map((f) => ({ key: f.key, name: f.name, contentType: f.contentType, size: f.size, url: url(f.key) }));
}

async function buildDetail(ctx: AppContext, professionalId: string, row: DetailRow): Promise<AnswerRevisionDetailDto> {
  const db = ctx.db;
  const qa = row.answer;
  const finishedAt = qa.finishedAt ?? row.revision.createdAt;
  const url = fileUrl(ctx);
  const [pro] = await db
    .select({ name: professionals.name })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  const items = await loadItems(db, [qa.id]);
  const notes = await db
    .select()
    .from(answerRevisionNotes)
    .where(eq(answerRevisionNotes.revisionId, row.revision.id))
    .orderBy(asc(answerRevisionNotes.createdAt), asc(answerRevisionNotes.id));

  // Earlier and next finished answers of the same patient to the same quiz.
  const sameSeries = and(
    eq(quizAnswers.professionalId, professionalId),
    eq(quizAnswers.patientId, qa.patientId),
    eq(quizAnswers.quizId, qa.quizId),
    eq(quizAnswers.status, 'finished'),
    ne(quizAnswers.id, qa.id),
  );
  const earlier = await db
    .select({
      id: quizAnswers.id,
      finishedAt: quizAnswers.finishedAt,
      questions: quizAnswers.questions,
      revisionId: answerRevisions.id,
    })
    .from(quizAnswers)
    .leftJoin(answerRevisions, eq(answerRevisions.quizAnswerId, quizAnswers.id))
    .where(and(sameSeries, lt(quizAnswers.finishedAt, finishedAt)))
    .orderBy(desc(quizAnswers.finishedAt), desc(quizAnswers.id))
    .limit(PREVIOUS_DEPTH);
  const earlierSorted = earlier.filter((e) => e.finishedAt);
  const [next] = await db
    .select({ revisionId: answerRevisions.id })
    .from(quizAnswers)
    .innerJoin(answerRevisions, eq(answerRevisions.quizAnswerId, quizAnswers.id))
    .where(and(sameSeries, gt(quizAnswers.finishedAt, finishedAt)))
    .orderBy(asc(quizAnswers.finishedAt), asc(quizAnswers.id))
    .limit(1);

  const previous = new Map<string, PreviousAnswerDto>();
  if (earlierSorted.length > 0) {
    const earlierItems = await loadItems(
      db,
      earlierSorted.map((e) => e.id),
    );
    const byAnswer = new Map<string, ItemRow[]>();
    for (const i of earlierItems) byAnswer.set(i.quizAnswerId, [...(byAnswer.get(i.quizAnswerId) ?? []), i]);
    for (const e of earlierSorted) {
      const configs = new Map(
        snapshotQuestions(e.questions).map((s) => [itemKey(s.questionId, s.parentQuestionId), s.config]),
      );
      for (const i of byAnswer.get(e.id) ?? []) {
        const key = itemKey(i.questionId, i.parentQuestionId);
        if (previous.has(key)) continue;
        const value = i.value as AnswerValue;
        previous.set(key, {
          quizAnswerId: e.id,
          revisionId: e.revisionId ?? null,
          finishedAt: e.finishedAt!.toISOString(),
          value,
          display: renderValue(value, configs.get(key), url),
          files: filesOf(value, url, professionalId),
        });
      }
    }
  }

  const snapshot = snapshotQuestions(qa.questions);
  const acronyms = new Map<string, string | null>();
  const qids = [...new Set(snapshot.map((s) => s.questionId))];
  if (qids.length > 0) {
    for (const r of await db
      .select({ id: questions.id, acronym: questions.acronym })
      .from(questions)
      .where(inArray(questions.id, qids))) {
      acronyms.set(r.id, r.acronym);
    }
  }
  const answered = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  const fieldsOf = (s: SnapshotQuestion, item: ItemRow) => {
    const value = item.value as AnswerValue;
    const key = itemKey(s.questionId, s.parentQuestionId);
    const prev = previous.get(key) ?? null;
    return {
      questionId: s.questionId,
      type: s.type,
      title: s.title,
      acronym: acronyms.get(s.questionId) ?? null,
      description: s.description,
      config: s.config,
      value,
      display: renderValue(value, s.config, url),
      files: filesOf(value, url, professionalId),
      answeredAt: item.answeredAt.toISOString(),
      previous: prev,
      changed: prev ? canonicalValue(prev.value) !== canonicalValue(value) : null,
    };
  };
  const answers: RevisionAnswerDto[] = [];
  for (const s of snapshot) {
    const item = answered.get(itemKey(s.questionId, s.parentQuestionId));
    if (!item) continue;
    if (s.parentQuestionId === null) {
      answers.push({ ...fieldsOf(s, item), subAnswers: [] });
      continue;
    }
    const parent = answers.find((a) => a.questionId === s.parentQuestionId);
    if (!parent) continue;
    // The alternative that opened it: the first chosen alternative of the parent offering this sub-question.
    const chosen = parent.value.type === 'multiple-choice' ? parent.value.alternativeIds : [];
    const offering = ((qa.questions ?? []) as SurveyQuestion[])
      .find((q) => q.questionId === s.parentQuestionId)
      ?.subQuestions.filter((x) => x.questionId === s.questionId)
      .map((x) => x.alternativeId);
    const alternativeId = offering?.find((a) => chosen.includes(a)) ?? s.alternativeId ?? '';
    const sub: RevisionSubAnswerDto = { ...fieldsOf(s, item), parentQuestionId: s.parentQuestionId, alternativeId };
    parent.subAnswers.push(sub);
  }

  return {
    ...toRevisionDto(row),
    professionalName: pro?.name ?? '',
    quizDescription: row.quizDescription,
    answers,
    notes: notes.map(toNoteDto),
    previousRevisionId: earlierSorted.find((e) => e.revisionId)?.revisionId ?? null,
    nextRevisionId: next?.revisionId ?? null,
  };
}

export async function getRevisionDetail(
  ctx: AppContext,
  professionalId: string,
  id: string,
): Promise<AnswerRevisionDetailDto> {
  const [row] = await ctx.db
    .select(detailColumns)
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(and(visible(professionalId), eq(answerRevisions.id, id)));
  if (!row) throw revisionNotFound();
  return buildDetail(ctx, professionalId, row);
}

/**
 * The answered occurrences of one schedule of one patient, newest first, each in full. A patient not
 * hers (or deleted) → PATIENT_NOT_FOUND_ERROR; a schedule not of that patient → QUIZ_SCHEDULE_NOT_FOUND_ERROR
 * (deleted schedules keep their history); nothing finished yet → SCHEDULE_NOT_ANSWERED.
 */
export async function getScheduleRevisions(
  ctx: AppContext,
  professionalId: string,
  patientId: string,
  scheduleId: string,
  page: { take: number; skip: number },
): Promise<{ items: AnswerRevisionDetailDto[]; total: number }> {
  await findOwnPatient(ctx.db, professionalId, patientId);
  const [schedule] = await ctx.db
    .select({ patientId: quizSchedules.patientId })
    .from(quizSchedules)
    .where(and(eq(quizSchedules.id, scheduleId), eq(quizSchedules.professionalId, professionalId)));
  if (!schedule || schedule.patientId !== patientId) throw scheduleNotFound();
  const where = and(visible(professionalId), eq(answerRevisions.scheduleId, scheduleId));
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(where);
  const total = Number(count?.n ?? 0);
  if (total === 0) throw scheduleNotAnswered();
  const rows = await ctx.db
    .select(detailColumns)
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(where)
    .orderBy(desc(quizAnswers.finishedAt), desc(answerRevisions.id))
    .limit(page.take)
    .offset(page.skip);
  const items: AnswerRevisionDetailDto[] = [];
  for (const row of rows) items.push(await buildDetail(ctx, professionalId, row));
  return { items, total };
}

// ───────────────────────── Delayed ─────────────────────────

export const delayCutoff = (now: Date) => new Date(now.getTime() - DELAY_HOURS * 3_600_000);

export async function listDelayed(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof DelayedQuery>,
): Promise<{ items: z.infer<typeof DelayedRequestSchema>[]; total: number }> {
  const cutoff = delayCutoff(ctx.config.now());
  const where = and(
    eq(answerRequests.professionalId, professionalId),
    eq(answerRequests.status, 'sent'),
    lte(answerRequests.sentAt, cutoff),
    isNull(quizSchedules.deletedAt),
    ne(patients.status, 'deleted'),
    q.quizId ? eq(answerRequests.quizId, q.quizId) : undefined,
    q.patientId ? eq(answerRequests.patientId, q.patientId) : undefined,
  );
  const { items, total } = await sentRequestsPage(ctx, where, q);
  return {
    items: items.map((item) => ({
      ...item,
      delayedSince: new Date(new Date(item.sentAt).getTime() + DELAY_HOURS * 3_600_000).toISOString(),
    })),
    total,
  };
}
