import type {
  CreateQuestionData,
  FileContentType,
  Question,
  QuestionConfigInput,
  QuestionType,
} from '@acompanha/api-client';

/*
 * The editor's working copy of a question. Every type keeps its own configuration, so switching
 * the type back and forth loses nothing; only the chosen type's configuration is sent. Numbers the
 * person may leave empty are `null` here and left out (or refused) when the body is built.
 */

export interface AlternativeDraft {
  id: string;
  label: string;
  subQuestionIds: string[];
}

export interface ConfigDrafts {
  'multiple-choice': { allowMultiple: boolean; alternatives: AlternativeDraft[] };
  'linear-scale': { min: 0 | 1; max: number | null; minLabel: string; maxLabel: string };
  'likert-scale': { statements: { id: string; text: string }[]; levels: { id: string; label: string }[] };
  'free-field': { multiline: boolean; maxLength: number | null };
  'file-upload': { acceptedTypes: FileContentType[]; maxSizeMb: number | null };
  /** `unit` is one of METRIC_UNITS or OTHER_UNIT, then `customUnit` is the text. */
  metrics: { unit: string; customUnit: string; decimals: number | null; min: number | null; max: number | null };
}

export interface BuilderState {
  title: string;
  description: string;
  acronym: string;
  categoryId: string | null;
  type: QuestionType;
  image: string | null;
  configs: ConfigDrafts;
}

/** Field path (as the API reports it, dot-joined: `config.alternatives.1.label`) → message. */
export type FieldErrors = Record<string, string>;

export const METRIC_UNITS = ['kg', 'cm', '%', 'mg/dL', 'L', 'mL', 'kcal', 'bpm', 'mmHg', 'h', 'passos'] as const;
export const OTHER_UNIT = 'outra';

export const FILE_TYPE_LABELS: Record<FileContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
};
export const FILE_TYPES = Object.keys(FILE_TYPE_LABELS) as FileContentType[];

export const DEFAULT_LIKERT_LEVELS = ['Discordo totalmente', 'Discordo', 'Neutro', 'Concordo', 'Concordo totalmente'];

/** Limits of the API's schemas (apps/api/src/question/schemas.ts). */
export const LIMITS = {
  title: 300,
  acronym: 20,
  description: 2000,
  alternatives: { min: 2, max: 20, label: 200, subQuestions: 10 },
  scaleLabel: 60,
  statements: { min: 1, max: 20, text: 300 },
  levels: { min: 3, max: 7, label: 60 },
  maxLength: { min: 1, max: 5000 },
  maxSizeMb: { min: 1, max: 20 },
  unit: 12,
  decimals: { min: 0, max: 3 },
} as const;

export const newId = () => crypto.randomUUID();

export function defaultConfigs(): ConfigDrafts {
  return {
    'multiple-choice': {
      allowMultiple: false,
      alternatives: [
        { id: newId(), label: '', subQuestionIds: [] },
        { id: newId(), label: '', subQuestionIds: [] },
      ],
    },
    'linear-scale': { min: 1, max: 5, minLabel: '', maxLabel: '' },
    'likert-scale': {
      statements: [{ id: newId(), text: '' }],
      levels: DEFAULT_LIKERT_LEVELS.map((label) => ({ id: newId(), label })),
    },
    'free-field': { multiline: false, maxLength: 500 },
    'file-upload': { acceptedTypes: ['image/jpeg', 'image/png', 'application/pdf'], maxSizeMb: 10 },
    metrics: { unit: 'kg', customUnit: '', decimals: 1, min: null, max: null },
  };
}

export function emptyState(): BuilderState {
  return {
    title: '',
    description: '',
    acronym: '',
    categoryId: null,
    type: 'multiple-choice',
    image: null,
    configs: defaultConfigs(),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback: number | null) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : null);

