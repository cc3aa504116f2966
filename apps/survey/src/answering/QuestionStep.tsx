import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nProvider } from 'react-aria-components';
import { css } from '@emotion/react';
import type {
  FileUploadConfig,
  FreeFieldConfig,
  LikertScaleConfig,
  LinearScaleConfig,
  MetricsConfig,
  MultipleChoiceConfig,
} from '@acompanha/api-client';
import { isCompleteAnswer, type SurveyAnswerValue, type SurveyStepQuestion } from '@acompanha/machines';
import {
  FreeFieldAnswer,
  freeFieldTooLong,
  LikertScaleAnswer,
  LinearScaleAnswer,
  MetricsAnswer,
  MultipleChoiceAnswer,
  QuestionFrame,
  VisuallyHidden,
} from '@acompanha/ui';
import { SpinnerIcon } from '../screens/icons';
import { useFocusHeading } from '../lib/focus';
import { readDraft, writeDraft } from '../lib/storage';
import { draftOfValue, draftStepOf, keptDraft, restoreDraft, type Draft } from './draft';

// The upload (its picker, progress and signed PUT) is only needed when a file question comes up.
const FileUploadField = lazy(() => import('./FileUploadField'));

export interface QuestionStepProps {
  question: SurveyStepQuestion;
  current: number;
  total: number;
  /** A sub-question: shown as part of the question that opened it. */
  isComplement?: boolean;
  /** The answer saved before (going back or "Alterar"): the question opens with it. */
  initialValue?: SurveyAnswerValue | null;
  /** "Voltar" to the previous question; absent on the first one. */
  onBack?: () => void;
  professionalName: string;
  /** The survey token, for uploads. */
  token: string;
  /** The survey link: what the unsent answer is kept under, across reloads. */
  quizScheduleId: string;
  onSubmit: (value: SurveyAnswerValue) => void;
}

/** The draft as the API's answer value for this question type (complete or not). */
export function answerValueOf(question: Pick<SurveyStepQuestion, 'type'>, draft: Draft): SurveyAnswerValue | null {
  switch (question.type) {
    case 'multiple-choice':
      return { type: 'multiple-choice', alternativeIds: draft.choice };
    case 'linear-scale':
      return draft.scale === null ? null : { type: 'linear-scale', value: draft.scale };
    case 'likert-scale':
      return { type: 'likert-scale', levels: draft.likert };
    case 'free-field':
      return { type: 'free-field', text: draft.text.trim() };
    case 'file-upload':
      return draft.file.uploaded ? { type: 'file-upload', files: [draft.file.uploaded] } : null;
    case 'metrics':
      return draft.metric === null ? null : { type: 'metrics', value: draft.metric };
  }
}

function missingMessage(question: SurveyStepQuestion, draft: Draft): string {
  switch (question.type) {
    case 'multiple-choice':
      return (question.config as Partial<MultipleChoiceConfig>).allowMultiple
        ? 'Escolha ao menos uma alternativa para continuar.'
        : 'Escolha uma alternativa para continuar.';
    case 'linear-scale':
      return 'Escolha um número da escala para continuar.';
    case 'likert-scale':
      return 'Responda a todas as afirmações para continuar.';
    case 'free-field':
      return 'Escreva sua resposta para continuar.';
    case 'file-upload':
      return draft.file.file ? 'Aguarde o envio do arquivo terminar.' : 'Escolha um arquivo para continuar.';
    case 'metrics':
      return 'Informe o valor para continuar.';
  }
}

const alertStyles = css`
  margin: 0;
  color: var(--quiz-danger);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
`;

const byOrder = <T extends { order?: number }>(list: T[]) =>
  list
    .map((a, i) => ({ a, k: a.order ?? i }))
    .sort((x, y) => x.k - y.k)
    .map((x) => x.a);

/**
 * One question (or sub-question) on the phone, drawn exactly as the portal's preview draws it:
 * the frame with progress and the appearance's forward button, and the answer control of its type.
 */
