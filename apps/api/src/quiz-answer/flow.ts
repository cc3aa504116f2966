/** The flow: the questions a patient answers, in order, and which one comes next. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { questions, quizQuestions } from '../db/schema.js';
import type { AnswerValue, SurveyQuestion } from './schemas.js';

export type Next = { questionId: string; parentQuestionId: string | null } | null;
interface AlternativeLike {
  id: string;
  order?: number;
  subQuestionIds?: string[];
}

export function alternativesOf(config: unknown): AlternativeLike[] {
  const alts = (config as { alternatives?: unknown } | null)?.alternatives;
  if (!Array.isArray(alts)) return [];
  return alts
    .map((a, i) => ({ a: a as AlternativeLike, i }))
    .sort((x, y) => (x.a.order ?? 0) - (y.a.order ?? 0) || x.i - y.i)
    .map((x) => x.a);
}

/** The quiz as a patient answers it now: enabled questions in order, each with its chosen sub-questions. */
export async function buildFlow(db: Executor, quizId: string): Promise<SurveyQuestion[]> {
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.enabled, true)))
    .orderBy(asc(quizQuestions.position));
  const ids = [...new Set(rows.flatMap((r) => [r.questionId, ...r.subquestionIds]))];
  const found = new Map(
    ids.length === 0 ? [] : (await db.select().from(questions).where(inArray(questions.id, ids))).map((q) => [q.id, q]),
  );
  const fields = (q: typeof questions.$inferSelect) => ({
    type: q.type,
    title: q.title,
    description: q.description,
    image: q.image,
    config: q.config as SurveyQuestion['config'],
  });
  const flow: SurveyQuestion[] = [];
  for (const r of rows) {
    const q = found.get(r.questionId);
    if (!q) continue;
    const chosen = new Set(r.subquestionIds);
    const subQuestions: SurveyQuestion['subQuestions'] = [];
    if (q.type === 'multiple-choice') {
      for (const alt of alternativesOf(q.config)) {
        for (const sid of alt.subQuestionIds ?? []) {
          const sub = found.get(sid);
          if (chosen.has(sid) && sub) subQuestions.push({ questionId: sid, alternativeId: alt.id, ...fields(sub) });
        }
      }
    }
    flow.push({ questionId: q.id, ...fields(q), subQuestions });
  }
  return flow;
}

/** Sub-questions opened by a multiple-choice answer, in alternative order, each once. */
export function openedSubQuestions(q: SurveyQuestion, value: AnswerValue): string[] {
  if (value.type !== 'multiple-choice') return [];
  const chosen = new Set(value.alternativeIds);
  return [...new Set(q.subQuestions.filter((s) => chosen.has(s.alternativeId)).map((s) => s.questionId))];
}

export const itemKey = (questionId: string, parentQuestionId: string | null) =>
  `${questionId}/${parentQuestionId ?? ''}`;

export interface ItemLike {
  questionId: string;
  parentQuestionId: string | null;
  value: unknown;
}

/** The next question to answer: each flow question, then the sub-questions its answer opened. */
export function nextQuestion(flow: SurveyQuestion[], items: ItemLike[]): Next {
  const answered = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  for (const q of flow) {
    const a = answered.get(itemKey(q.questionId, null));
    if (!a) return { questionId: q.questionId, parentQuestionId: null };
    for (const sid of openedSubQuestions(q, a.value as AnswerValue)) {
      if (!answered.has(itemKey(sid, q.questionId))) return { questionId: sid, parentQuestionId: q.questionId };
    }
  }
  return null;
}

/** The items still in the flow: each answered flow question and the sub-answers its answer opens. */
export function itemsInFlow<T extends ItemLike>(flow: SurveyQuestion[], items: T[]): T[] {
  const byKey = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  const keep = new Set<T>();
  for (const q of flow) {
    const a = byKey.get(itemKey(q.questionId, null));
    if (!a) continue;
    keep.add(a);
    for (const sid of openedSubQuestions(q, a.value as AnswerValue)) {
      const sub = byKey.get(itemKey(sid, q.questionId));
      if (sub) keep.add(sub);
    }
  }
  return items.filter((i) => keep.has(i));
}
