/**
 * The body of a webhook message, as Standard Webhooks suggests: `{ type, timestamp, data }`.
 *
 * `data` is the event's thin payload (ids, names, dates, states). Only on an endpoint where the
 * professional opted in and wrote the purpose (LGPD art. 11) does `quiz_answer.finished` also carry the
 * answers, question by question, as text (uploaded files by name: no file link leaves in a webhook).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { answerItems, quizAnswers } from '../db/schema.js';
import { renderValue } from '../answer-revision/render.js';
import { itemKey, snapshotQuestions } from '../answer-revision/snapshot.js';
import { snapshotFlow } from '../quiz-answer/snapshots.js';
import type { AnswerValue } from '../quiz-answer/schemas.js';

/** The event types whose payload grows on endpoints with rich payloads, and what they add. */
export const RICH_EVENTS: Record<string, string> = {
  'quiz_answer.finished':
    'Com dados completos: as respostas, pergunta a pergunta (inclusive medidas), em `data.answers`.',
};

export const TEST_EVENT_TYPE = 'webhook.test';

export interface RichAnswer {
  questionId: string;
  parentQuestionId: string | null;
  question: string;
  type: string;
  answer: string;
  /** The answer as stored (numbers as numbers), for systems that compute with it. */
  value: unknown;
}

/** The answers of a finished quiz answer of this professional, in the order they were asked. */
export async function richAnswers(db: Executor, professionalId: string, quizAnswerId: string): Promise<RichAnswer[]> {
  const [qa] = await db
    .select({ snapshotId: quizAnswers.snapshotId })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.id, quizAnswerId), eq(quizAnswers.professionalId, professionalId)));
  if (!qa) return [];
  const items = await db
    .select()
    .from(answerItems)
    .where(eq(answerItems.quizAnswerId, quizAnswerId))
    .orderBy(asc(answerItems.position));
  const flow = await snapshotFlow(db, qa.snapshotId);
  const byKey = new Map(snapshotQuestions(flow).map((s) => [itemKey(s.questionId, s.parentQuestionId), s]));
  const out: RichAnswer[] = [];
  for (const item of items) {
    const q = byKey.get(itemKey(item.questionId, item.parentQuestionId));
    if (!q) continue;
    const value = item.value as AnswerValue;
    const answer =
      value.type === 'file-upload' ? value.files.map((f) => f.name).join('; ') : renderValue(value, q.config, () => '');
    const stored = value.type === 'file-upload' ? { type: value.type, names: value.files.map((f) => f.name) } : value;
    out.push({
      questionId: item.questionId,
      parentQuestionId: item.parentQuestionId,
      question: q.title,
      type: q.type,
      answer,
      value: stored,
    });
  }
  return out;
}

/** The JSON body of one message. */
export async function messageBody(
  db: Executor,
  m: {
    professionalId: string;
    type: string;
    occurredAt: Date;
    data: Record<string, unknown>;
    rich: boolean;
  },
): Promise<string> {
  let data = m.data;
  if (m.rich && m.type === 'quiz_answer.finished' && typeof data.quizAnswerId === 'string') {
    data = { ...data, answers: await richAnswers(db, m.professionalId, data.quizAnswerId) };
  }
  return JSON.stringify({ type: m.type, timestamp: m.occurredAt.toISOString(), data });
}
