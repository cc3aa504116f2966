import { css } from '@emotion/react';
import { useId, useMemo, type CSSProperties } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { ensureReadable } from '../../theme/contrast';
import { useQuizAppearance } from '../../theme/QuizAppearanceProvider';
import { quizButtonStyles } from '../surveyStyles';

export interface FolderScreenProps {
  /** Cover image (URL), decorative. */
  image?: string;
  /** Main title of the cover. */
  title: string;
  subtitle?: string;
  /** Small line above the title with the quiz name. */
  quizTitle?: string;
  /** Colour of the titles; by default the appearance's body text. Kept at 4.5:1 on the body background. */
  titlesColor?: string;
  /**
   * Label of the start button.
   * @default 'Começar'
   */
  buttonTitle?: string;
  /** Start button colours; by default the appearance's active button. The text is kept readable. */
  buttonColors?: { background: string; text: string };
  onStart: () => void;
}

const folderStyles = css`
  display: flex;
  flex-direction: column;
  min-height: 100%;
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  background: var(--quiz-body-bg);
  color: var(--quiz-body-text);
  & .folder-image {
    width: 100%;
    aspect-ratio: 4 / 3;
    max-height: 45vh;
    object-fit: cover;
  }
  & .folder-content {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: var(--space-3);
    padding: var(--space-6) var(--space-4) var(--space-4);
  }
  & .folder-quiz-title {
    font-size: var(--font-size-sm);
    font-weight: var(--font-weight-semibold);
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  & .folder-title {
    font-size: var(--font-size-3xl);
    font-weight: var(--font-weight-bold);
    line-height: var(--line-height-tight);
  }
  & .folder-subtitle {
    font-size: var(--font-size-lg);
  }
  & .folder-actions {
    margin-top: auto;
    padding: var(--space-4);
    padding-bottom: calc(var(--space-4) + env(safe-area-inset-bottom));
  }
  & .folder-start {
    width: 100%;
  }
  & .folder-start[data-custom] {
    background: var(--folder-button-bg);
    color: var(--folder-button-text);
    border-color: var(--folder-button-bg);
  }
`;

/** The quiz cover ("folder"): image, titles and the start button. */
export function FolderScreen({
  image,
  title,
  subtitle,
  quizTitle,
  titlesColor,
  buttonTitle = 'Começar',
  buttonColors,
  onStart,
}: FolderScreenProps) {
  const { appearance } = useQuizAppearance();
  const titleId = useId();
  const bodyBg = appearance.colorScheme.body.background;
  const colors = useMemo(() => {
    const safe = (c: string | undefined, bg: string, fallback: string) => {
      try {
        return c ? ensureReadable(c, bg) : fallback;
      } catch {
        return fallback;
      }
    };
    return {
      titles: safe(titlesColor, bodyBg, appearance.colorScheme.body.text),
      buttonText: buttonColors
        ? safe(buttonColors.text, buttonColors.background, ensureReadable('#FFFFFF', buttonColors.background))
        : undefined,
    };
  }, [titlesColor, bodyBg, buttonColors, appearance]);

  return (
    <section css={folderStyles} aria-labelledby={titleId}>
      {image && <img className="folder-image" src={image} alt="" />}
      <div className="folder-content" style={{ color: colors.titles }}>
        {quizTitle && <p className="folder-quiz-title">{quizTitle}</p>}
        <h1 id={titleId} className="folder-title">
          {title}
        </h1>
        {subtitle && <p className="folder-subtitle">{subtitle}</p>}
      </div>
      <div className="folder-actions">
        <AriaButton
          className="folder-start"
          css={quizButtonStyles}
          data-variant="active"
          data-custom={buttonColors ? '' : undefined}
          style={
            buttonColors
              ? ({
                  '--folder-button-bg': buttonColors.background,
                  '--folder-button-text': colors.buttonText,
                } as CSSProperties)
              : undefined
          }
          onPress={onStart}
        >
          {buttonTitle}
        </AriaButton>
      </div>
    </section>
  );
}
