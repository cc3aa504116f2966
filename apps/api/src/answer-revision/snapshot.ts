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