export default function QuestionStep({
  question,
  current,
  total,
  isComplement,
  initialValue,
  onBack,
  professionalName,
  token,
  quizScheduleId,
  onSubmit,
}: QuestionStepProps) {
  const step = draftStepOf(question);
  // What was being typed here (kept across a reload) wins; else the answer saved before, if any.
  const [draft, setDraft] = useState<Draft>(() => {
    const kept = readDraft(quizScheduleId, step);
    const saved = draftOfValue(initialValue);
    // A picked file is never kept in a draft: the saved one stays.
    return kept ? { ...restoreDraft(kept), file: saved.file } : saved;
  });
  const keep = (d: Draft) => writeDraft(quizScheduleId, step, keptDraft(d));
  // Kept once she changes something: only opening a question (going back and forth with "Voltar") leaves the
  // draft of the question she typed in untouched.
  const [opened] = useState(draft);
  useEffect(() => {
    if (draft !== opened) keep(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `keep` follows quizScheduleId and step
  }, [quizScheduleId, step, draft, opened]);
  const [showMissing, setShowMissing] = useState(false);
  // Why the measurement typed is not one the question takes (said under the field), or null.
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useFocusHeading<HTMLDivElement>(step);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      setDraft((d) => ({ ...d, [key]: value }));
      setShowMissing(false);
    };
  const value = answerValueOf(question, draft);
  const complete = !!value && isCompleteAnswer(question, value);
  // A written answer past its limit is said under it (never cut); it does not go on until it fits.
  const freeLimit =
    question.type === 'free-field' ? (question.config as Partial<FreeFieldConfig>).maxLength : undefined;
  const tooLong =
    freeLimit !== undefined && draft.text.length > freeLimit ? freeFieldTooLong(draft.text.length, freeLimit) : null;
  const blocking = problem ?? tooLong;

  return (
    <I18nProvider locale="pt-BR">
      <div ref={ref} css={{ flex: 1, display: 'flex' }}>
        <QuestionFrame
          professionalName={professionalName}
          title={question.title}
          description={question.description ?? undefined}
          image={question.image ?? undefined}
          current={current}
          total={total}
          isComplement={isComplement}
          onBack={onBack}
          onForward={() => {
            if (complete && !blocking) {
              writeDraft(quizScheduleId, step, null);
              onSubmit(value);
            } else setShowMissing(true);
          }}
        >
          <AnswerControl
            question={question}
            draft={draft}
            set={set}
            token={token}
            showProblem={showMissing}
            onProblemChange={setProblem}
          />
          <p role="alert" css={alertStyles}>
            {/* A measurement the question does not take is said under its field; read out here too. */}
            {showMissing && blocking ? <VisuallyHidden>{blocking}</VisuallyHidden> : null}
            {showMissing && !blocking && !complete ? missingMessage(question, draft) : null}
          </p>
        </QuestionFrame>
      </div>
    </I18nProvider>
  );
}

function AnswerControl({
  question: q,
  draft,
  set,
  token,
  showProblem,
  onProblemChange,
}: {
  question: SurveyStepQuestion;
  draft: Draft;
  set: <K extends keyof Draft>(key: K) => (value: Draft[K]) => void;
  token: string;
  showProblem: boolean;
  onProblemChange: (problem: string | null) => void;
}) {
  switch (q.type) {
    case 'multiple-choice': {
      const cfg = q.config as Partial<MultipleChoiceConfig>;
      return (
        <MultipleChoiceAnswer
          label={q.title}
          alternatives={byOrder(cfg.alternatives ?? []).map((a) => ({ id: a.id, label: a.label }))}
          selectionMode={cfg.allowMultiple ? 'multiple' : 'single'}
          description={cfg.allowMultiple ? 'Escolha quantas quiser.' : undefined}
          value={draft.choice}
          onChange={set('choice')}
        />
      );
    }
    case 'linear-scale': {
      const cfg = q.config as Partial<LinearScaleConfig>;
      return (
        <LinearScaleAnswer
          label={q.title}
          min={cfg.min ?? 0}
          max={cfg.max ?? 10}
          minLabel={cfg.minLabel}
          maxLabel={cfg.maxLabel}
          value={draft.scale}
          onChange={set('scale')}
        />
      );
    }
    case 'likert-scale': {
      const cfg = q.config as Partial<LikertScaleConfig>;
      return (
        <LikertScaleAnswer
          label={q.title}
          statements={cfg.statements ?? []}
          levels={cfg.levels?.length ? cfg.levels : undefined}
          value={draft.likert}
          onChange={set('likert')}
        />
      );
    }
    case 'free-field': {
      const cfg = q.config as Partial<FreeFieldConfig>;
      return (
        <FreeFieldAnswer
          label={q.title}
          multiline={cfg.multiline}
          maxLength={cfg.maxLength}
          value={draft.text}
          onChange={set('text')}
        />
      );
    }
    case 'file-upload':
      return (
        <Suspense
          fallback={
            <span role="status" css={{ display: 'inline-flex', gap: 'var(--space-2)', alignItems: 'center' }}>
              <SpinnerIcon /> Carregando o envio de arquivo…
            </span>
          }
        >
          <FileUploadField
            questionId={q.questionId}
            label={q.title}
            config={q.config as Partial<FileUploadConfig>}
            token={token}
            value={draft.file}
            onChange={set('file')}
          />
        </Suspense>
      );
    case 'metrics': {
      const cfg = q.config as Partial<MetricsConfig>;
      return (
        <MetricsAnswer
          // The question's title, right above, already says what to type.
          isLabelVisible={false}
          label={q.title}
          unit={cfg.unit ?? ''}
          decimals={cfg.decimals}
          minValue={cfg.min}
          maxValue={cfg.max}
          value={draft.metric}
          onChange={set('metric')}
          showProblem={showProblem}
          onProblemChange={onProblemChange}
        />
      );
    }
  }
}
