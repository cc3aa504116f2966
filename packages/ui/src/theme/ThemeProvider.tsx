import { Global, css } from '@emotion/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { themes, themeToCssVars, type ColorMode, type Theme } from './tokens';

export interface ThemeContextValue {
  mode: ColorMode;
  theme: Theme;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The active theme (light by default when there is no provider). */
export function useTheme(): ThemeContextValue {
  return useContext(ThemeContext) ?? { mode: 'light', theme: themes.light };
}

export interface ThemeProviderProps {
  /**
   * Colour mode.
   * @default 'light'
   */
  mode?: ColorMode;
  /** A full custom theme (e.g. a quiz appearance); overrides `mode`. */
  theme?: Theme;
  children: ReactNode;
}

/**
 * Turns the token set into CSS custom properties. The outermost provider writes them on `:root`
 * so that portalled content (modals, toasts, menus) sees them too; a nested provider scopes them
 * to its subtree (e.g. the dark auth layout inside a light app). The outermost provider also sets
 * React Aria's locale to pt-BR.
 */
export function ThemeProvider({ mode = 'light', theme: customTheme, children }: ThemeProviderProps) {
  const parent = useContext(ThemeContext);
  const theme = customTheme ?? themes[mode];
  const value = useMemo(() => ({ mode: theme.mode, theme }), [theme]);
  const vars = useMemo(() => themeToCssVars(theme), [theme]);

  if (!parent) {
    return (
      <ThemeContext.Provider value={value}>
        <Global styles={{ ':root': { ...vars, colorScheme: theme.mode } }} />
        {/* Brazilian Portuguese app-wide: number/date formats and React Aria's built-in texts. */}
        <I18nProvider locale="pt-BR">{children}</I18nProvider>
      </ThemeContext.Provider>
    );
  }
  return (
    <ThemeContext.Provider value={value}>
      <div
        data-theme={theme.mode}
        css={css({
          ...vars,
          colorScheme: theme.mode,
          color: 'var(--color-text)',
          fontFamily: 'var(--font-sans)',
        })}
      >
        {children}
      </div>
    </ThemeContext.Provider>
  );
}
