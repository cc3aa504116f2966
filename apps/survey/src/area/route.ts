/** The client area's addresses in the survey app: `/p/<alias>` (public page), `/p/<alias>/entrar`, `/p/<alias>/area`. */
export type AreaScreen = 'page' | 'login' | 'corner';

export interface AreaRoute {
  alias: string;
  screen: AreaScreen;
}

const SCREENS: Record<string, AreaScreen> = { '': 'page', '/entrar': 'login', '/area': 'corner' };

/** The client-area route of `pathname`, or null when it is not one (the survey's own addresses). */
export function areaRouteFromPath(pathname: string): AreaRoute | null {
  const match = /^\/p\/([a-z0-9-]{1,80})(\/[a-z]+)?$/i.exec(pathname.replace(/\/+$/, ''));
  if (!match) return null;
  const screen = SCREENS[(match[2] ?? '').toLowerCase()];
  return screen ? { alias: match[1]!.toLowerCase(), screen } : null;
}

export const areaPath = (alias: string, screen: AreaScreen = 'page') =>
  `/p/${alias}${screen === 'page' ? '' : screen === 'login' ? '/entrar' : '/area'}`;
