import type {
  CreateQuestionData,
  FileContentType,
  Question,
  QuestionConfigInput,
  QuestionType,
} from '@acompanha/api-client';
import { createQuestionLimits } from '@acompanha/api-client';

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
const Q = createQuestionLimits;
/** The API's limits of a question (`createQuestionLimits`, generated from its document), as the editors use them. */
export const LIMITS = {
  title: Q.title.maxLength,
  acronym: Q.acronym.maxLength,
  description: Q.description.maxLength,
  alternatives: {
    min: Q['config.alternatives'].minItems,
    max: Q['config.alternatives'].maxItems,
    label: Q['config.alternatives[].label'].maxLength,
    subQuestions: Q['config.alternatives[].subQuestionIds'].maxItems,
  },
  scaleLabel: Q['config.minLabel'].maxLength,
  statements: {
    min: Q['config.statements'].minItems,
    max: Q['config.statements'].maxItems,
    text: Q['config.statements[].text'].maxLength,
  },
  levels: {
    min: Q['config.levels'].minItems,
    max: Q['config.levels'].maxItems,
    label: Q['config.levels[].label'].maxLength,
  },
  maxLength: { min: Q['config.maxLength'].minimum, max: Q['config.maxLength'].maximum },
  maxSizeMb: { min: Q['config.maxSizeMb'].minimum, max: Q['config.maxSizeMb'].maximum },
  unit: Q['config.unit'].maxLength,
  decimals: { min: Q['config.decimals'].minimum, max: Q['config.decimals'].maximum },
  bound: { min: Q['config.min'].minimum, max: Q['config.max'].maximum },
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

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
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
