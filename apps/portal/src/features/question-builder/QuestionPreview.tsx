import { useState } from 'react';
import {
  FileUploadAnswer,
  FreeFieldAnswer,
  LikertScaleAnswer,
  LinearScaleAnswer,
  MetricsAnswer,
  MultipleChoiceAnswer,
  QuestionFrame,
  QuizAppearanceProvider,
  defaultQuizAppearance,
  type FileAnswer,
  type QuizAppearanceInput,
} from '@acompanha/ui';
import { I18nProvider } from 'react-aria-components';
import type { Question } from '@acompanha/api-client';
import { stateFromQuestion, unitOf, type BuilderState } from './builderState';

export interface QuestionPreviewProps {
  state: BuilderState;
  /** Shown in the survey's header. */
  professionalName: string;
  /** The appearance the client will see (the account's default); Acompanha's own when undefined. */
  appearance?: QuizAppearanceInput;
}

const noop = () => undefined;

/** A saved question (from the bank) as the client sees it. */
export function SavedQuestionPreview({
  question,
  ...props
}: { question: Question } & Omit<QuestionPreviewProps, 'state'>) {
  return <QuestionPreview state={stateFromQuestion(question)} {...props} />;
}

/**
 * The question as the client sees it on the phone, with the default quiz appearance. The answer
 * controls work, so the professional can try them; nothing is saved.
 */
export function QuestionPreview({ state, professionalName, appearance = defaultQuizAppearance }: QuestionPreviewProps) {
  const title = state.title.trim() || 'Título da pergunta';
  return (
    // Numbers and dates as the survey writes them (pt-BR), whatever the browser's language.
    <I18nProvider locale="pt-BR">
      <QuizAppearanceProvider appearance={appearance}>
        <QuestionFrame
          professionalName={professionalName}
          title={title}
          description={state.description.trim() || undefined}
          image={state.image ?? undefined}
          current={1}
          total={1}
          onForward={noop}
        >
          {/* A new answer control when the type changes, so no answer of another type lingers. */}
          <PreviewAnswer key={state.type} state={state} label={title} />
        </QuestionFrame>
      </QuizAppearanceProvider>
    </I18nProvider>
  );
}

function PreviewAnswer({ state, label }: { state: BuilderState; label: string }) {
  const [choice, setChoice] = useState<string[]>([]);
  const [scale, setScale] = useState<number | null>(null);
  const [likert, setLikert] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [file, setFile] = useState<FileAnswer | null>(null);
  const [metric, setMetric] = useState<number | null>(null);

  switch (state.type) {
    case 'multiple-choice': {
      const c = state.configs[state.type];
      return (
        <MultipleChoiceAnswer
          label={label}
          alternatives={c.alternatives.map((a, i) => ({ id: a.id, label: a.label.trim() || `Alternativa ${i + 1}` }))}
          selectionMode={c.allowMultiple ? 'multiple' : 'single'}
          description={c.allowMultiple ? 'Escolha quantas quiser.' : undefined}
          value={choice.filter((id) => c.alternatives.some((a) => a.id === id))}
          onChange={setChoice}
        />
      );
    }
    case 'linear-scale': {
      const c = state.configs[state.type];
      const max = c.max !== null && c.max > c.min && c.max <= 10 ? c.max : 5;
      return (
        <LinearScaleAnswer
          label={label}
          min={c.min}
          max={max}
          minLabel={c.minLabel.trim() || undefined}
          maxLabel={c.maxLabel.trim() || undefined}
          value={scale !== null && scale <= max && scale >= c.min ? scale : null}
          onChange={setScale}
        />
      );
    }
    case 'likert-scale': {
      const c = state.configs[state.type];
      return (
        <LikertScaleAnswer
          label={label}
          statements={c.statements.map((s, i) => ({ id: s.id, text: s.text.trim() || `Afirmação ${i + 1}` }))}
          levels={c.levels.map((l, i) => ({ id: l.id, label: l.label.trim() || `Nível ${i + 1}` }))}
          value={likert}
          onChange={setLikert}
        />
      );
    }
    case 'free-field': {
      const c = state.configs[state.type];
      return (
        <FreeFieldAnswer
          label={label}
          multiline={c.multiline}
          maxLength={c.maxLength ?? undefined}
          value={text}
          onChange={setText}
        />
      );
    }
    case 'file-upload': {
      const c = state.configs[state.type];
      return (
        <FileUploadAnswer
          label={label}
          acceptedFileTypes={c.acceptedTypes.length ? c.acceptedTypes : undefined}
          maxFileSize={(c.maxSizeMb ?? 10) * 1024 * 1024}
          value={file}
          onChange={setFile}
        />
      );
    }
    case 'metrics': {
      const c = state.configs[state.type];
      return (
        <MetricsAnswer
          // The question's title, right above, already says what to type.
          isLabelVisible={false}
          label={label}
          unit={unitOf(c) || '—'}
          decimals={c.decimals ?? 0}
          minValue={c.min ?? undefined}
          maxValue={c.max ?? undefined}
          value={metric}
          onChange={setMetric}
        />
      );
    }
  }
}
