/** One revision in full: the answers question by question beside the previous ones, with their files. */
import { EXPORT_LINK_SECONDS } from '../file/access.js';
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import {
  answerItems,
  answerRevisionNotes,
  answerRevisions,
  patients,
  professionals,
  questions,
  quizAnswers,
  quizSchedules,
  quizzes,
  scheduleRevisionTotals,
} from '../db/schema.js';
import { patientNotFound } from '../patient/lookup.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';
import type {
  AnswerRevisionDetailSchema,
  PreviousAnswerSchema,
  RevisionAnswerSchema,
  RevisionFileSchema,
  RevisionSubAnswerSchema,
} from './schemas.js';
import { canonicalValue, renderValue } from './render.js';
import { revisionNotFound, scheduleNotAnswered } from './errors.js';
import { scheduleNotFound } from '../schedule/errors.js';
import { listColumns, type ListRow, toRevisionDto, visible } from './revisions.js';
import { toNoteDto } from './notes.js';
import { itemKey, type SnapshotQuestion, snapshotQuestions } from './snapshot.js';
import { snapshotFlow, snapshotFlows } from '../quiz-answer/snapshots.js';

export type AnswerRevisionDetailDto = z.infer<typeof AnswerRevisionDetailSchema>;
type RevisionAnswerDto = z.infer<typeof RevisionAnswerSchema>;
type RevisionSubAnswerDto = z.infer<typeof RevisionSubAnswerSchema>;
type PreviousAnswerDto = z.infer<typeof PreviousAnswerSchema>;
type RevisionFileDto = z.infer<typeof RevisionFileSchema>;
type ItemRow = typeof answerItems.$inferSelect;
/** A file's link in an answer: signed for seven days (an export is read later; JSON answers re-sign it for two hours). */
export const fileUrl = (ctx: AppContext) => (key: string) => ctx.files.signedUrl(key, EXPORT_LINK_SECONDS);

/** How many earlier answers are searched for the previous answer of each question. */
const PREVIOUS_DEPTH = 20;

