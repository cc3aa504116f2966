import { assign, fromPromise, setup } from 'xstate';

export type QuestionType =
  'multiple-choice' | 'linear-scale' | 'likert-scale' | 'free-field' | 'file-upload' | 'metrics';

/** An alternative of a multiple-choice question, and the sub-questions it may open. */
export interface FlowchartAlternative {
  id: string;
  label: string;
  subQuestionIds: string[];
}

/** A question of the bank as the flowchart needs it. */
export interface FlowchartQuestion {
  id: string;
  title: string;
  type: QuestionType;
  draft: boolean;
  alternatives?: FlowchartAlternative[];
}

/** One question placed in the quiz: the spec's `chosenQuestions` item. */
export interface ChosenQuestion {
  id: string;
  enabled: boolean;
  /** Sub-questions chosen for this quiz, among those the question's alternatives can open. */
  subquestions: { id: string }[];
}

export interface QuizFlowchartInput {
  quizId?: string | null;
  questionsList: FlowchartQuestion[];
  chosenQuestions?: ChosenQuestion[];
}

export interface QuizFlowchartContext {
  quizId: string | null;
  /** The bank: what can be added (the spec's `questionsList`). */
  questionsList: FlowchartQuestion[];
  /** The ordered flowchart being edited. */
  chosenQuestions: ChosenQuestion[];
  /** The last saved flowchart; the editor is dirty when it differs. */
  saved: ChosenQuestion[];
  error: unknown;
}

export type QuizFlowchartEvent =
  | { type: 'question.add'; questionId: string; index?: number }
  | { type: 'question.remove'; questionId: string }
  | { type: 'question.move'; questionId: string; toIndex: number }
  | { type: 'question.moveUp'; questionId: string }
  | { type: 'question.moveDown'; questionId: string }
  | { type: 'question.setEnabled'; questionId: string; enabled: boolean }
  | { type: 'subquestion.toggle'; questionId: string; subquestionId: string }
  | { type: 'questions.loaded'; questionsList: FlowchartQuestion[] }
  | { type: 'flowchart.save' }
  | { type: 'flowchart.discard' }
  | { type: 'error.dismiss' };

export interface SaveFlowchartInput {
  quizId: string | null;
  chosenQuestions: ChosenQuestion[];
}

/** What the save actor answers: the quiz id (a new quiz gets one on its first save). */
export interface SaveFlowchartOutput {
  quizId: string;
}

const findQuestion = (ctx: QuizFlowchartContext, id: string) => ctx.questionsList.find((q) => q.id === id);
const indexOf = (ctx: QuizFlowchartContext, id: string) => ctx.chosenQuestions.findIndex((q) => q.id === id);

