/** The answers mock's state, and its revisions rendered as the API renders answers in pt-BR. */
import type {
  AnswerRevision,
  AnswerRevisionDetail,
  AnswerValue,
  LikertScaleConfig,
  MetricsConfig,
  MultipleChoiceConfig,
  QuestionConfig,
  RevisionAnswer,
  RevisionFile,
  RevisionSubAnswer,
} from '../gen/types.gen';
import { professionalFixture } from './fixtures';
import { setScheduleAnswersSource } from './scheduling-fixtures';
import {
  buildRevisions,
  INITIAL,
  ORDER,
  Q,
  QUESTIONS,
  WEEKLY,
  type RawAnswers,
  type StoredRevision,
} from './answer-fixtures';

// ——— State ———

export const state = { revisions: [] as StoredRevision[] };

// The schedules list says how many answers each schedule has, from this state.
setScheduleAnswersSource((scheduleId) => {
  const of = state.revisions.filter((r) => r.quizScheduleId === scheduleId);
  return { total: of.length, pending: of.filter((r) => r.status === 'pending').length };
});

/** Back to the fixtures (call in each story's `beforeEach`). */
export function resetAnswersState() {
  state.revisions = structuredClone(buildRevisions());
}
resetAnswersState();

/** The revisions as the handlers hold them now (stories assert on what changed). */
export function answerRevisionsState(): AnswerRevision[] {
  return state.revisions.map(toItem);
}

// ——— Rendering (as the API renders answers in pt-BR) ———

const number = (value: number, decimals: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

const fileUrl = (key: string) => `/api/file/${key}`;

export function valueOf(key: keyof typeof QUESTIONS, raw: RawAnswers): AnswerValue | null {
  switch (key) {
    case 'craving':
      return raw.craving ? { type: 'multiple-choice', alternativeIds: [raw.craving] } : null;
    case 'cravingFood':
      return raw.cravingFood !== undefined ? { type: 'free-field', text: raw.cravingFood } : null;
    case 'weight':
      return raw.weight !== undefined ? { type: 'metrics', value: raw.weight } : null;
    case 'waist':
      return raw.waist !== undefined ? { type: 'metrics', value: raw.waist } : null;
    case 'sleep':
      return raw.sleep !== undefined ? { type: 'linear-scale', value: raw.sleep } : null;
    case 'likert':
      return raw.likert ? { type: 'likert-scale', levels: { s1: raw.likert[0], s2: raw.likert[1] } } : null;
    case 'week':
      return raw.week !== undefined ? { type: 'free-field', text: raw.week } : null;
    case 'photos':
      return raw.photos?.length ? { type: 'file-upload', files: raw.photos } : null;
  }
}

export function display(value: AnswerValue, config: QuestionConfig): string {
  switch (value.type) {
    case 'multiple-choice': {
      const alts = (config as MultipleChoiceConfig).alternatives;
      return value.alternativeIds.map((id) => alts.find((a) => a.id === id)?.label ?? id).join('; ');
    }
    case 'linear-scale':
      return number(value.value, 0);
    case 'likert-scale': {
      const c = config as LikertScaleConfig;
      return c.statements
        .filter((s) => s.id in value.levels)
        .map(
          (s) =>
            `${s.text.replace(/[.:;\s]+$/, '')}: ${c.levels.find((l) => l.id === value.levels[s.id])?.label ?? value.levels[s.id]}`,
        )
        .join('; ');
    }
    case 'free-field':
      return value.text;
    case 'file-upload':
      return value.files.map((f) => `${f.name} (${fileUrl(f.key)})`).join('; ');
    case 'metrics': {
      const c = config as MetricsConfig;
      return `${number(value.value, c.decimals)} ${c.unit}`;
    }
  }
}

const canonical = (v: AnswerValue) =>
  JSON.stringify(v.type === 'multiple-choice' ? { ...v, alternativeIds: [...v.alternativeIds].sort() } : v);
const filesOf = (v: AnswerValue): RevisionFile[] =>
  v.type === 'file-upload' ? v.files.map((f) => ({ ...f, url: fileUrl(f.key) })) : [];

export function toItem(r: StoredRevision): AnswerRevision {
  const { answers: _a, notes, ...rest } = r;
  return { ...rest, noteCount: notes.length };
}

/** The same patient's answers to the same quiz, oldest first. */
const siblingsOf = (r: StoredRevision) =>
  state.revisions
    .filter((x) => x.patientId === r.patientId && x.quizId === r.quizId)
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));

function previousOf(r: StoredRevision, key: keyof typeof QUESTIONS) {
  const earlier = siblingsOf(r).filter((x) => x.finishedAt < r.finishedAt);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const prev = earlier[i]!;
    const v = valueOf(key, prev.answers);
    if (v) {
      return {
        quizAnswerId: prev.quizAnswerId,
        revisionId: prev.id,
        finishedAt: prev.finishedAt,
        value: v,
        display: display(v, QUESTIONS[key].config),
        files: filesOf(v),
      };
    }
  }
  return null;
}

function answerOf(r: StoredRevision, key: keyof typeof QUESTIONS, at: string) {
  const value = valueOf(key, r.answers);
  if (!value) return null;
  const q = QUESTIONS[key];
  const previous = previousOf(r, key);
  return {
    ...q,
    value,
    display: display(value, q.config),
    files: filesOf(value),
    answeredAt: at,
    previous,
    changed: previous ? canonical(previous.value) !== canonical(value) : null,
  };
}

export function detailOf(r: StoredRevision): AnswerRevisionDetail {
  const answers: RevisionAnswer[] = [];
  ORDER.forEach((key, i) => {
    const at = new Date(Date.parse(r.finishedAt) - (ORDER.length - i) * 40_000).toISOString();
    const a = answerOf(r, key, at);
    if (!a) return;
    const subAnswers: RevisionSubAnswer[] = [];
    if (key === 'craving' && r.answers.craving === 'sim') {
      const sub = answerOf(r, 'cravingFood', at);
      if (sub) subAnswers.push({ ...sub, parentQuestionId: Q.craving, alternativeId: 'sim' });
    }
    answers.push({ ...a, subAnswers });
  });
  const siblings = siblingsOf(r);
  const at = siblings.findIndex((x) => x.id === r.id);
  return {
    ...toItem(r),
    professionalName: professionalFixture.name,
    quizDescription: r.quizId === WEEKLY.id ? (WEEKLY.description ?? null) : (INITIAL.description ?? null),
    answers,
    notes: [...r.notes].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    previousRevisionId: siblings[at - 1]?.id ?? null,
    nextRevisionId: siblings[at + 1]?.id ?? null,
  };
}
