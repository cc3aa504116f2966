/**
 * Export of a quiz's answers: one row per finished answer (patient, finished at, review status), then
 * one column per question (sub-questions too), values as pt-BR text. CSV or XLSX, see export.ts.
 */
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerItems, answerRevisions, patients, quizAnswers } from '../db/schema.js';
import { errors } from '../errors/app-error.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';
import { CSV_CONTENT_TYPE, fileSlug, toCsv, toXlsx, XLSX_CONTENT_TYPE } from './export.js';
import { formatDateTime, renderValue } from './render.js';
import type { ExportQuery } from './schemas.js';
import { MAX_EXPORT_ROWS, MAX_PERIOD_DAYS } from './schemas.js';
import { findOwnQuiz } from '../quiz/lookup.js';
import { fileUrl } from './detail.js';
import { periodBounds } from './periods.js';
import { snapshotQuestions } from './snapshot.js';

export const STATUS_LABELS = { pending: 'Pendente', completed: 'Aprovada' } as const;
export const FIXED_HEADERS = ['Cliente', 'Respondido em', 'Status'] as const;

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

const key = (questionId: string, parentQuestionId: string | null) => `${questionId}/${parentQuestionId ?? ''}`;

export async function exportAnswers(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ExportQuery>,
): Promise<ExportFile> {
  const db = ctx.db;
  const quiz = await findOwnQuiz(db, professionalId, q.quizId);
  const { start, end } = periodBounds(q.from, q.to, q.from && q.to ? MAX_PERIOD_DAYS : undefined);
  const rows = await db
    .select({
      quizAnswerId: quizAnswers.id,
      finishedAt: quizAnswers.finishedAt,
      questions: quizAnswers.questions,
      status: answerRevisions.status,
      patientName: patients.name,
    })
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .where(
      and(
        eq(answerRevisions.professionalId, professionalId),
        eq(answerRevisions.quizId, quiz.id),
        eq(quizAnswers.status, 'finished'),
        ne(patients.status, 'deleted'),
        q.status ? eq(answerRevisions.status, q.status) : undefined,
        start ? gte(quizAnswers.finishedAt, start) : undefined,
        end ? lt(quizAnswers.finishedAt, end) : undefined,
      ),
    )
    .orderBy(asc(quizAnswers.finishedAt), asc(quizAnswers.id))
    .limit(MAX_EXPORT_ROWS + 1);
  if (rows.length > MAX_EXPORT_ROWS) {
    throw errors.field(['from'], `O período tem mais de ${MAX_EXPORT_ROWS} respostas. Escolha um período menor.`);
  }

  // Columns: the newest answer's questions in its order, then those only older answers had.
  const columns: { key: string; title: string }[] = [];
  const seen = new Set<string>();
  const configs = new Map<string, Map<string, unknown>>();
  for (const r of [...rows].reverse()) {
    const snapshot = snapshotQuestions(r.questions);
    configs.set(r.quizAnswerId, new Map(snapshot.map((s) => [key(s.questionId, s.parentQuestionId), s.config])));
    for (const s of snapshot) {
      const k = key(s.questionId, s.parentQuestionId);
      if (seen.has(k)) continue;
      seen.add(k);
      columns.push({ key: k, title: s.title });
    }
  }

  const values = new Map<string, Map<string, AnswerValue>>();
  const ids = rows.map((r) => r.quizAnswerId);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const item of await db.select().from(answerItems).where(inArray(answerItems.quizAnswerId, chunk))) {
      let m = values.get(item.quizAnswerId);
      if (!m) values.set(item.quizAnswerId, (m = new Map()));
      m.set(key(item.questionId, item.parentQuestionId), item.value as AnswerValue);
    }
  }

  const url = fileUrl(ctx);
  const header = [...FIXED_HEADERS, ...columns.map((c) => c.title)];
  const body = rows.map((r) => {
    const answered = values.get(r.quizAnswerId) ?? new Map<string, AnswerValue>();
    const config = configs.get(r.quizAnswerId)!;
    return [
      r.patientName,
      r.finishedAt ? formatDateTime(r.finishedAt) : '',
      STATUS_LABELS[r.status],
      ...columns.map((c) => {
        const v = answered.get(c.key);
        return v ? renderValue(v, config.get(c.key), url) : '';
      }),
    ];
  });

  const name = `respostas-${fileSlug(quiz.title)}${q.from ? `-${q.from}` : ''}${q.to ? `-a-${q.to}` : ''}`;
  if (q.format === 'xlsx') {
    return { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await toXlsx(header, body) };
  }
  return {
    filename: `${name}.csv`,
    contentType: CSV_CONTENT_TYPE,
    body: Buffer.from(toCsv([header, ...body]), 'utf8'),
  };
}
