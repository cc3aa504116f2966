import { describe, expect, it } from 'vitest';
import {
  answersInFlow,
  flowSteps,
  isCompleteAnswer,
  nextStep,
  openedSubQuestions,
  previousStep,
  progressOf,
  questionOf,
  sameValue,
  stepAfter,
  type SurveyAnswer,
  type SurveyQuestion,
} from './flow';

const mc: SurveyQuestion = {
  questionId: 'meals',
  type: 'multiple-choice',
  title: 'Quais refeições você fez?',
  description: null,
  image: null,
  config: {
    allowMultiple: true,
    alternatives: [
      { id: 'late', label: 'Ceia', order: 2 },
      { id: 'breakfast', label: 'Café da manhã', order: 0 },
      { id: 'lunch', label: 'Almoço', order: 1 },
    ],
  },
  subQuestions: [
    {
      questionId: 'late-what',
      alternativeId: 'late',
      type: 'free-field',
      title: 'O que comeu na ceia?',
      description: null,
      image: null,
      config: {},
    },
    {
      questionId: 'photo',
      alternativeId: 'lunch',
      type: 'file-upload',
      title: 'Foto do almoço',
      description: null,
      image: null,
      config: {},
    },
    {
      questionId: 'bf-what',
      alternativeId: 'breakfast',
      type: 'free-field',
      title: 'O que comeu no café?',
      description: null,
      image: null,
      config: {},
    },
    {
      questionId: 'photo',
      alternativeId: 'breakfast',
      type: 'file-upload',
      title: 'Foto',
      description: null,
      image: null,
      config: {},
    },
  ],
};
const weight: SurveyQuestion = {
  questionId: 'weight',
  type: 'metrics',
  title: 'Peso',
  description: null,
  image: null,
  config: { unit: 'kg' },
  subQuestions: [],
};

const choose = (...ids: string[]): SurveyAnswer => ({
  questionId: 'meals',
  parentQuestionId: null,
  value: { type: 'multiple-choice', alternativeIds: ids },
});