/** Every sub-question id that some alternative of `question` can open. */
export function subQuestionIdsOf(question: FlowchartQuestion | undefined): string[] {
  return (question?.alternatives ?? []).flatMap((a) => a.subQuestionIds);
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

function sameFlowchart(a: ChosenQuestion[], b: ChosenQuestion[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when the flowchart differs from what was last saved. */
export function isFlowchartDirty(context: QuizFlowchartContext): boolean {
  return !sameFlowchart(context.chosenQuestions, context.saved);
}

/**
 * The quiz flowchart editor: which questions of the bank are in the quiz, in what order, which are
 * enabled, and which sub-questions each alternative opens. Saving goes through the `saveFlowchart`
 * actor the app provides; a failed save keeps every edit and lands in `saveFailed`.
 */
export const quizFlowchartMachine = setup({
  types: {
    context: {} as QuizFlowchartContext,
    events: {} as QuizFlowchartEvent,
    input: {} as QuizFlowchartInput,
  },
  actors: {
    saveFlowchart: fromPromise<SaveFlowchartOutput, SaveFlowchartInput>(async () => {
      throw new Error('saveFlowchart must be provided with machine.provide()');
    }),
  },
  guards: {
    canAdd: ({ context }, params: { questionId: string }) => {
      const q = findQuestion(context, params.questionId);
      // Drafts are saved in the bank but never go into a quiz.
      return !!q && !q.draft && indexOf(context, params.questionId) === -1;
    },
    isChosen: ({ context }, params: { questionId: string }) => indexOf(context, params.questionId) !== -1,
    canMoveUp: ({ context }, params: { questionId: string }) => indexOf(context, params.questionId) > 0,
    canMoveDown: ({ context }, params: { questionId: string }) => {
      const i = indexOf(context, params.questionId);
      return i !== -1 && i < context.chosenQuestions.length - 1;
    },
    isSubQuestionOf: ({ context }, params: { questionId: string; subquestionId: string }) =>
      indexOf(context, params.questionId) !== -1 &&
      subQuestionIdsOf(findQuestion(context, params.questionId)).includes(params.subquestionId),
    isDirty: ({ context }) => isFlowchartDirty(context),
  },
  actions: {
    add: assign({
      chosenQuestions: ({ context }, params: { questionId: string; index?: number }) => {
        const item: ChosenQuestion = { id: params.questionId, enabled: true, subquestions: [] };
        const next = context.chosenQuestions.slice();
        next.splice(params.index ?? next.length, 0, item);
        return next;
      },
    }),
    remove: assign({
      chosenQuestions: ({ context }, params: { questionId: string }) =>
        context.chosenQuestions.filter((q) => q.id !== params.questionId),
    }),
    moveTo: assign({
      chosenQuestions: ({ context }, params: { questionId: string; toIndex: number }) =>
        move(context.chosenQuestions, indexOf(context, params.questionId), params.toIndex),
    }),
    moveBy: assign({
      chosenQuestions: ({ context }, params: { questionId: string; by: number }) => {
        const from = indexOf(context, params.questionId);
        return move(context.chosenQuestions, from, from + params.by);
      },
    }),
    setEnabled: assign({
      chosenQuestions: ({ context }, params: { questionId: string; enabled: boolean }) =>
        context.chosenQuestions.map((q) => (q.id === params.questionId ? { ...q, enabled: params.enabled } : q)),
    }),
    toggleSubquestion: assign({
      chosenQuestions: ({ context }, params: { questionId: string; subquestionId: string }) =>
        context.chosenQuestions.map((q) => {
          if (q.id !== params.questionId) return q;
          const has = q.subquestions.some((s) => s.id === params.subquestionId);
          const order = subQuestionIdsOf(findQuestion(context, q.id));
          const ids = has
            ? q.subquestions.filter((s) => s.id !== params.subquestionId).map((s) => s.id)
            : [...q.subquestions.map((s) => s.id), params.subquestionId];
          // keep sub-questions in the order the alternatives list them
          return { ...q, subquestions: order.filter((id) => ids.includes(id)).map((id) => ({ id })) };
        }),
    }),
    setQuestions: assign({
      questionsList: (_, params: { questionsList: FlowchartQuestion[] }) => params.questionsList,
    }),
    discard: assign({ chosenQuestions: ({ context }) => context.saved, error: null }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'quizFlowchart',
  context: ({ input }) => ({
    quizId: input.quizId ?? null,
    questionsList: input.questionsList,
    chosenQuestions: input.chosenQuestions ?? [],
    saved: input.chosenQuestions ?? [],
    error: null,
  }),
  initial: 'ready',
  on: {
    'questions.loaded': {
      actions: { type: 'setQuestions', params: ({ event }) => ({ questionsList: event.questionsList }) },
    },
  },
  states: {
    ready: {
      // Edits are accepted while editing and after a failed save (nothing typed is ever lost).
      on: {
        'question.add': {
          guard: { type: 'canAdd', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: { type: 'add', params: ({ event }) => ({ questionId: event.questionId, index: event.index }) },
        },
        'question.remove': {
          guard: { type: 'isChosen', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: { type: 'remove', params: ({ event }) => ({ questionId: event.questionId }) },
        },
        'question.move': {
          guard: { type: 'isChosen', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: {
            type: 'moveTo',
            params: ({ event }) => ({ questionId: event.questionId, toIndex: event.toIndex }),
          },
        },
        'question.moveUp': {
          guard: { type: 'canMoveUp', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: { type: 'moveBy', params: ({ event }) => ({ questionId: event.questionId, by: -1 }) },
        },
        'question.moveDown': {
          guard: { type: 'canMoveDown', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: { type: 'moveBy', params: ({ event }) => ({ questionId: event.questionId, by: 1 }) },
        },
        'question.setEnabled': {
          guard: { type: 'isChosen', params: ({ event }) => ({ questionId: event.questionId }) },
          actions: {
            type: 'setEnabled',
            params: ({ event }) => ({ questionId: event.questionId, enabled: event.enabled }),
          },
        },
        'subquestion.toggle': {
          guard: {
            type: 'isSubQuestionOf',
            params: ({ event }) => ({ questionId: event.questionId, subquestionId: event.subquestionId }),
          },
          actions: {
            type: 'toggleSubquestion',
            params: ({ event }) => ({ questionId: event.questionId, subquestionId: event.subquestionId }),
          },
        },
        'flowchart.discard': { target: '.editing', actions: 'discard' },
      },
      initial: 'editing',
      states: {
        editing: {
          on: { 'flowchart.save': { guard: 'isDirty', target: '#quizFlowchart.saving' } },
        },
        saveFailed: {
          on: {
            'flowchart.save': { target: '#quizFlowchart.saving' },
            'error.dismiss': { target: 'editing', actions: 'clearError' },
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveFlowchart',
        input: ({ context }) => ({ quizId: context.quizId, chosenQuestions: context.chosenQuestions }),
        onDone: {
          target: 'ready.editing',
          actions: assign({
            quizId: ({ event }) => event.output.quizId,
            saved: ({ context }) => context.chosenQuestions,
            error: null,
          }),
        },
        onError: { target: 'ready.saveFailed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
