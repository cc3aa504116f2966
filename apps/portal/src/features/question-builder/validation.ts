/** The question builder's checks (the API's limits, before it is asked) and the API's own field errors. */
import type { QuestionType } from '@acompanha/api-client';
import { type BuilderState, type FieldErrors, isRecord, LIMITS, str, unitOf } from './builderState';

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

/**
 * The API's validation, on the client, in Portuguese. A draft only needs what every question
 * needs (title and category, the API refuses a question without a category); publishing checks
 * the whole configuration of the chosen type.
 */
export function validate(state: BuilderState, { draft }: { draft: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  const title = state.title.trim();
  if (!title) errors.title = 'Informe o título.';
  else if (title.length > LIMITS.title) errors.title = tooLong(LIMITS.title);
  if (state.acronym.trim().length > LIMITS.acronym) errors.acronym = tooLong(LIMITS.acronym);
  if (state.description.trim().length > LIMITS.description) errors.description = tooLong(LIMITS.description);
  if (!state.categoryId) errors.categoryId = 'Escolha uma categoria.';
  if (draft) return errors;

  switch (state.type) {
    case 'multiple-choice': {
      const { alternatives } = state.configs[state.type];
      if (alternatives.length < LIMITS.alternatives.min)
        errors['config.alternatives'] = 'Informe pelo menos 2 alternativas.';
      if (alternatives.length > LIMITS.alternatives.max) errors['config.alternatives'] = 'No máximo 20 alternativas.';
      const seen = new Set<string>();
      alternatives.forEach((a, i) => {
        const label = a.label.trim();
        const path = `config.alternatives.${i}.label`;
        const key = label.toLocaleLowerCase('pt-BR');
        if (!label) errors[path] = 'Informe o texto.';
        else if (label.length > LIMITS.alternatives.label) errors[path] = tooLong(LIMITS.alternatives.label);
        else if (seen.has(key)) errors[path] = 'Alternativas repetidas.';
        seen.add(key);
        if (a.subQuestionIds.length > LIMITS.alternatives.subQuestions) {
          errors[`config.alternatives.${i}.subQuestionIds`] = 'No máximo 10 perguntas complementares.';
        }
      });
      break;
    }
    case 'linear-scale': {
      const c = state.configs[state.type];
      if (c.max === null || !Number.isInteger(c.max) || c.max < 2 || c.max > 10)
        errors['config.max'] = 'O máximo deve ser um número inteiro de 2 a 10.';
      else if (c.max <= c.min) errors['config.max'] = 'O máximo deve ser maior que o mínimo.';
      if (c.minLabel.trim().length > LIMITS.scaleLabel) errors['config.minLabel'] = tooLong(LIMITS.scaleLabel);
      if (c.maxLabel.trim().length > LIMITS.scaleLabel) errors['config.maxLabel'] = tooLong(LIMITS.scaleLabel);
      break;
    }
    case 'likert-scale': {
      const c = state.configs[state.type];
      if (c.statements.length < LIMITS.statements.min) errors['config.statements'] = 'Informe pelo menos 1 afirmação.';
      if (c.statements.length > LIMITS.statements.max) errors['config.statements'] = 'No máximo 20 afirmações.';
      c.statements.forEach((s, i) => {
        const text = s.text.trim();
        if (!text) errors[`config.statements.${i}.text`] = 'Informe o texto.';
        else if (text.length > LIMITS.statements.text)
          errors[`config.statements.${i}.text`] = tooLong(LIMITS.statements.text);
      });
      if (c.levels.length < LIMITS.levels.min || c.levels.length > LIMITS.levels.max)
        errors['config.levels'] = 'Use de 3 a 7 níveis.';
      c.levels.forEach((l, i) => {
        const label = l.label.trim();
        if (!label) errors[`config.levels.${i}.label`] = 'Informe o texto.';
        else if (label.length > LIMITS.levels.label) errors[`config.levels.${i}.label`] = tooLong(LIMITS.levels.label);
      });
      break;
    }
    case 'free-field': {
      const { maxLength } = state.configs[state.type];
      if (
        maxLength === null ||
        !Number.isInteger(maxLength) ||
        maxLength < LIMITS.maxLength.min ||
        maxLength > LIMITS.maxLength.max
      ) {
        errors['config.maxLength'] = 'Informe um número inteiro de 1 a 5.000.';
      }
      break;
    }
    case 'file-upload': {
      const c = state.configs[state.type];
      if (c.acceptedTypes.length === 0) errors['config.acceptedTypes'] = 'Escolha pelo menos um tipo de arquivo.';
      if (
        c.maxSizeMb === null ||
        !Number.isInteger(c.maxSizeMb) ||
        c.maxSizeMb < LIMITS.maxSizeMb.min ||
        c.maxSizeMb > LIMITS.maxSizeMb.max
      ) {
        errors['config.maxSizeMb'] = 'Informe um tamanho de 1 a 20 MB.';
      }
      break;
    }
    case 'metrics': {
      const c = state.configs[state.type];
      const unit = unitOf(c);
      if (!unit) errors['config.unit'] = 'Informe a unidade.';
      else if (unit.length > LIMITS.unit) errors['config.unit'] = tooLong(LIMITS.unit);
      if (c.decimals === null || !Number.isInteger(c.decimals) || c.decimals < 0 || c.decimals > 3)
        errors['config.decimals'] = 'Use de 0 a 3 casas decimais.';
      if (c.min !== null && c.max !== null && c.min >= c.max)
        errors['config.max'] = 'O máximo deve ser maior que o mínimo.';
      break;
    }
  }
  return errors;
}

/** `WRONG_COMMAND_PARAMETERS` details (`[{ path, message }]`) keyed like the client's errors. */
export function serverFieldErrors(details: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(details)) return out;
  for (const issue of details) {
    if (!isRecord(issue) || !Array.isArray(issue.path)) continue;
    const key = issue.path.map(String).join('.');
    // A sub-question's problem is shown on its alternative's picker.
    const picker = /^(config\.alternatives\.\d+\.subQuestionIds)\.\d+$/.exec(key);
    const target = picker ? picker[1]! : key || 'config';
    if (!out[target]) out[target] = str(issue.message, 'Valor inválido.');
  }
  return out;
}

