import { describe, expect, it } from 'vitest';
import type { Question } from '@acompanha/api-client';
import { emptyState, questionBody, stateFromQuestion, type BuilderState } from './builderState';
import { serverFieldErrors, unshownErrors, validate } from './validation';

function filled(patch: (s: BuilderState) => void = () => undefined): BuilderState {
  const s = emptyState();
  s.title = 'Você dorme bem?';
  s.categoryId = '0b6f1f5e-1c2d-4e3f-8a9b-0c1d2e3f4a03';
  s.configs['multiple-choice'].alternatives[0]!.label = 'Sim';
  s.configs['multiple-choice'].alternatives[1]!.label = 'Não';
  patch(s);
  return s;
}

describe('validate', () => {
  it('accepts a complete multiple-choice question', () => {
    expect(validate(filled(), { draft: false })).toEqual({});
  });

  it('asks a draft only for title and category', () => {
    const s = emptyState();
    expect(validate(s, { draft: true })).toEqual({ title: 'Informe o título.', categoryId: 'Escolha uma categoria.' });
    s.title = 'Rascunho';
    s.categoryId = 'c';
    expect(validate(s, { draft: true })).toEqual({});
  });

  it.each<[string, (s: BuilderState) => void, Record<string, string>]>([
    [
      'repeated alternatives, ignoring case',
      (s) => (s.configs['multiple-choice'].alternatives[1]!.label = ' sim '),
      { 'config.alternatives.1.label': 'Alternativas repetidas.' },
    ],
    [
      'fewer than 2 alternatives',
      (s) => s.configs['multiple-choice'].alternatives.pop(),
      { 'config.alternatives': 'Informe pelo menos 2 alternativas.' },
    ],
    [
      'a linear scale ending below 2',
      (s) => ((s.type = 'linear-scale'), (s.configs['linear-scale'].max = 1)),
      { 'config.max': 'O máximo deve ser um número inteiro de 2 a 10.' },
    ],
    [
      'a likert scale with 2 levels',
      (s) => (
        (s.type = 'likert-scale'),
        (s.configs['likert-scale'].statements[0]!.text = 'Como frutas.'),
        s.configs['likert-scale'].levels.splice(2)
      ),
      { 'config.levels': 'Use de 3 a 7 níveis.' },
    ],
    [
      'a free field over 5000 characters',
      (s) => ((s.type = 'free-field'), (s.configs['free-field'].maxLength = 5001)),
      { 'config.maxLength': 'Informe um número inteiro de 1 a 5.000.' },
    ],
    [
      'a file upload with no type',
      (s) => ((s.type = 'file-upload'), (s.configs['file-upload'].acceptedTypes = [])),
      { 'config.acceptedTypes': 'Escolha pelo menos um tipo de arquivo.' },
    ],
    [
      'a custom unit over 12 characters',
      (s) => (
        (s.type = 'metrics'),
        (s.configs.metrics.unit = 'outra'),
        (s.configs.metrics.customUnit = 'centímetros cúbicos')
      ),
      { 'config.unit': 'Use no máximo 12 caracteres.' },
    ],
    [
      'metric bounds out of order',
      (s) => ((s.type = 'metrics'), (s.configs.metrics.min = 10), (s.configs.metrics.max = 10)),
      { 'config.max': 'O máximo deve ser maior que o mínimo.' },
    ],
  ])('refuses %s', (_, patch, expected) => {
    expect(validate(filled(patch), { draft: false })).toEqual(expected);
  });
});

describe('questionBody', () => {
  it('sends the chosen type’s configuration in the API’s shape, ordered', () => {
    const s = filled((x) => {
      x.type = 'metrics';
      x.configs.metrics.unit = 'outra';
      x.configs.metrics.customUnit = ' pol ';
      x.configs.metrics.max = 80;
    });
    expect(questionBody(s, false)).toMatchObject({
      draft: false,
      type: 'metrics',
      description: null,
      acronym: null,
      config: { unit: 'pol', decimals: 1, max: 80 },
    });
    expect(questionBody(s, false).config).not.toHaveProperty('min');
    const mc = questionBody(filled(), true).config as { alternatives: { label: string; order: number }[] };
    expect(mc.alternatives.map((a) => [a.label, a.order])).toEqual([
      ['Sim', 0],
      ['Não', 1],
    ]);
  });

  it('reads a draft’s incomplete configuration over the defaults', () => {
    const s = stateFromQuestion({
      title: 'T',
      type: 'linear-scale',
      config: { max: 7 },
      categoryId: 'c',
      description: null,
      acronym: null,
      image: null,
    } as Question);
    expect(s.configs['linear-scale']).toEqual({ min: 1, max: 7, minLabel: '', maxLabel: '' });
  });
});

describe('server errors', () => {
  it('keys issues by their dotted path and puts sub-question issues on the picker', () => {
    const errors = serverFieldErrors([
      { path: ['config', 'alternatives', '1', 'label'], message: 'Alternativas repetidas.' },
      { path: ['config', 'alternatives', '0', 'subQuestionIds', '2'], message: 'Sub-pergunta não encontrada.' },
      { path: ['config', 'alternatives', '0', 'id'], message: 'Id de alternativa repetido.' },
    ]);
    expect(errors).toEqual({
      'config.alternatives.1.label': 'Alternativas repetidas.',
      'config.alternatives.0.subQuestionIds': 'Sub-pergunta não encontrada.',
      'config.alternatives.0.id': 'Id de alternativa repetido.',
    });
    // An issue no field shows is listed above the form.
    expect(unshownErrors(errors, 'multiple-choice')).toEqual(['Id de alternativa repetido.']);
  });
});