describe('survey flow rules', () => {
  it('opens the chosen alternatives’ sub-questions in the alternatives’ order, each once', () => {
    expect(openedSubQuestions(mc, ['late', 'breakfast', 'lunch']).map((s) => s.questionId)).toEqual([
      'bf-what',
      'photo',
      'late-what',
    ]);
    expect(openedSubQuestions(mc, ['lunch']).map((s) => s.questionId)).toEqual(['photo']);
    expect(openedSubQuestions(mc, [])).toEqual([]);
  });

  it('puts sub-questions right after their parent, and walks to the first unanswered step', () => {
    const answers = [choose('lunch', 'late')];
    expect(flowSteps([mc, weight], answers)).toEqual([
      { questionId: 'meals', parentQuestionId: null },
      { questionId: 'photo', parentQuestionId: 'meals' },
      { questionId: 'late-what', parentQuestionId: 'meals' },
      { questionId: 'weight', parentQuestionId: null },
    ]);
    expect(nextStep([mc, weight], answers)).toEqual({ questionId: 'photo', parentQuestionId: 'meals' });
    expect(questionOf([mc, weight], { questionId: 'photo', parentQuestionId: 'meals' })?.title).toBe('Foto do almoço');
  });

  it('is done (null) when every step has an answer', () => {
    const answers: SurveyAnswer[] = [
      choose('breakfast'),
      { questionId: 'weight', parentQuestionId: null, value: { type: 'metrics', value: 70 } },
    ];
    expect(nextStep([mc, weight], answers)).toEqual({ questionId: 'bf-what', parentQuestionId: 'meals' });
    answers.push(
      { questionId: 'bf-what', parentQuestionId: 'meals', value: { type: 'free-field', text: 'Pão' } },
      {
        questionId: 'photo',
        parentQuestionId: 'meals',
        value: { type: 'file-upload', files: [{ key: 'k', name: 'a.jpg', contentType: 'image/jpeg', size: 1 }] },
      },
    );
    expect(nextStep([mc, weight], answers)).toBeNull();
  });

  it('counts only the flow’s own questions: a sub-question keeps the number of the question that opened it', () => {
    const three = [mc, weight, { ...weight, questionId: 'sleep' }];
    const closed = progressOf(three, { questionId: 'weight', parentQuestionId: null });
    expect(closed).toEqual({ current: 2, total: 3, complement: false });
    // Opening sub-questions moves neither the number nor the total.
    expect(progressOf(three, { questionId: 'meals', parentQuestionId: null })).toEqual({
      current: 1,
      total: 3,
      complement: false,
    });
    expect(progressOf(three, { questionId: 'photo', parentQuestionId: 'meals' })).toEqual({
      current: 1,
      total: 3,
      complement: true,
    });
    expect(progressOf(three, { questionId: 'late-what', parentQuestionId: 'meals' })).toEqual({
      current: 1,
      total: 3,
      complement: true,
    });
    expect(progressOf(three, { questionId: 'sleep', parentQuestionId: null })).toEqual({
      current: 3,
      total: 3,
      complement: false,
    });
    // The review (no step): the end.
    expect(progressOf(three, null)).toEqual({ current: 3, total: 3, complement: false });
    expect(progressOf([], null)).toEqual({ current: 0, total: 0, complement: false });
  });

  it('walks back and forth between steps, and drops the sub-answers a changed answer no longer opens', () => {
    const weightAnswer: SurveyAnswer = {
      questionId: 'weight',
      parentQuestionId: null,
      value: { type: 'metrics', value: 70 },
    };
    const late: SurveyAnswer = {
      questionId: 'late-what',
      parentQuestionId: 'meals',
      value: { type: 'free-field', text: 'Chá' },
    };
    const answers = [choose('late'), late, weightAnswer];
    const w = { questionId: 'weight', parentQuestionId: null };
    expect(previousStep([mc, weight], answers, w)).toEqual({ questionId: 'late-what', parentQuestionId: 'meals' });
    expect(previousStep([mc, weight], answers, { questionId: 'meals', parentQuestionId: null })).toBeNull();
    // The review (no step) goes back to the last one.
    expect(previousStep([mc, weight], answers, null)).toEqual(w);
    expect(stepAfter([mc, weight], answers, { questionId: 'meals', parentQuestionId: null })).toEqual({
      questionId: 'late-what',
      parentQuestionId: 'meals',
    });
    expect(stepAfter([mc, weight], answers, w)).toBeNull();
    expect(answersInFlow([mc, weight], [choose('breakfast'), late, weightAnswer])).toEqual([
      choose('breakfast'),
      weightAnswer,
    ]);
    expect(answersInFlow([mc, weight], answers)).toEqual(answers);
  });

  it('tells an unchanged answer from a changed one, whatever the key order', () => {
    expect(
      sameValue(
        { type: 'likert-scale', levels: { a: '1', b: '2' } },
        { type: 'likert-scale', levels: { b: '2', a: '1' } },
      ),
    ).toBe(true);
    expect(sameValue({ type: 'metrics', value: 70 }, { type: 'metrics', value: 70.5 })).toBe(false);
    expect(sameValue(choose('late').value, choose('lunch').value)).toBe(false);
  });

  it.each([
    ['one alternative', mc, { type: 'multiple-choice', alternativeIds: ['late'] }, true],
    ['none', mc, { type: 'multiple-choice', alternativeIds: [] }, false],
    ['several when allowed', mc, { type: 'multiple-choice', alternativeIds: ['late', 'lunch'] }, true],
    [
      'several when not allowed',
      { ...mc, config: { allowMultiple: false } },
      { type: 'multiple-choice', alternativeIds: ['late', 'lunch'] },
      false,
    ],
    ['another type', mc, { type: 'metrics', value: 1 }, false],
    ['a number', weight, { type: 'metrics', value: 72.5 }, true],
    ['blank text', { ...weight, type: 'free-field' }, { type: 'free-field', text: '  ' }, false],
    [
      'every statement',
      { ...weight, type: 'likert-scale', config: { statements: [{ id: 's1' }, { id: 's2' }] } },
      { type: 'likert-scale', levels: { s1: '1' } },
      false,
    ],
    ['no file', { ...weight, type: 'file-upload' }, { type: 'file-upload', files: [] }, false],
  ] as const)('checks a complete answer: %s', (_name, question, value, ok) => {
    expect(isCompleteAnswer(question as SurveyQuestion, value as never)).toBe(ok);
  });
});
