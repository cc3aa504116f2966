import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  isFlowchartDirty,
  quizFlowchartMachine,
  subQuestionIdsOf,
  type FlowchartQuestion,
  type QuizFlowchartEvent,
  type SaveFlowchartInput,
} from './quizFlowchart.machine';

const bank: FlowchartQuestion[] = [
  { id: 'weight', title: 'Qual é o seu peso hoje?', type: 'metrics', draft: false },
  {
    id: 'hunger',
    title: 'Como está sua fome?',
    type: 'multiple-choice',
    draft: false,
    alternatives: [
      { id: 'a1', label: 'Normal', subQuestionIds: [] },
      { id: 'a2', label: 'Aumentou', subQuestionIds: ['when', 'why'] },
    ],
  },
  { id: 'when', title: 'Em que horário?', type: 'free-field', draft: false },
  { id: 'why', title: 'Por quê?', type: 'free-field', draft: false },
  { id: 'sketch', title: 'Rascunho', type: 'free-field', draft: true },
];

function start(
  overrides: Partial<Parameters<typeof createActor<typeof quizFlowchartMachine>>[1]> = {},
  save = async (input: SaveFlowchartInput) => ({ quizId: input.quizId ?? 'quiz-1' }),
) {
  const machine = quizFlowchartMachine.provide({ actors: { saveFlowchart: fromPromise(({ input }) => save(input)) } });
  const actor = createActor(machine, { input: { questionsList: bank }, ...overrides });
  actor.start();
  return actor;
}

const ids = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.chosenQuestions.map((q) => q.id);

