/**
 * Export of a quiz's answers: one row per finished answer (patient, finished at, review status), then
 * one column per question (sub-questions too). CSV or XLSX, see export.ts.
 *
 * Measurements and linear scales are numbers, with the unit in the column's header ("Peso (kg)") and each
 * cell keeping the decimals of the question as that answer saw it. A question can change between answers
 * (its unit, or its type): a column whose answers do not share one numeric type and one unit is written as
 * text with the unit in each cell ("82,8 kg", "180 lb"), as no header could name both and converting would
 * be guessing. Every other answer (choices, Likert, free text, files) is pt-BR text.
 */
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerItems, answerRevisions, patients, quizAnswers } from '../db/schema.js';
import { errors } from '../errors/app-error.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';
import { CSV_CONTENT_TYPE, fileSlug, toCsv, toXlsx, XLSX_CONTENT_TYPE, type SheetCell } from './export.js';
import { formatDateTime, renderValue } from './render.js';
import type { ExportQuery } from './schemas.js';
import { MAX_EXPORT_ROWS, MAX_PERIOD_DAYS } from './schemas.js';
import { findOwnQuiz } from '../quiz/lookup.js';
import { fileUrl } from './detail.js';
import { periodBounds } from './periods.js';
import { snapshotQuestions, type SnapshotQuestion } from './snapshot.js';
import { snapshotFlows } from '../quiz-answer/snapshots.js';

export const STATUS_LABELS = { pending: 'Pendente', completed: 'Aprovada' } as const;
export const FIXED_HEADERS = ['Cliente', 'Respondido em', 'Status'] as const;

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
  /** Whose answers it holds (each gets a row in her access log). */
  patientIds: string[];
}

const key = (questionId: string, parentQuestionId: string | null) => `${questionId}/${parentQuestionId ?? ''}`;

/** Question types whose answer is one number. */
const NUMERIC_TYPES = new Set<SnapshotQuestion['type']>(['metrics', 'linear-scale']);

/** The unit a version of a question measures in ('' for a scale or a metric without one). */
function unitOf(type: SnapshotQuestion['type'], config: unknown): string {
  if (type !== 'metrics') return '';
  const unit = (config as { unit?: unknown } | null)?.unit;
  return typeof unit === 'string' ? unit.trim() : '';
}

/** A column: its title, and when every version of its question is a number in one unit, that unit. */
interface ExportColumn {
  key: string;
  title: string;
  /** The one unit of a numeric column ('' when it has none); null for a text column. */
  unit: string | null;
}

/** The column's header: the question's title, with the unit of a numeric column ("Peso (kg)"). */
export const columnHeader = (c: Pick<ExportColumn, 'title' | 'unit'>) => (c.unit ? `${c.title} (${c.unit})` : c.title);

/** One answer's cell: a number in a numeric column, else the pt-BR text. */
export function exportCell(
  value: AnswerValue,
  config: unknown,
  numeric: boolean,
  fileUrl: (key: string) => string,
): SheetCell {
  if (numeric && (value.type === 'metrics' || value.type === 'linear-scale') && Number.isFinite(value.value)) {
    const decimals = value.type === 'metrics' ? Number((config as { decimals?: unknown } | null)?.decimals ?? 0) : 0;
    return { number: value.value, decimals };
  }
  return renderValue(value, config, fileUrl);
}

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
      snapshotId: quizAnswers.snapshotId,
      status: answerRevisions.status,
      patientName: patients.name,
      patientId: answerRevisions.patientId,
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

  const flows = await snapshotFlows(
    db,
    rows.map((r) => r.snapshotId),
  );
  // Columns: the newest answer's questions in its order, then those only older answers had. A column is
  // numeric while every version of its question met in these answers is a number in the same unit.
  const columns: ExportColumn[] = [];
  const byKey = new Map<string, ExportColumn & { mixed: boolean }>();
  const configs = new Map<string, Map<string, unknown>>();
  for (const r of [...rows].reverse()) {
    const snapshot = snapshotQuestions(flows.get(r.snapshotId));
    configs.set(r.quizAnswerId, new Map(snapshot.map((s) => [key(s.questionId, s.parentQuestionId), s.config])));
    for (const s of snapshot) {
      const k = key(s.questionId, s.parentQuestionId);
      const unit = NUMERIC_TYPES.has(s.type) ? unitOf(s.type, s.config) : null;
      const column = byKey.get(k);
      if (!column) {
        const created = { key: k, title: s.title, unit, mixed: false };
        byKey.set(k, created);
        columns.push(created);
      } else if (column.unit !== unit) column.mixed = true;
    }
  }
  for (const c of byKey.values()) if (c.mixed) c.unit = null;

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
  const header = [...FIXED_HEADERS, ...columns.map(columnHeader)];
  const body = rows.map((r): SheetCell[] => {
    const answered = values.get(r.quizAnswerId) ?? new Map<string, AnswerValue>();
    const config = configs.get(r.quizAnswerId)!;
    return [
      r.patientName,
      r.finishedAt ? formatDateTime(r.finishedAt) : '',
      STATUS_LABELS[r.status],
      ...columns.map((c) => {
        const v = answered.get(c.key);
        return v ? exportCell(v, config.get(c.key), c.unit !== null, url) : '';
      }),
    ];
  });

  const patientIds = [...new Set(rows.map((r) => r.patientId))];
  const name = `respostas-${fileSlug(quiz.title)}${q.from ? `-${q.from}` : ''}${q.to ? `-a-${q.to}` : ''}`;
  if (q.format === 'xlsx') {
    return { filename: `${name}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: await toXlsx(header, body), patientIds };
  }
  return {
    filename: `${name}.csv`,
    contentType: CSV_CONTENT_TYPE,
    body: Buffer.from(toCsv([header, ...body]), 'utf8'),
    patientIds,
  };
}
