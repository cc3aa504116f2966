import { useEffect, useState } from 'react';
import type {
  Appearance,
  FileUploadConfig,
  FreeFieldConfig,
  LikertScaleConfig,
  LinearScaleConfig,
  MetricsConfig,
  MultipleChoiceConfig,
  Question,
  ResolvedAppearance,
} from '@acompanha/api-client';
import type { ChosenQuestion } from '@acompanha/machines';
import {
  Button,
  Card,
  FileUploadAnswer,
  FolderScreen,
  FreeFieldAnswer,
  LikertScaleAnswer,
  LinearScaleAnswer,
  MetricsAnswer,
  MultipleChoiceAnswer,
  QuestionFrame,
  QuizAppearanceProvider,
  Stack,
  Text,
  type FileAnswer,
} from '@acompanha/ui';
import { alternativesOf, DEFAULT_BUTTON_TITLE, isValidHex, type QuizMetaDraft } from './quizDraft';

type AnswerValue = string[] | number | null | string | Record<string, string> | FileAnswer;

export interface QuizPreviewProps {
  meta: QuizMetaDraft;
  chosenQuestions: ChosenQuestion[];
  questions: Map<string, Question>;
  /** The appearance the client will see (chosen, else the default one); undefined: built-in. */
  appearance: Appearance | ResolvedAppearance | undefined;
  professionalName: string;
}

/**
 * The enabled questions in order, each followed by the sub-questions chosen for the alternative
 * picked in the preview (as the survey opens them).
 */
function stepsOf(chosen: ChosenQuestion[], questions: Map<string, Question>, answers: Record<string, AnswerValue>) {
  return chosen
    .filter((c) => c.enabled && questions.has(c.id))
    .flatMap((c) => {
      const q = questions.get(c.id)!;
      const picked = Array.isArray(answers[c.id]) ? (answers[c.id] as string[]) : [];
      const wanted = new Set(c.subquestions.map((s) => s.id));
      const subs = alternativesOf(q)
        .filter((a) => picked.includes(a.id))
        .flatMap((a) => a.subQuestionIds)
        .filter((id, i, all) => wanted.has(id) && questions.has(id) && all.indexOf(id) === i)
        .map((id) => questions.get(id)!);
      return [q, ...subs];
    });
}

const color = (v: string) => (v.trim() && isValidHex(v) ? v.trim() : undefined);

/** 'Como o cliente vê': a phone-sized run through the cover and the enabled questions. */
export function QuizPreview({ meta, chosenQuestions, questions, appearance, professionalName }: QuizPreviewProps) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const steps = stepsOf(chosenQuestions, questions, answers);
  const total = steps.length;
  // Edits can shorten the flow under the current step.
  useEffect(() => {
    if (step > total + 1) setStep(total + 1);
  }, [step, total]);

  const f = meta.folder;
  const buttonBackground = color(f.buttonBackground);
  const current = step >= 1 && step <= total ? steps[step - 1] : undefined;
  const answer = (id: string) => answers[id];
  const setAnswer = (id: string, value: AnswerValue) => setAnswers((a) => ({ ...a, [id]: value }));

  return (
    <Card
      title="Como o cliente vê"
      description="Pré-visualização no celular, com a aparência escolhida. As respostas daqui não são salvas."
    >
      <Stack gap={3} align="center">
        <div
          role="region"
          aria-label="Pré-visualização do questionário"
          css={{
            width: 390,
            maxWidth: '100%',
            height: 720,
            overflowY: 'auto',
            border: '8px solid var(--color-text)',
            borderRadius: 32,
            boxShadow: 'var(--shadow-md)',
          }}
        >
          <QuizAppearanceProvider
            appearance={
              appearance
                ? {
                    colorScheme: appearance.colorScheme,
                    profilePic: appearance.profilePic,
                    subtitle: appearance.subtitle,
                    forwardText: appearance.forwardText,
                  }
                : undefined
            }
            className="quiz-preview"
          >
            <div css={{ minHeight: 704, display: 'flex', flexDirection: 'column' }}>
              {step === 0 ? (
                <FolderScreen
                  image={f.image || undefined}
                  title={f.title.trim() || meta.title.trim() || 'Título da capa'}
                  subtitle={f.subtitle.trim() || undefined}
                  quizTitle={f.quizTitle.trim() || undefined}
                  titlesColor={color(f.titlesColor)}
                  buttonTitle={f.buttonTitle.trim() || DEFAULT_BUTTON_TITLE}
                  buttonColors={
                    buttonBackground
                      ? { background: buttonBackground, text: color(f.buttonText) ?? '#FFFFFF' }
                      : undefined
                  }
                  onStart={() => setStep(1)}
                />
              ) : current ? (
                <QuestionFrame
                  key={current.id}
                  professionalName={professionalName}
                  title={current.title}
                  description={current.description ?? undefined}
                  image={current.image ?? undefined}
                  current={step}
                  total={total}
                  onBack={() => setStep((s) => s - 1)}
                  onForward={() => setStep((s) => s + 1)}
                >
                  <AnswerControl
                    question={current}
                    value={answer(current.id)}
                    onChange={(v) => setAnswer(current.id, v)}
                  />
                </QuestionFrame>
              ) : (
                <div
                  css={{
                    padding: 'var(--space-6) var(--space-4)',
                    display: 'grid',
                    gap: 'var(--space-4)',
                    textAlign: 'center',
                  }}
                >
                  <p css={{ fontSize: 'var(--font-size-xl)', fontWeight: 700 }}>
                    {total === 0 ? 'Nenhuma pergunta ativa ainda.' : 'Fim do questionário. Obrigado!'}
                  </p>
                  <p>
                    {total === 0
                      ? 'Adicione ou ative perguntas na aba Perguntas.'
                      : 'Aqui o cliente envia as respostas.'}
                  </p>
                </div>
              )}
            </div>
          </QuizAppearanceProvider>
        </div>
        <Stack direction="row" gap={2} align="center">
          <Text variant="small" aria-live="polite">
            {step === 0 ? 'Capa' : current ? `Pergunta ${step} de ${total}` : 'Fim'}
          </Text>
          {step > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              onPress={() => {
                setStep(0);
                setAnswers({});
              }}
            >
              Recomeçar pré-visualização
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}

function AnswerControl({
  question: q,
  value,
  onChange,
}: {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (v: AnswerValue) => void;
}) {
  switch (q.type) {
    case 'multiple-choice': {
      const cfg = q.config as Partial<MultipleChoiceConfig>;
      return (
        <MultipleChoiceAnswer
          label={q.title}
          alternatives={alternativesOf(q).map((a) => ({ id: a.id, label: a.label }))}
          selectionMode={cfg.allowMultiple ? 'multiple' : 'single'}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
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
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
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
          value={
            value && typeof value === 'object' && !Array.isArray(value) && !('size' in value)
              ? (value as Record<string, string>)
              : {}
          }
          onChange={onChange}
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
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
    }
    case 'file-upload': {
      const cfg = q.config as Partial<FileUploadConfig>;
      return (
        <FileUploadAnswer
          label={q.title}
          acceptedFileTypes={cfg.acceptedTypes}
          maxFileSize={cfg.maxSizeMb ? cfg.maxSizeMb * 1024 * 1024 : undefined}
          value={value && typeof value === 'object' && 'size' in value ? (value as FileAnswer) : null}
          onChange={(v) => onChange(v)}
        />
      );
    }
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
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    }
  }
}
