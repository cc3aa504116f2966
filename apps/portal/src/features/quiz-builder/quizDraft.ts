import type { ChosenQuestion, MultipleChoiceConfig, Question, QuizDetail } from '@acompanha/api-client';
import type { FlowchartQuestion } from '@acompanha/machines';

/** The cover (folder) as the form edits it: empty strings instead of nulls. */
export interface FolderDraft {
  title: string;
  image: string;
  subtitle: string;
  quizTitle: string;
  titlesColor: string;
  buttonTitle: string;
  buttonBackground: string;
  buttonText: string;
}

/** Everything of the quiz outside the flowchart (the machine owns the flowchart). */
export interface QuizMetaDraft {
  title: string;
  description: string;
  /** null: the professional's default appearance. */
  appearanceId: string | null;
  folder: FolderDraft;
}

export const DEFAULT_BUTTON_TITLE = 'Começar';

export function metaFromQuiz(quiz: QuizDetail | null): QuizMetaDraft {
  const f = quiz?.folder;
  return {
    title: quiz?.title ?? '',
    description: quiz?.description ?? '',
    appearanceId: quiz?.appearanceId ?? null,
    folder: {
      title: f?.title ?? '',
      image: f?.image ?? '',
      subtitle: f?.subtitle ?? '',
      quizTitle: f?.quizTitle ?? '',
      titlesColor: f?.titlesColor ?? '',
      buttonTitle: f?.buttonTitle ?? DEFAULT_BUTTON_TITLE,
      buttonBackground: f?.buttonColors.background ?? '',
      buttonText: f?.buttonColors.text ?? '',
    },
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The API's quiz body (create or update) for the form's values. */
export function metaToBody(meta: QuizMetaDraft) {
  const f = meta.folder;
  return {
    title: meta.title.trim(),
    description: orNull(meta.description),
    appearanceId: meta.appearanceId,
    folder: {
      title: orNull(f.title),
      image: orNull(f.image),
      subtitle: orNull(f.subtitle),
      quizTitle: orNull(f.quizTitle),
      titlesColor: orNull(f.titlesColor),
      buttonTitle: orNull(f.buttonTitle) ?? DEFAULT_BUTTON_TITLE,
      buttonColors: { background: orNull(f.buttonBackground), text: orNull(f.buttonText) },
    },
  };
}

export const sameMeta = (a: QuizMetaDraft, b: QuizMetaDraft) => JSON.stringify(a) === JSON.stringify(b);

/** The API accepts `#rgb`, `#rrggbb` and `#rrggbbaa`. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const isValidHex = (value: string) => !value.trim() || HEX_COLOR.test(value.trim());

/** Every colour field of the cover is valid (empty means: use the appearance's colour). */
export function folderColorsValid(folder: FolderDraft) {
  return [folder.titlesColor, folder.buttonBackground, folder.buttonText].every(isValidHex);
}

export function alternativesOf(question: Question | undefined): MultipleChoiceConfig['alternatives'] {
  if (!question || question.type !== 'multiple-choice') return [];
  const alternatives = (question.config as Partial<MultipleChoiceConfig>).alternatives;
  return Array.isArray(alternatives) ? [...alternatives].sort((a, b) => a.order - b.order) : [];
}

/** A bank question as the flowchart machine needs it. */
export function toFlowchartQuestion(q: Question): FlowchartQuestion {
  return {
    id: q.id,
    title: q.title,
    type: q.type,
    draft: q.draft,
    alternatives: alternativesOf(q).map((a) => ({ id: a.id, label: a.label, subQuestionIds: a.subQuestionIds })),
  };
}

export type { ChosenQuestion };
