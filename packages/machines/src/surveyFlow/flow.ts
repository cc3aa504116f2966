/**
 * The survey's data as the flow machine needs it: the same shapes `GET /quiz-answer/{scheduleId}`
 * and `PUT /quiz-answer/{quizAnswerId}` answer (the package never imports the API client, so the
 * app hands the generated types in; they are structurally these), and the pure rules of the flow.
 */

export type SurveyQuestionType =
  'multiple-choice' | 'linear-scale' | 'likert-scale' | 'free-field' | 'file-upload' | 'metrics';

/** A file already uploaded through `POST /file/signed-url`. */
export interface SurveyFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** The value of an answer, by question type (the API's `value`). */
export type SurveyAnswerValue =
  | { type: 'multiple-choice'; alternativeIds: string[] }
  | { type: 'linear-scale'; value: number }
  | { type: 'likert-scale'; levels: Record<string, string> }
  | { type: 'free-field'; text: string }
  | { type: 'file-upload'; files: SurveyFile[] }
  | { type: 'metrics'; value: number };

/** A sub-question the quiz chose for one alternative of a multiple-choice question. */
export interface SurveySubQuestion {
  questionId: string;
  alternativeId: string;
  type: SurveyQuestionType;
  title: string;
  description: string | null;
  image: string | null;
  config: unknown;
}

/** One enabled question of the quiz, in the flow's order. */
export interface SurveyQuestion {
  questionId: string;
  type: SurveyQuestionType;
  title: string;
  description: string | null;
  image: string | null;
  config: unknown;
  subQuestions: SurveySubQuestion[];
}

/** Which question: a flow question (`parentQuestionId` null) or a sub-question under its parent. */
export interface StepRef {
  questionId: string;
  parentQuestionId: string | null;
}

export interface SurveyAnswer extends StepRef {
  value: SurveyAnswerValue;
  answeredAt?: string;
}

/** `GET /quiz-answer/{scheduleId}` (`SurveyState`). Folder and appearance are passed through to the screens. */
export interface SurveyData {
  quizScheduleId: string;
  state: 'open' | 'answered' | 'nothing-pending';
  answerRequestId: string | null;
  quizAnswerId: string | null;
  quiz: { id: string; title: string; description: string | null };
  professionalName: string;
  folder: unknown;
  appearance: unknown;
  questions: SurveyQuestion[];
  answers: SurveyAnswer[];
  next: StepRef | null;
  finishedAt: string | null;
}

/** `POST /quiz-answer` and `PUT /quiz-answer/{quizAnswerId}` (`QuizAnswerProgress`). */
export interface SurveyProgress {
  quizAnswerId: string;
  status: 'in_progress' | 'finished';
  answers: SurveyAnswer[];
  next: StepRef | null;
  finishedAt: string | null;
}

/** A question (flow question or sub-question) as a screen shows it. */
export type SurveyStepQuestion = (SurveyQuestion | SurveySubQuestion) & { parentQuestionId: string | null };

export const sameStep = (a: StepRef | null | undefined, b: StepRef | null | undefined) =>
  !!a && !!b && a.questionId === b.questionId && (a.parentQuestionId ?? null) === (b.parentQuestionId ?? null);

const findAnswer = (answers: SurveyAnswer[], step: StepRef) => answers.find((a) => sameStep(a, step));

/**
 * The sub-questions that the chosen alternatives open, in the alternatives' order (then the
 * order the quiz lists them), each once.
 */
export function openedSubQuestions(question: SurveyQuestion, alternativeIds: string[]): SurveySubQuestion[] {
  const config = (question.config ?? {}) as { alternatives?: { id: string; order?: number }[] };
  const order = (config.alternatives ?? [])
    .map((a, index) => ({ id: a.id, rank: a.order ?? index }))
    .sort((x, y) => x.rank - y.rank)
    .map((a) => a.id);
  const rank = (id: string) => {
    const i = order.indexOf(id);
    return i === -1 ? order.length : i;
  };
  const chosen = new Set(alternativeIds);
  const seen = new Set<string>();
  return question.subQuestions
    .map((s, index) => ({ s, index }))
    .filter(({ s }) => chosen.has(s.alternativeId))
    .sort((x, y) => rank(x.s.alternativeId) - rank(y.s.alternativeId) || x.index - y.index)
    .map(({ s }) => s)
    .filter((s) => (seen.has(s.questionId) ? false : (seen.add(s.questionId), true)));
}

/**
 * Every step of the flow given the answers so far: the flow's questions in order, each
 * multiple-choice question followed by the sub-questions its chosen alternatives opened.
 */
export function flowSteps(questions: SurveyQuestion[], answers: SurveyAnswer[]): StepRef[] {
  return questions.flatMap((q) => {
    const own: StepRef = { questionId: q.questionId, parentQuestionId: null };
    const answer = findAnswer(answers, own);
    const subs =
      answer?.value.type === 'multiple-choice'
        ? openedSubQuestions(q, answer.value.alternativeIds).map((s) => ({
            questionId: s.questionId,
            parentQuestionId: q.questionId,
          }))
        : [];
    return [own, ...subs];
  });
}

/** The first step without an answer, or `null` when everything is answered. */
export function nextStep(questions: SurveyQuestion[], answers: SurveyAnswer[]): StepRef | null {
  return flowSteps(questions, answers).find((step) => !findAnswer(answers, step)) ?? null;
}

/** The question a step points to. */
export function questionOf(questions: SurveyQuestion[], step: StepRef | null): SurveyStepQuestion | null {
  if (!step) return null;
  if (step.parentQuestionId === null) {
    const q = questions.find((x) => x.questionId === step.questionId);
    return q ? { ...q, parentQuestionId: null } : null;
  }
  const parent = questions.find((x) => x.questionId === step.parentQuestionId);
  const sub = parent?.subQuestions.find((s) => s.questionId === step.questionId);
  return sub ? { ...sub, parentQuestionId: step.parentQuestionId } : null;
}

/**
 * 'Pergunta N de M': counts only the flow's own questions, so opening a sub-question never moves the total.
 * A sub-question shows the number of the question that opened it (`complement`); `null` (the review) is the end.
 */
export function progressOf(
  questions: SurveyQuestion[],
  step: StepRef | null,
): { current: number; total: number; complement: boolean } {
  const total = questions.length;
  if (!step) return { current: total, total, complement: false };
  const main = step.parentQuestionId ?? step.questionId;
  const index = questions.findIndex((q) => q.questionId === main);
  return { current: index === -1 ? total : index + 1, total, complement: step.parentQuestionId !== null };
}

/** The answers that still count: those of the steps in the flow (a sub-answer whose parent no longer opens it goes). */
export function answersInFlow(questions: SurveyQuestion[], answers: SurveyAnswer[]): SurveyAnswer[] {
  const steps = flowSteps(questions, answers);
  return answers.filter((a) => steps.some((s) => sameStep(s, a)));
}

export const isAnswered = (answers: SurveyAnswer[], step: StepRef) => !!findAnswer(answers, step);

/** The step before `step` in the flow (what "Voltar" opens), or `null` at the first one. */
export function previousStep(
  questions: SurveyQuestion[],
  answers: SurveyAnswer[],
  step: StepRef | null,
): StepRef | null {
  const steps = flowSteps(questions, answers);
  const index = step ? steps.findIndex((s) => sameStep(s, step)) : steps.length;
  return index > 0 ? steps[index - 1]! : null;
}

/** The step after `step` in the flow, or `null` after the last one. */
export function stepAfter(questions: SurveyQuestion[], answers: SurveyAnswer[], step: StepRef): StepRef | null {
  const steps = flowSteps(questions, answers);
  const index = steps.findIndex((s) => sameStep(s, step));
  return index === -1 ? null : (steps[index + 1] ?? null);
}

/** The same answer value (a change that changes nothing is not sent), whatever the order of its keys. */
export function sameValue(a: SurveyAnswerValue, b: SurveyAnswerValue): boolean {
  const sorted = (_: string, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

/** Does `value` answer a question of this type, with everything a valid answer needs? */
export function isCompleteAnswer(
  question: Pick<SurveyQuestion, 'type' | 'config'>,
  value: SurveyAnswerValue | null | undefined,
): boolean {
  if (!value || value.type !== question.type) return false;
  switch (value.type) {
    case 'multiple-choice': {
      const cfg = (question.config ?? {}) as { allowMultiple?: boolean };
      return value.alternativeIds.length === 1 || (!!cfg.allowMultiple && value.alternativeIds.length > 1);
    }
    case 'linear-scale':
    case 'metrics':
      return Number.isFinite(value.value);
    case 'likert-scale': {
      const cfg = (question.config ?? {}) as { statements?: { id: string }[] };
      return (cfg.statements ?? []).every((s) => !!value.levels[s.id]);
    }
    case 'free-field':
      return value.text.trim().length > 0;
    case 'file-upload':
      return value.files.length >= 1 && value.files.length <= 5;
  }
}

/** Adds (or replaces) the answer of a step. */
export function withAnswer(answers: SurveyAnswer[], answer: SurveyAnswer): SurveyAnswer[] {
  return [...answers.filter((a) => !sameStep(a, answer)), answer];
}
