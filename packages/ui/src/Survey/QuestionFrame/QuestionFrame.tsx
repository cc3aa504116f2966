import { css } from '@emotion/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button as AriaButton, ProgressBar as AriaProgressBar } from 'react-aria-components';
import { initials } from '../../Avatar/Avatar';
import { Spinner } from '../../Spinner/Spinner';
import { useQuizAppearance } from '../../theme/QuizAppearanceProvider';
import { quizButtonStyles } from '../surveyStyles';

export interface QuestionFrameProps {
  /** The professional's name, in the header. */
  professionalName: string;
  /** Under the name; by default the appearance's `subtitle` ('Nutricionista'). */
  subtitle?: string;
  /** The professional's photo; by default the appearance's `profilePic` (initials when none). */
  profilePic?: string | null;
  /** The question. */
  title: ReactNode;
  /** Help text under the title. */
  description?: ReactNode;
  /** Illustration of the question (URL). */
  image?: string;
  /** Text alternative of `image`; empty when it is decorative. @default '' */
  imageAlt?: string;
  /** Position of this question, from 1. */
  current: number;
  /** Number of questions. */
  total: number;
  /** A sub-question: it keeps the number of the question that opened it, marked 'complemento'. */
  isComplement?: boolean;
  /** The answer control. */
  children: ReactNode;
  /** Label of the forward button; by default the appearance's `forwardText` ('Prosseguir'). */
  forwardText?: string;
  /** Blocks the forward button (e.g. a required answer is still empty). */
  isForwardDisabled?: boolean;
  /** The answer is being saved: spinner on the forward button, presses ignored. */
  isPending?: boolean;
  /** Called by the forward button and by Enter inside a one-line field. */
  onForward: () => void;
  /** Shows the 'Voltar' button. */
  onBack?: () => void;
}

const frameStyles = css`
  display: flex;
  flex-direction: column;
  min-height: 100%;
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  background: var(--quiz-body-bg);
  color: var(--quiz-body-text);
  & .qf-header {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    padding: var(--space-3) var(--space-4);
    background: var(--quiz-header-bg);
    color: var(--quiz-header-text);
  }
  & .qf-avatar {
    flex: none;
    width: 44px;
    height: 44px;
    border-radius: var(--radius-full);
    object-fit: cover;
    display: inline-grid;
    place-items: center;
    background: var(--quiz-header-icon-bg);
    color: var(--quiz-header-icon);
    font-weight: var(--font-weight-semibold);
  }
  & .qf-name {
    font-weight: var(--font-weight-semibold);
    line-height: var(--line-height-tight);
  }
  & .qf-subtitle {
    font-size: var(--font-size-sm);
    color: var(--quiz-header-secondary);
  }
  & .qf-body {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: var(--space-4);
    padding: var(--space-4);
  }
  & .qf-progress {
    display: grid;
    gap: var(--space-1);
    font-size: var(--font-size-sm);
    color: var(--quiz-body-secondary);
  }
  & .qf-track {
    height: 8px;
    border-radius: var(--radius-full);
    background: var(--quiz-body-unfilled);
    overflow: hidden;
  }
  & .qf-fill {
    height: 100%;
    border-radius: inherit;
    background: var(--quiz-body-filled);
    transition: width var(--duration-normal) var(--easing-standard);
  }
  & .qf-image {
    width: 100%;
    max-height: 220px;
    object-fit: cover;
    border-radius: var(--radius-lg);
  }
  & .qf-title {
    font-size: var(--font-size-xl);
    font-weight: var(--font-weight-bold);
    line-height: var(--line-height-tight);
  }
  & .qf-description {
    color: var(--quiz-body-secondary);
  }
  & .qf-footer {
    position: sticky;
    bottom: 0;
    display: flex;
    gap: var(--space-3);
    padding: var(--space-3) var(--space-4) calc(var(--space-3) + env(safe-area-inset-bottom));
    background: var(--quiz-body-bg);
  }
  & .qf-footer > .qf-forward {
    flex: 1;
  }
`;

/**
 * One survey question on a phone: the professional's header, 'Pergunta N de M' progress, the
 * question and its answer control, and a sticky footer with 'Voltar' and the forward button.
 * Themed only by the `--quiz-*` variables of `QuizAppearanceProvider`.
 */
export function QuestionFrame({
  professionalName,
  subtitle,
  profilePic,
  title,
  description,
  image,
  imageAlt = '',
  current,
  total,
  isComplement = false,
  children,
  forwardText,
  isForwardDisabled = false,
  isPending = false,
  onForward,
  onBack,
}: QuestionFrameProps) {
  const { appearance } = useQuizAppearance();
  const titleId = useId();
  const descriptionId = useId();
  const photo = profilePic === undefined ? appearance.profilePic : profilePic;
  const progressText = `Pergunta ${current} de ${total}${isComplement ? ' · complemento' : ''}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isForwardDisabled && !isPending) onForward();
  };

  return (
    <form
      css={frameStyles}
      onSubmit={submit}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      noValidate
    >
      <div className="qf-header">
        {photo ? (
          <img className="qf-avatar" src={photo} alt="" width={44} height={44} />
        ) : (
          <span className="qf-avatar" aria-hidden="true">
            {initials(professionalName)}
          </span>
        )}
        <div>
          <div className="qf-name">{professionalName}</div>
          <div className="qf-subtitle">{subtitle ?? appearance.subtitle}</div>
        </div>
      </div>

      <div className="qf-body">
        <AriaProgressBar
          className="qf-progress"
          value={current}
          minValue={0}
          maxValue={Math.max(total, 1)}
          valueLabel={progressText}
          aria-label={progressText}
        >
          {({ percentage }) => (
            <>
              <span aria-hidden="true">{progressText}</span>
              <div className="qf-track">
                <div className="qf-fill" style={{ width: `${percentage}%` }} />
              </div>
            </>
          )}
        </AriaProgressBar>
        {image && <img className="qf-image" src={image} alt={imageAlt} />}
        <div css={{ display: 'grid', gap: 'var(--space-2)' }}>
          <h1 id={titleId} className="qf-title">
            {title}
          </h1>
          {description && (
            <p id={descriptionId} className="qf-description">
              {description}
            </p>
          )}
        </div>
        {children}
      </div>

      <div className="qf-footer">
        {onBack && (
          <AriaButton css={quizButtonStyles} data-variant="inactive" onPress={onBack} isDisabled={isPending}>
            Voltar
          </AriaButton>
        )}
        <AriaButton
          type="submit"
          className="qf-forward"
          css={quizButtonStyles}
          data-variant="active"
          isDisabled={isForwardDisabled}
          isPending={isPending}
        >
          {({ isPending: pending }) => (
            <>
              <span className="quiz-button-label">{forwardText ?? appearance.forwardText}</span>
              {pending && (
                <span className="quiz-button-spinner">
                  <Spinner label="Salvando resposta" size={22} />
                </span>
              )}
            </>
          )}
        </AriaButton>
      </div>
    </form>
  );
}
