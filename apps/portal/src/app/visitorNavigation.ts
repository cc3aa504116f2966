import { createContext, useContext } from 'react';

/**
 * What the visitor's pages need of a router: where they are, and a way to go elsewhere. The full route table
 * provides it from React Router (VisitorRoutes.tsx); the light start from its own history (VisitorApp.tsx), so
 * the sign-in page loads without React Router.
 */
export interface VisitorNavigation {
  pathname: string;
  /** The query string's values (read only). */
  params: URLSearchParams;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export const VisitorNavigationContext = createContext<VisitorNavigation | null>(null);

export function useVisitorNavigation(): VisitorNavigation {
  const navigation = useContext(VisitorNavigationContext);
  if (!navigation) throw new Error('useVisitorNavigation outside VisitorRoutes or VisitorApp');
  return navigation;
}
