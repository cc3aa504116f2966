export * from './tokens';
export * from './contrast';
export { ThemeProvider, ThemeContext, useTheme } from './ThemeProvider';
export type { ThemeProviderProps, ThemeContextValue } from './ThemeProvider';
export { GlobalStyles } from './GlobalStyles';
