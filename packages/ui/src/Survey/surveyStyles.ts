import { css } from '@emotion/react';

/** Focus ring inside a quiz: the body text colour, always readable on the body background. */
export const quizFocusRing = css`
  outline: none;
  &[data-focus-visible] {
    outline: 3px solid var(--quiz-focus);
    outline-offset: 2px;
  }
`;

/** Footer and cover buttons. `data-variant="active"` (forward) or `"inactive"` (back). */
export const quizButtonStyles = css`
  ${quizFocusRing};
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  min-height: 52px;
  padding: 0 var(--space-5);
  border: 2px solid transparent;
  border-radius: var(--radius-lg);
  font-family: var(--font-sans);
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-semibold);
  line-height: var(--line-height-tight);
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  transition: filter var(--duration-fast) var(--easing-standard);
  &[data-variant='active'] {
    background: var(--quiz-active-button-bg);
    color: var(--quiz-active-button-text);
    border-color: var(--quiz-active-button-border);
  }
  &[data-variant='inactive'] {
    background: var(--quiz-inactive-button-bg);
    color: var(--quiz-inactive-button-text);
    border-color: var(--quiz-inactive-button-border);
  }
  &[data-hovered] {
    filter: brightness(0.94);
  }
  &[data-pressed] {
    filter: brightness(0.88);
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.5;
    filter: none;
  }
  &[data-pending] {
    cursor: progress;
  }
  &[data-pending] > .quiz-button-label {
    opacity: 0;
  }
  & > .quiz-button-spinner {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
  }
`;

/** A big tappable answer card; selected state from `activeAlternative`, the rest from `inactiveAlternative`. */
export const alternativeStyles = css`
  ${quizFocusRing};
  display: flex;
  align-items: center;
  gap: var(--space-3);
  min-height: 56px;
  padding: var(--space-3) var(--space-4);
  border: 2px solid var(--quiz-inactive-alternative-border);
  border-radius: var(--radius-lg);
  background: var(--quiz-inactive-alternative-bg);
  color: var(--quiz-inactive-alternative-text);
  font-size: var(--font-size-md);
  line-height: var(--line-height-normal);
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  transition:
    background-color var(--duration-fast) var(--easing-standard),
    border-color var(--duration-fast) var(--easing-standard);
  & .alt-indicator {
    flex: none;
    display: grid;
    place-items: center;
    width: 24px;
    height: 24px;
    border: 2px solid currentColor;
    background: var(--quiz-inactive-alternative-icon-bg);
    color: var(--quiz-inactive-alternative-text);
  }
  & .alt-indicator[data-shape='circle'] {
    border-radius: var(--radius-full);
  }
  & .alt-indicator[data-shape='box'] {
    border-radius: var(--radius-sm);
  }
  & .alt-indicator svg {
    visibility: hidden;
  }
  &[data-hovered] {
    filter: brightness(0.97);
  }
  &[data-selected] {
    border-color: var(--quiz-active-alternative-border);
    background: var(--quiz-active-alternative-bg);
    color: var(--quiz-active-alternative-text);
    font-weight: var(--font-weight-semibold);
  }
  &[data-selected] .alt-indicator {
    border-color: var(--quiz-active-alternative-icon-bg);
    background: var(--quiz-active-alternative-icon-bg);
    color: var(--quiz-active-alternative-icon);
  }
  &[data-selected] .alt-indicator svg {
    visibility: visible;
  }
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  &[data-invalid]:not([data-selected]) {
    border-color: var(--quiz-danger);
  }
`;

/** Group label / legend of an answer control, read by screen readers (the title is visible above). */
export const answerLabelStyles = css`
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-semibold);
  color: var(--quiz-body-text);
`;

export const answerHintStyles = css`
  font-size: var(--font-size-sm);
  color: var(--quiz-body-secondary);
`;

export const answerErrorStyles = css`
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  color: var(--quiz-danger);
`;