describe('quizFlowchartMachine', () => {
  it('adds questions from the bank in order, once each, and never a draft', () => {
    const actor = start();
    actor.send({ type: 'question.add', questionId: 'weight' });
    actor.send({ type: 'question.add', questionId: 'hunger' });
    actor.send({ type: 'question.add', questionId: 'weight' });
    actor.send({ type: 'question.add', questionId: 'sketch' });
    actor.send({ type: 'question.add', questionId: 'unknown' });
    expect(ids(actor)).toEqual(['weight', 'hunger']);
    expect(actor.getSnapshot().context.chosenQuestions[0]).toEqual({ id: 'weight', enabled: true, subquestions: [] });
  });

  it('reorders by drag (move to an index) and by keyboard (up/down), within bounds', () => {
    const actor = start();
    for (const id of ['weight', 'hunger', 'when']) actor.send({ type: 'question.add', questionId: id });
    actor.send({ type: 'question.move', questionId: 'when', toIndex: 0 });
    expect(ids(actor)).toEqual(['when', 'weight', 'hunger']);
    actor.send({ type: 'question.moveDown', questionId: 'when' });
    expect(ids(actor)).toEqual(['weight', 'when', 'hunger']);
    actor.send({ type: 'question.moveUp', questionId: 'weight' });
    actor.send({ type: 'question.moveDown', questionId: 'hunger' });
    expect(ids(actor)).toEqual(['weight', 'when', 'hunger']);
  });

  it('disables and enables a question within the quiz', () => {
    const actor = start();
    actor.send({ type: 'question.add', questionId: 'weight' });
    actor.send({ type: 'question.setEnabled', questionId: 'weight', enabled: false });
    expect(actor.getSnapshot().context.chosenQuestions[0]!.enabled).toBe(false);
    actor.send({ type: 'question.setEnabled', questionId: 'weight', enabled: true });
    expect(actor.getSnapshot().context.chosenQuestions[0]!.enabled).toBe(true);
  });

  it('chooses only sub-questions that an alternative of that question opens, in the alternatives order', () => {
    const actor = start();
    actor.send({ type: 'question.add', questionId: 'hunger' });
    actor.send({ type: 'subquestion.toggle', questionId: 'hunger', subquestionId: 'why' });
    actor.send({ type: 'subquestion.toggle', questionId: 'hunger', subquestionId: 'when' });
    actor.send({ type: 'subquestion.toggle', questionId: 'hunger', subquestionId: 'weight' });
    expect(actor.getSnapshot().context.chosenQuestions[0]!.subquestions).toEqual([{ id: 'when' }, { id: 'why' }]);
    actor.send({ type: 'subquestion.toggle', questionId: 'hunger', subquestionId: 'when' });
    expect(actor.getSnapshot().context.chosenQuestions[0]!.subquestions).toEqual([{ id: 'why' }]);
  });

  it('tracks unsaved changes, saves, and is clean afterwards with the new quiz id', async () => {
    const saved: SaveFlowchartInput[] = [];
    const actor = start({}, async (input) => {
      saved.push(input);
      return { quizId: 'quiz-9' };
    });
    expect(isFlowchartDirty(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'flowchart.save' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    actor.send({ type: 'question.add', questionId: 'weight' });
    expect(isFlowchartDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'flowchart.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }));
    expect(saved).toEqual([{ quizId: null, chosenQuestions: [{ id: 'weight', enabled: true, subquestions: [] }] }]);
    expect(actor.getSnapshot().context.quizId).toBe('quiz-9');
    expect(isFlowchartDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('keeps every edit when saving fails, and can retry', async () => {
    let fail = true;
    const actor = start({}, async () => {
      if (fail) throw new Error('UPDATE_QUESTIONS_ERROR');
      return { quizId: 'quiz-1' };
    });
    actor.send({ type: 'question.add', questionId: 'weight' });
    actor.send({ type: 'flowchart.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'saveFailed' }));
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    actor.send({ type: 'question.add', questionId: 'hunger' });
    expect(ids(actor)).toEqual(['weight', 'hunger']);
    fail = false;
    actor.send({ type: 'flowchart.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'editing' }));
    expect(isFlowchartDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('discards unsaved changes back to the last save', () => {
    const actor = createActor(quizFlowchartMachine, {
      input: { quizId: 'q', questionsList: bank, chosenQuestions: [{ id: 'weight', enabled: true, subquestions: [] }] },
    }).start();
    actor.send({ type: 'question.remove', questionId: 'weight' });
    expect(ids(actor)).toEqual([]);
    actor.send({ type: 'flowchart.discard' });
    expect(ids(actor)).toEqual(['weight']);
  });

  it('lists the sub-questions a question can open', () => {
    expect(subQuestionIdsOf(bank[1])).toEqual(['when', 'why']);
    expect(subQuestionIdsOf(bank[0])).toEqual([]);
  });
});

describe('quizFlowchartMachine — model-based paths', () => {
  // Every shortest path through the editor's reachable states (with a small bank), replayed on a
  // real actor: the flowchart never holds duplicates, drafts, or sub-questions of another question.
  const small = bank.slice(0, 3).concat(bank[4]!);
  const events: QuizFlowchartEvent[] = [
    { type: 'question.add', questionId: 'weight' },
    { type: 'question.add', questionId: 'hunger' },
    { type: 'question.add', questionId: 'sketch' },
    { type: 'question.remove', questionId: 'weight' },
    { type: 'question.moveUp', questionId: 'hunger' },
    { type: 'question.moveDown', questionId: 'weight' },
    { type: 'question.setEnabled', questionId: 'hunger', enabled: false },
    { type: 'question.setEnabled', questionId: 'hunger', enabled: true },
    { type: 'subquestion.toggle', questionId: 'hunger', subquestionId: 'when' },
    { type: 'subquestion.toggle', questionId: 'weight', subquestionId: 'when' },
    { type: 'flowchart.discard' },
  ];
  const paths = getShortestPaths(quizFlowchartMachine, { input: { questionsList: small }, events });

  it('explores a meaningful number of states', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p, i) => [i, p] as const))('path %i keeps the flowchart valid', (_i, path) => {
    const actor = createActor(quizFlowchartMachine, { input: { questionsList: small } }).start();
    for (const step of path.steps) actor.send(step.event as QuizFlowchartEvent);
    const { chosenQuestions } = actor.getSnapshot().context;
    const chosen = chosenQuestions.map((q) => q.id);
    expect(new Set(chosen).size).toBe(chosen.length);
    expect(chosen).not.toContain('sketch');
    for (const q of chosenQuestions) {
      const allowed = subQuestionIdsOf(small.find((b) => b.id === q.id));
      for (const s of q.subquestions) expect(allowed).toContain(s.id);
    }
    expect(actor.getSnapshot().context).toEqual(path.state.context);
  });
});
