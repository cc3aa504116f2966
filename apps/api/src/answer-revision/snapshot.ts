/** The questions of a quiz answer's snapshot, flattened: each sub-question once per parent, after it. */
import type { SurveyQuestion } from '../quiz-answer/schemas.js';

export const itemKey = (questionId: string, parentQuestionId: string | null) =>
  `${questionId}/${parentQuestionId ?? ''}`;

export interface SnapshotQuestion {
  questionId: string;
  parentQuestionId: string | null;
  alternativeId: string | null;
  type: SurveyQuestion['type'];
  title: string;
  description: string | null;
  config: SurveyQuestion['config'];
}

const flattened = new WeakMap<object, SnapshotQuestion[]>();

/**
 * Every question of a snapshot, sub-questions (once per parent) after their parent, keyed by itemKey. A flow
 * the snapshot store shares (quiz-answer/snapshots.ts) is flattened once per process; the result is shared too.
 */
export function snapshotQuestions(flow: unknown): SnapshotQuestion[] {
  if (!Array.isArray(flow)) return [];
  let out = flattened.get(flow);
  if (!out) flattened.set(flow, (out = flatten(flow as SurveyQuestion[])));
  return out;
}

function flatten(flow: SurveyQuestion[]): SnapshotQuestion[] {
  const out: SnapshotQuestion[] = [];
  for (const q of flow) {
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
