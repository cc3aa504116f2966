import { describe, expect, it } from 'vitest';
import {
  flowSteps,
  isCompleteAnswer,
  nextStep,
  openedSubQuestions,
  progressOf,
  questionOf,
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
    expect(progressOf([mc, weight], answers, nextStep([mc, weight], answers))).toEqual({ current: 2, total: 4 });
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