/** Fields the editor shows an error on; anything else is listed above the form. */
const SHOWN = new RegExp(
  '^(title|description|acronym|categoryId|type|image|config\\.(' +
    [
      'allowMultiple',
      'alternatives(\\.\\d+\\.(label|subQuestionIds))?',
      'min',
      'max',
      'minLabel',
      'maxLabel',
      'statements(\\.\\d+\\.text)?',
      'levels(\\.\\d+\\.label)?',
      'multiline',
      'maxLength',
      'acceptedTypes',
      'maxSizeMb',
      'unit',
      'decimals',
    ].join('|') +
    '))$',
);

export function unshownErrors(errors: FieldErrors, type: QuestionType): string[] {
  return Object.entries(errors)
    .filter(([path]) => !SHOWN.test(path) || (path.startsWith('config.') && !belongsTo(path, type)))
    .map(([, message]) => message);
}

const TYPE_FIELDS: Record<QuestionType, string[]> = {
  'multiple-choice': ['allowMultiple', 'alternatives'],
  'linear-scale': ['min', 'max', 'minLabel', 'maxLabel'],
  'likert-scale': ['statements', 'levels'],
  'free-field': ['multiline', 'maxLength'],
  'file-upload': ['acceptedTypes', 'maxSizeMb'],
  metrics: ['unit', 'decimals', 'min', 'max'],
};

function belongsTo(path: string, type: QuestionType) {
  const field = path.split('.')[1] ?? '';
  return TYPE_FIELDS[type].includes(field);
}

/** Drops the errors of one field (and of its items) once the person changes it. */
export function withoutErrors(errors: FieldErrors, prefix: string): FieldErrors {
  const keys = Object.keys(errors).filter((k) => k === prefix || k.startsWith(`${prefix}.`));
  if (keys.length === 0) return errors;
  const next = { ...errors };
  for (const k of keys) delete next[k];
  return next;
}
