import { css } from '@emotion/react';

/** The survey's own buttons (native, so the first screen needs no component library code). */
export const primaryButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  width: 100%;
  min-height: 52px;
  padding: 0 var(--space-5);
  border: 2px solid var(--quiz-active-button-border);
  border-radius: var(--radius-lg);
  background: var(--quiz-active-button-bg);
  color: var(--quiz-active-button-text);
  font: inherit;
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-semibold);
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  &:hover {
    filter: brightness(0.94);
  }
  &:active {
    filter: brightness(0.88);
  }
  &:focus-visible {
    outline: 3px solid var(--quiz-focus);
    outline-offset: 2px;
  }
  &:disabled {
    cursor: progress;
    opacity: 0.7;
  }
`;

export const secondaryButton = css`
  ${primaryButton};
  border-color: var(--quiz-inactive-button-border);
  background: var(--quiz-inactive-button-bg);
  color: var(--quiz-inactive-button-text);
`;

export const srOnly = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** A centred message on a phone screen. */
export const messageScreen = css`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: var(--space-4);
  width: 100%;
  max-width: 480px;
  margin: 0 auto;
  padding: var(--space-8) var(--space-5);
  text-align: center;
  & h1 {
    margin: 0;
    font-size: var(--font-size-2xl);
    font-weight: var(--font-weight-bold);
    line-height: var(--line-height-tight);
    outline: none;
  }
  & p {
    margin: 0;
    color: var(--quiz-body-secondary);
    line-height: var(--line-height-normal);
  }
  & .screen-icon {
    display: grid;
    place-items: center;
    width: 64px;
    height: 64px;
    border-radius: var(--radius-full);
    background: var(--quiz-active-button-bg);
    color: var(--quiz-active-button-text);
  }
  & .screen-actions {
    width: 100%;
    margin-top: var(--space-2);
  }
`;

// The survey's page (the app, and the offline shell the service worker gives): headings take focus by script on
// every step (for screen readers); they are not controls, so no ring.
export const pageStyles = {
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  '& h1:focus': { outline: 'none' },
} as const;
export const mainStyles = { flex: 1, display: 'flex', flexDirection: 'column' } as const;
