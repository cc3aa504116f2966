import type { SurveyAnswerValue } from '@acompanha/machines';
import { emptyFileDraft, type FileDraft } from './fileDraft';

/** The answer being given to one question, before it is sent. */
export type Draft = {
  choice: string[];
  scale: number | null;
  likert: Record<string, string>;
  text: string;
  file: FileDraft;
  metric: number | null;
};

export const emptyDraft: Draft = { choice: [], scale: null, likert: {}, text: '', file: emptyFileDraft, metric: null };

const isStringRecord = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** A kept draft back, field by field, whatever the storage held (a file is never kept: it must be picked again). */
export function restoreDraft(kept: Record<string, unknown> | null): Draft {
  if (!kept) return emptyDraft;
  const { choice, scale, likert, text, metric } = kept;
  return {
    choice: Array.isArray(choice) && choice.every((x) => typeof x === 'string') ? choice : [],
    scale: typeof scale === 'number' && Number.isFinite(scale) ? scale : null,
    likert: isStringRecord(likert) ? likert : {},
    text: typeof text === 'string' ? text : '',
    file: emptyFileDraft,
    metric: typeof metric === 'number' && Number.isFinite(metric) ? metric : null,
  };
}

/** What is worth keeping of a draft: nothing when nothing was given (a picked file is not kept). */
export function keptDraft({ file: _file, ...rest }: Draft): Omit<Draft, 'file'> | null {
  const given =
    rest.choice.length > 0 ||
    rest.scale !== null ||
    Object.keys(rest.likert).length > 0 ||
    rest.text !== '' ||
    rest.metric !== null;
  return given ? rest : null;
}

/** The question a draft belongs to (a sub-question is told apart by its parent). */
export const draftStepOf = (q: { parentQuestionId?: string | null; questionId: string }) =>
  `${q.parentQuestionId ?? ''}/${q.questionId}`;

/** The draft of an answer given before (going back or "Alterar"): the saved answer, shown as it was given. */
export function draftOfValue(value: SurveyAnswerValue | null | undefined): Draft {
  if (!value) return emptyDraft;
  switch (value.type) {
    case 'multiple-choice':
      return { ...emptyDraft, choice: value.alternativeIds };
    case 'linear-scale':
      return { ...emptyDraft, scale: value.value };
    case 'likert-scale':
      return { ...emptyDraft, likert: value.levels };
    case 'free-field':
      return { ...emptyDraft, text: value.text };
    case 'metrics':
      return { ...emptyDraft, metric: value.value };
    case 'file-upload': {
      const first = value.files[0];
      return first
        ? {
            ...emptyDraft,
            file: {
              file: { name: first.name, size: first.size, type: first.contentType },
              uploaded: first,
              progress: 100,
            },
          }
        : emptyDraft;
    }
  }
}
