import { css } from '@emotion/react';
import {
  flowSteps,
  questionOf,
  sameStep,
  type StepRef,
  type SurveyAnswer,
  type SurveyQuestion,
} from '@acompanha/machines';
import { useFocusHeading } from '../lib/focus';
import { primaryButton } from '../screens/styles';
import { answerLines } from './answerText';

export interface ReviewStepProps {
  questions: SurveyQuestion[];
  answers: SurveyAnswer[];
  /** "Alterar": that question again, with its answer. */
  onEdit: (step: StepRef) => void;
  /** "Enviar respostas": the only moment the answers become final. */
  onSubmit: () => void;
}

const reviewStyles = css`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  flex: 1;
  & .rv-body {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: var(--space-4);
    padding: var(--space-5) var(--space-4) var(--space-4);
  }
  & h1 {
    margin: 0;
    font-size: var(--font-size-2xl);
    font-weight: var(--font-weight-bold);
    line-height: var(--line-height-tight);
  }
  & .rv-lead {
    margin: 0;
    color: var(--quiz-body-secondary);
  }
  & ol,
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--space-3);
  }
  & .rv-item {
    display: grid;
    gap: var(--space-3);
    padding: var(--space-4);
    border: 1px solid var(--quiz-body-unfilled);
    border-radius: var(--radius-lg);
  }
  & .rv-subs {
    padding-left: var(--space-3);
    border-left: 3px solid var(--quiz-body-unfilled);
  }
  & .rv-row {
    display: flex;
    align-items: flex-start;
    gap: var(--space-3);
  }
  & .rv-text {
    flex: 1;
    min-width: 0;
    display: grid;
    gap: var(--space-1);
  }
  & .rv-label {
    margin: 0;
    font-size: var(--font-size-sm);
    color: var(--quiz-body-secondary);
  }
  & h2,
  & h3 {
    margin: 0;
    font-size: var(--font-size-md);
    font-weight: var(--font-weight-semibold);
    line-height: var(--line-height-tight);
    overflow-wrap: anywhere;
  }
  & .rv-answer {
    margin: 0;
    font-weight: var(--font-weight-medium);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  & .rv-edit {
    flex: none;
    min-height: 44px;
    padding: 0 var(--space-4);
    border: 2px solid var(--quiz-inactive-button-border);
    border-radius: var(--radius-lg);
    background: var(--quiz-inactive-button-bg);
    color: var(--quiz-inactive-button-text);
    font: inherit;
    font-weight: var(--font-weight-semibold);
    cursor: pointer;
    &:focus-visible {
      outline: 3px solid var(--quiz-focus);
      outline-offset: 2px;
    }
  }
  & .rv-footer {
    position: sticky;
    bottom: 0;
    padding: var(--space-3) var(--space-4) calc(var(--space-3) + env(safe-area-inset-bottom));
    background: var(--quiz-body-bg);
  }
`;

function Answer({
  step,
  questions,
  answers,
  label,
  onEdit,
}: {
  step: StepRef;
  questions: SurveyQuestion[];
  answers: SurveyAnswer[];
  label: string;
  onEdit: (step: StepRef) => void;
}) {
  const question = questionOf(questions, step);
  const answer = answers.find((a) => sameStep(a, step));
  if (!question || !answer) return null;
  const Title = step.parentQuestionId ? 'h3' : 'h2';
  return (
    <div className="rv-row">
      <div className="rv-text">
        <p className="rv-label">{label}</p>
        <Title>{question.title}</Title>
        {answerLines(question, answer.value).map((line, i) => (
          <p className="rv-answer" key={i}>
            {line}
          </p>
        ))}
      </div>
      <button type="button" className="rv-edit" aria-label={`Alterar: ${question.title}`} onClick={() => onEdit(step)}>
        Alterar
      </button>
    </div>
  );
}

/**
 * Before sending: every question answered, each sub-question under the question that opened it, with
 * the answer and "Alterar". Nothing is final until "Enviar respostas". Loaded with the last question.
 */
export default function ReviewStep({ questions, answers, onEdit, onSubmit }: ReviewStepProps) {
  const ref = useFocusHeading<HTMLElement>('review');
  const steps = flowSteps(questions, answers);
  return (
    <section ref={ref} css={reviewStyles} aria-labelledby="review-title">
      <div className="rv-body">
        <h1 id="review-title">Confira suas respostas</h1>
        <p className="rv-lead">Antes de enviar, veja se está tudo certo. Toque em “Alterar” para mudar uma resposta.</p>
        <ol>
          {questions.map((q, index) => {
            const own = { questionId: q.questionId, parentQuestionId: null };
            const subs = steps.filter((s) => s.parentQuestionId === q.questionId);
            return (
              <li key={q.questionId} className="rv-item">
                <Answer
                  step={own}
                  questions={questions}
                  answers={answers}
                  label={`Pergunta ${index + 1} de ${questions.length}`}
                  onEdit={onEdit}
                />
                {subs.length > 0 && (
                  <ul className="rv-subs">
                    {subs.map((s) => (
                      <li key={s.questionId}>
                        <Answer step={s} questions={questions} answers={answers} label="Complemento" onEdit={onEdit} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <div className="rv-footer">
        <button type="button" css={primaryButton} onClick={onSubmit}>
          Enviar respostas
        </button>
      </div>
    </section>
  );
}
