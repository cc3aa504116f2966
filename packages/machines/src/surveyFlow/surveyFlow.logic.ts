/** The survey machine's pure rules: the save queue's backoff, errors, the step on screen (the start: surveyFlow.start.ts). */
import {
  answersInFlow,
  flowSteps,
  isAnswered,
  nextStep,
  sameStep,
  type StepRef,
  type SurveyAnswer,
  type SurveyQuestion,
  withAnswer,
} from './flow';
import type { PendingSave, SurveyFlowContext, SurveyFlowError } from './surveyFlow.types';

/** Backoff of the save queue: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/** Whatever an actor threw, as a `SurveyFlowError` (anything unknown is a network failure). */
export function toFlowError(error: unknown): SurveyFlowError {
  if (error && typeof error === 'object' && typeof (error as SurveyFlowError).code === 'string') {
    const e = error as SurveyFlowError;
    return { status: typeof e.status === 'number' ? e.status : 0, code: e.code, details: e.details };
  }
  return { status: 0, code: 'NETWORK_ERROR' };
}

/** Worth trying again later: no connection, a server hiccup, rate limiting. */
export const isRetryableError = (e: SurveyFlowError) =>
  e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429;
export const isUnauthorizedError = (e: SurveyFlowError) =>
  e.status === 401 || e.code === 'Unauthorized' || e.code === 'INVALID_JWT' || e.code === 'NOT_OWNER';
export const isNotFoundError = (e: SurveyFlowError) =>
  e.code === 'QUIZ_SCHEDULE_NOT_FOUND_ERROR' ||
  e.code === 'NOT_FOUND' ||
  (e.status === 404 && e.code !== 'QUIZ_ANSWER_NOT_FOUND_ERROR');

/** A random idempotency key (crypto.randomUUID needs a secure context; fall back outside one). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const pendingAnswersOf = (queue: PendingSave[], quizAnswerId: string | null) =>
  queue.filter((item) => item.answer && item.quizAnswerId === quizAnswerId);

/**
 * The step on screen: the server's `next` while everything is saved, else the flow's own rule
 * applied to the answers (so the patient goes on answering while saves wait for the network).
 */
export function currentStep(context: SurveyFlowContext): StepRef | null {
  if (!context.survey) return null;
  if (context.editing && isEditable(context.survey.questions, context.answers, context.editing)) return context.editing;
  if (context.serverNext !== undefined && pendingAnswersOf(context.queue, context.quizAnswerId).length === 0) {
    return context.serverNext;
  }
  return nextStep(context.survey.questions, context.answers);
}

/** A step the patient may open again: answered and still in the flow. */
export const isEditable = (questions: SurveyQuestion[], answers: SurveyAnswer[], step: StepRef) =>
  isAnswered(answers, step) && flowSteps(questions, answers).some((s) => sameStep(s, step));

/** Server answers plus the queued ones of the same quiz answer (a queued one wins: it is newer). */
export function mergeAnswers(
  server: SurveyAnswer[],
  queue: PendingSave[],
  quizAnswerId: string | null,
  questions?: SurveyQuestion[],
): SurveyAnswer[] {
  let answers = server;
  for (const item of pendingAnswersOf(queue, quizAnswerId)) {
    answers = withAnswer(answers, toAnswer(item));
    // A queued change drops the sub-answers its parent no longer opens, as the server will.
    if (questions && item.answer!.replace) answers = answersInFlow(questions, answers);
  }
  return answers;
}

/** A queued save as the answer it gives. */
export function toAnswer(item: PendingSave): SurveyAnswer {
  const { replace: _replace, ...answer } = item.answer!;
  return { ...answer, answeredAt: new Date(item.createdAt).toISOString() };
}