const detailColumns = {
  ...listColumns,
  answer: quizAnswers,
  quizDescription: quizzes.description,
  professionalName: sql<string>`(SELECT ${professionals.name} FROM ${professionals} WHERE ${professionals.id} = ${answerRevisions.professionalId})`,
};
type DetailRow = ListRow & {
  answer: typeof quizAnswers.$inferSelect;
  quizDescription: string | null;
  professionalName: string | null;
};

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
  // Earlier and next finished answers of the same patient to the same quiz.
  const sameSeries = and(
    eq(quizAnswers.professionalId, professionalId),
    eq(quizAnswers.patientId, qa.patientId),
    eq(quizAnswers.quizId, qa.quizId),
    eq(quizAnswers.status, 'finished'),
    ne(quizAnswers.id, qa.id),
  );
  const flow = await snapshotFlow(db, qa.snapshotId);
  const snapshot = snapshotQuestions(flow);
  const qids = [...new Set(snapshot.map((s) => s.questionId))];
  // Independent reads side by side (on PostgreSQL each on its own connection: one round trip of waiting, not four).
  const [notes, earlier, [next], acronymRows] = await Promise.all([
    db
      .select()
      .from(answerRevisionNotes)
      .where(eq(answerRevisionNotes.revisionId, row.revision.id))
      .orderBy(asc(answerRevisionNotes.createdAt), asc(answerRevisionNotes.id)),
    db
      .select({
        id: quizAnswers.id,
        finishedAt: quizAnswers.finishedAt,
        snapshotId: quizAnswers.snapshotId,
        revisionId: answerRevisions.id,
      })
      .from(quizAnswers)
      .leftJoin(answerRevisions, eq(answerRevisions.quizAnswerId, quizAnswers.id))
      .where(and(sameSeries, lt(quizAnswers.finishedAt, finishedAt)))
      .orderBy(desc(quizAnswers.finishedAt), desc(quizAnswers.id))
      .limit(PREVIOUS_DEPTH),
    db
      .select({ revisionId: answerRevisions.id })
      .from(quizAnswers)
      .innerJoin(answerRevisions, eq(answerRevisions.quizAnswerId, quizAnswers.id))
      .where(and(sameSeries, gt(quizAnswers.finishedAt, finishedAt)))
      .orderBy(asc(quizAnswers.finishedAt), asc(quizAnswers.id))
      .limit(1),
    qids.length > 0
      ? db.select({ id: questions.id, acronym: questions.acronym }).from(questions).where(inArray(questions.id, qids))
      : Promise.resolve([]),
  ]);
  const earlierSorted = earlier.filter((e) => e.finishedAt);
  const earlierById = new Map(earlierSorted.map((e) => [e.id, e]));
  // This answer's items, and for each question the newest earlier answer's item (the database picks them: a handful
  // of rows instead of every item of the last twenty answers).
  const [items, previousItems] = await Promise.all([
    loadItems(db, [qa.id]),
    earlierSorted.length > 0
      ? db
          .selectDistinctOn([answerItems.questionId, answerItems.parentQuestionId], {
            quizAnswerId: answerItems.quizAnswerId,
            questionId: answerItems.questionId,
            parentQuestionId: answerItems.parentQuestionId,
            value: answerItems.value,
          })
          .from(answerItems)
          .innerJoin(quizAnswers, eq(quizAnswers.id, answerItems.quizAnswerId))
          .where(inArray(answerItems.quizAnswerId, [...earlierById.keys()]))
          .orderBy(
            answerItems.questionId,
            answerItems.parentQuestionId,
            desc(quizAnswers.finishedAt),
            desc(quizAnswers.id),
          )
      : Promise.resolve([]),
  ]);

  const previous = new Map<string, PreviousAnswerDto>();
  if (previousItems.length > 0) {
    // Each previous value is rendered with the questions of the answer that holds it, as it was asked: usually the
    // very snapshot of this answer (the store keeps what it read).
    const snapshots = await snapshotFlows(
      db,
      previousItems.map((i) => earlierById.get(i.quizAnswerId)!.snapshotId),
    );
    const configs = new Map<string, Map<string, SnapshotQuestion['config']>>();
    const configOf = (snapshotId: string, key: string) => {
      let byKey = configs.get(snapshotId);
      if (!byKey) {
        byKey = new Map(
          snapshotQuestions(snapshots.get(snapshotId) ?? []).map((q) => [
            itemKey(q.questionId, q.parentQuestionId),
            q.config,
          ]),
        );
        configs.set(snapshotId, byKey);
      }
      return byKey.get(key);
    };
    for (const i of previousItems) {
      const e = earlierById.get(i.quizAnswerId)!;
      const key = itemKey(i.questionId, i.parentQuestionId);
      const value = i.value as AnswerValue;
      previous.set(key, {
        quizAnswerId: e.id,
        revisionId: e.revisionId ?? null,
        finishedAt: e.finishedAt!.toISOString(),
        value,
        display: renderValue(value, configOf(e.snapshotId, key), url),
        files: filesOf(value, url, professionalId),
      });
    }
  }

  const acronyms = new Map<string, string | null>(acronymRows.map((r) => [r.id, r.acronym]));
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
    const offering = flow
      .find((q) => q.questionId === s.parentQuestionId)
      ?.subQuestions.filter((x) => x.questionId === s.questionId)
      .map((x) => x.alternativeId);
    const alternativeId = offering?.find((a) => chosen.includes(a)) ?? s.alternativeId ?? '';
    const sub: RevisionSubAnswerDto = { ...fieldsOf(s, item), parentQuestionId: s.parentQuestionId, alternativeId };
    parent.subAnswers.push(sub);
  }

  return {
    ...toRevisionDto(row),
    professionalName: row.professionalName ?? '',
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
  // Hers and not deleted, the schedule hers and of that patient, and its kept total (migration 0030: a revision
  // exists only for a finished answer), in one round trip.
  const [found] = await ctx.db
    .execute<{ patient: boolean; schedule_patient_id: string | null; total: string }>(
      sql`
    SELECT
      EXISTS (SELECT 1 FROM ${patients} WHERE ${patients.id} = ${patientId}
                AND ${patients.professionalId} = ${professionalId} AND ${patients.status} <> 'deleted') AS patient,
      (SELECT ${quizSchedules.patientId} FROM ${quizSchedules} WHERE ${quizSchedules.id} = ${scheduleId}
                AND ${quizSchedules.professionalId} = ${professionalId}) AS schedule_patient_id,
      (SELECT coalesce(sum(${scheduleRevisionTotals.n}), 0) FROM ${scheduleRevisionTotals}
                WHERE ${scheduleRevisionTotals.scheduleId} = ${scheduleId})::text AS total`,
    )
    .then((r) => r.rows);
  if (!found?.patient) throw patientNotFound();
  if (found.schedule_patient_id !== patientId) throw scheduleNotFound();
  const total = Number(found.total);
  if (total === 0) throw scheduleNotAnswered();
  const rows = await ctx.db
    .select(detailColumns)
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(and(visible(professionalId), eq(answerRevisions.scheduleId, scheduleId)))
    // created_at is the finish instant (the revision is created by the finish).
    .orderBy(desc(answerRevisions.createdAt), desc(answerRevisions.id))
    .limit(page.take)
    .offset(page.skip);
  const items: AnswerRevisionDetailDto[] = [];
  for (const row of rows) items.push(await buildDetail(ctx, professionalId, row));
  return { items, total };
}