/** The question's own configuration over the defaults (a draft may hold an incomplete one). */
function configsOf(type: QuestionType, raw: unknown): ConfigDrafts {
  const configs = defaultConfigs();
  const c = isRecord(raw) ? raw : {};
  switch (type) {
    case 'multiple-choice': {
      const alternatives = list(c.alternatives);
      configs[type] = {
        allowMultiple: c.allowMultiple === true,
        alternatives: alternatives
          ? [...alternatives]
              .sort((a, b) => num(a.order, 0)! - num(b.order, 0)!)
              .map((a) => ({
                id: str(a.id) || newId(),
                label: str(a.label),
                subQuestionIds: Array.isArray(a.subQuestionIds)
                  ? a.subQuestionIds.filter((s): s is string => typeof s === 'string')
                  : [],
              }))
          : configs[type].alternatives,
      };
      break;
    }
    case 'linear-scale':
      configs[type] = {
        min: c.min === 0 ? 0 : 1,
        max: num(c.max, configs[type].max),
        minLabel: str(c.minLabel),
        maxLabel: str(c.maxLabel),
      };
      break;
    case 'likert-scale': {
      const statements = list(c.statements);
      const levels = list(c.levels);
      configs[type] = {
        statements: statements
          ? statements.map((s) => ({ id: str(s.id) || newId(), text: str(s.text) }))
          : configs[type].statements,
        levels: levels ? levels.map((l) => ({ id: str(l.id) || newId(), label: str(l.label) })) : configs[type].levels,
      };
      break;
    }
    case 'free-field':
      configs[type] = { multiline: c.multiline === true, maxLength: num(c.maxLength, 500) };
      break;
    case 'file-upload':
      configs[type] = {
        acceptedTypes: Array.isArray(c.acceptedTypes)
          ? c.acceptedTypes.filter((t): t is FileContentType => FILE_TYPES.includes(t as FileContentType))
          : configs[type].acceptedTypes,
        maxSizeMb: num(c.maxSizeMb, 10),
      };
      break;
    case 'metrics': {
      const unit = str(c.unit, 'kg');
      const known = (METRIC_UNITS as readonly string[]).includes(unit);
      configs[type] = {
        unit: known ? unit : OTHER_UNIT,
        customUnit: known ? '' : unit,
        decimals: num(c.decimals, 1),
        min: num(c.min, null),
        max: num(c.max, null),
      };
      break;
    }
  }
  return configs;
}

export function stateFromQuestion(q: Question): BuilderState {
  return {
    title: q.title,
    description: q.description ?? '',
    acronym: q.acronym ?? '',
    categoryId: q.categoryId,
    type: q.type,
    image: q.image,
    configs: configsOf(q.type, q.config),
  };
}

/** The chosen type's configuration as the API expects it. */
export function configBody(state: BuilderState): QuestionConfigInput {
  switch (state.type) {
    case 'multiple-choice': {
      const c = state.configs[state.type];
      return {
        allowMultiple: c.allowMultiple,
        alternatives: c.alternatives.map((a, order) => ({
          id: a.id,
          label: a.label.trim(),
          order,
          subQuestionIds: a.subQuestionIds,
        })),
      };
    }
    case 'linear-scale': {
      const c = state.configs[state.type];
      return {
        min: c.min,
        max: c.max ?? 0,
        ...(c.minLabel.trim() ? { minLabel: c.minLabel.trim() } : {}),
        ...(c.maxLabel.trim() ? { maxLabel: c.maxLabel.trim() } : {}),
      };
    }
    case 'likert-scale': {
      const c = state.configs[state.type];
      return {
        statements: c.statements.map((s) => ({ id: s.id, text: s.text.trim() })),
        levels: c.levels.map((l) => ({ id: l.id, label: l.label.trim() })),
      };
    }
    case 'free-field': {
      const c = state.configs[state.type];
      return { multiline: c.multiline, maxLength: c.maxLength ?? 0 };
    }
    case 'file-upload': {
      const c = state.configs[state.type];
      return { acceptedTypes: c.acceptedTypes, maxSizeMb: c.maxSizeMb ?? 0 };
    }
    case 'metrics': {
      const c = state.configs[state.type];
      return {
        unit: unitOf(c),
        decimals: c.decimals ?? 0,
        ...(c.min !== null ? { min: c.min } : {}),
        ...(c.max !== null ? { max: c.max } : {}),
      };
    }
  }
}

export function unitOf(c: ConfigDrafts['metrics']): string {
  return c.unit === OTHER_UNIT ? c.customUnit.trim() : c.unit;
}

/** The body of `POST /question` (and of `PUT /question/{id}`, which takes the same fields). */
export function questionBody(state: BuilderState, draft: boolean): CreateQuestionData['body'] {
  return {
    draft,
    title: state.title.trim(),
    description: state.description.trim() || null,
    acronym: state.acronym.trim() || null,
    categoryId: state.categoryId ?? '',
    type: state.type,
    image: state.image,
    config: configBody(state),
  };
}

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
