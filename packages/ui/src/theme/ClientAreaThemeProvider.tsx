import { css } from '@emotion/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  clientAreaToCssVars,
  resolveClientArea,
  type ClientAreaFolderColors,
  type ClientAreaScheme,
  type ResolvedClientArea,
} from './clientArea';
import { ThemeProvider } from './ThemeProvider';

export const ClientAreaContext = createContext<ResolvedClientArea | null>(null);

/** The resolved client-area appearance (defaults when there is no provider). */
export function useClientArea(): ResolvedClientArea {
  return useContext(ClientAreaContext) ?? resolveClientArea();
}

export interface ClientAreaThemeProviderProps {
  /**
   * Colour mode and per-mode brand colour and cover image.
   * @default defaultClientAreaScheme
   */
  scheme?: ClientAreaScheme;
  /**
   * Cover colours and button text; missing values use `defaultClientAreaFolder`.
   * @default defaultClientAreaFolder
   */
  folder?: Partial<ClientAreaFolderColors>;
  children: ReactNode;
}

/**
 * The professional's client area: switches the whole subtree to the scheme's light or dark theme
 * and scopes the `--client-area-*` variables, with unreadable texts adjusted (4.5:1).
 */
export function ClientAreaThemeProvider({ scheme, folder, children }: ClientAreaThemeProviderProps) {
  const area = useMemo(() => resolveClientArea(scheme, folder), [scheme, folder]);
  const vars = useMemo(() => clientAreaToCssVars(area), [area]);
  return (
    <ClientAreaContext.Provider value={area}>
      <ThemeProvider mode={area.mode}>
        <div data-client-area="" css={css({ ...vars, background: 'var(--color-bg)', color: 'var(--color-text)' })}>
          {children}
        </div>
      </ThemeProvider>
    </ClientAreaContext.Provider>
  );
}
