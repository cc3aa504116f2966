export * from './tokens';
export * from './contrast';
export * from './quizAppearance';
export * from './clientArea';
export { ThemeProvider, ThemeContext, useTheme } from './ThemeProvider';
export type { ThemeProviderProps, ThemeContextValue } from './ThemeProvider';
export {
  QuizAppearanceProvider,
  QuizAppearanceContext,
  useQuizAppearance,
  useAppearanceWarnings,
} from './QuizAppearanceProvider';
export type { QuizAppearanceProviderProps, QuizAppearanceContextValue } from './QuizAppearanceProvider';
export { ClientAreaThemeProvider, ClientAreaContext, useClientArea } from './ClientAreaThemeProvider';
export type { ClientAreaThemeProviderProps } from './ClientAreaThemeProvider';
export { GlobalStyles } from './GlobalStyles';
