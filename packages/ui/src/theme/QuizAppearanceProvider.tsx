import { css } from '@emotion/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  quizAppearanceToCssVars,
  resolveQuizAppearance,
  type QuizAppearanceInput,
  type ResolvedQuizAppearance,
} from './quizAppearance';

export type QuizAppearanceContextValue = ResolvedQuizAppearance;

export const QuizAppearanceContext = createContext<QuizAppearanceContextValue | null>(null);

/** The resolved appearance (defaults when there is no provider). */
export function useQuizAppearance(): QuizAppearanceContextValue {
  return useContext(QuizAppearanceContext) ?? resolveQuizAppearance();
}

/** Readability warnings of the nearest `QuizAppearanceProvider`, for the appearance editor. */
export function useAppearanceWarnings() {
  return useQuizAppearance().warnings;
}

export interface QuizAppearanceProviderProps {
  /**
   * The professional's appearance; missing groups and colours use the defaults.
   * @default defaultQuizAppearance
   */
  appearance?: QuizAppearanceInput;
  children: ReactNode;
  className?: string;
}

/**
 * Scopes the `--quiz-*` variables to its subtree (the survey, or the editor's preview). Text
 * colours that would fall under 4.5:1 against their background are adjusted before drawing.
 */
export function QuizAppearanceProvider({ appearance, children, className }: QuizAppearanceProviderProps) {
  const value = useMemo(() => resolveQuizAppearance(appearance), [appearance]);
  const vars = useMemo(() => quizAppearanceToCssVars(value.appearance), [value]);
  return (
    <QuizAppearanceContext.Provider value={value}>
      <div
        data-quiz-appearance=""
        className={className}
        css={css({
          ...vars,
          background: 'var(--quiz-body-bg)',
          color: 'var(--quiz-body-text)',
          fontFamily: 'var(--font-sans)',
        })}
      >
        {children}
      </div>
    </QuizAppearanceContext.Provider>
  );
}
