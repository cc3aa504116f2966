/** Metric and scale answers of one patient over time (weight in kg by date…), for the comparison charts. */
import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerItems, questions, quizAnswers } from '../db/schema.js';
import { findOwnPatient } from '../patient/lookup.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';
import { numericValue } from './render.js';
import type { AnswerSeriesSchema, PatientSeriesSchema, SeriesQuery } from './schemas.js';
import { periodBounds } from './periods.js';
import { snapshotQuestions } from './snapshot.js';
import { snapshotFlows } from '../quiz-answer/snapshots.js';

type Series = z.infer<typeof AnswerSeriesSchema>;
const CHARTED = new Set(['metrics', 'linear-scale', 'likert-scale']);
/** Most answers read for one patient's series. */
const MAX_ANSWERS = 1000;

export async function patientSeries(
  ctx: AppContext,
  professionalId: string,
  patientId: string,
  q: z.infer<typeof SeriesQuery>,
): Promise<z.infer<typeof PatientSeriesSchema>> {
  const db = ctx.db;
  await findOwnPatient(db, professionalId, patientId);
  const { start, end } = periodBounds(q.from, q.to);
  const conds: (SQL | undefined)[] = [
    eq(quizAnswers.professionalId, professionalId),
    eq(quizAnswers.patientId, patientId),
    eq(quizAnswers.status, 'finished'),
    q.quizId ? eq(quizAnswers.quizId, q.quizId) : undefined,
    start ? gte(quizAnswers.finishedAt, start) : undefined,
    end ? lt(quizAnswers.finishedAt, end) : undefined,
  ];
  // The newest MAX_ANSWERS answers, then oldest first.
  const answers = (
    await db
      .select({
        id: quizAnswers.id,
        quizId: quizAnswers.quizId,
        finishedAt: quizAnswers.finishedAt,
        snapshotId: quizAnswers.snapshotId,
      })
      .from(quizAnswers)
      .where(and(...conds))
      .orderBy(asc(quizAnswers.finishedAt))
  ).slice(-MAX_ANSWERS);
  if (answers.length === 0) return { patientId, series: [] };
  const flows = await snapshotFlows(
    db,
    answers.map((a) => a.snapshotId),
  );

  const items = await db
    .select({
      quizAnswerId: answerItems.quizAnswerId,
      questionId: answerItems.questionId,
      parentQuestionId: answerItems.parentQuestionId,
      value: answerItems.value,
    })
    .from(answerItems)
    .where(
      and(
        inArray(
          answerItems.quizAnswerId,
          answers.map((a) => a.id),
        ),
        q.questionId ? eq(answerItems.questionId, q.questionId) : undefined,
      ),
    );
  const itemsByAnswer = new Map<string, typeof items>();
  for (const i of items) itemsByAnswer.set(i.quizAnswerId, [...(itemsByAnswer.get(i.quizAnswerId) ?? []), i]);

  const series = new Map<string, Series>();
  for (const a of answers) {
    const snapshot = snapshotQuestions(flows.get(a.snapshotId));
    for (const i of itemsByAnswer.get(a.id) ?? []) {
      const s = snapshot.find((x) => x.questionId === i.questionId && x.parentQuestionId === i.parentQuestionId);
      const value = i.value as AnswerValue;
      if (!s || !CHARTED.has(s.type) || value.type !== s.type) continue;
      const n = numericValue(value, s.config);
      if (n === null) continue;
      const c = (s.config ?? {}) as Record<string, unknown>;
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const likertLevels = Array.isArray(c.levels) ? c.levels.length : 0;
      // The latest answer's wording and configuration win.
      const meta = {
        questionId: s.questionId,
        title: s.title,
        type: s.type as Series['type'],
        unit: s.type === 'metrics' && typeof c.unit === 'string' ? c.unit : null,
        decimals: s.type === 'metrics' ? Number(c.decimals ?? 0) : s.type === 'likert-scale' ? 2 : 0,
        min: s.type === 'likert-scale' ? (likertLevels ? 1 : null) : num(c.min),
        max: s.type === 'likert-scale' ? likertLevels || null : num(c.max),
      };
      const current = series.get(s.questionId);
      const point = { date: a.finishedAt!.toISOString(), value: n, quizAnswerId: a.id, quizId: a.quizId };
      if (current) {
        Object.assign(current, meta);
        current.points.push(point);
      } else {
        series.set(s.questionId, { ...meta, acronym: null, points: [point] });
      }
    }
  }

  // Order: as the questions appear in the newest answers.
  const order: string[] = [];
  for (const a of [...answers].reverse()) {
    for (const s of snapshotQuestions(flows.get(a.snapshotId)))
      if (series.has(s.questionId) && !order.includes(s.questionId)) order.push(s.questionId);
  }
  const ids = [...series.keys()];
  if (ids.length > 0) {
    for (const r of await db
      .select({ id: questions.id, acronym: questions.acronym })
      .from(questions)
      .where(inArray(questions.id, ids))) {
      series.get(r.id)!.acronym = r.acronym;
    }
  }
  return { patientId, series: order.map((id) => series.get(id)!) };
}
