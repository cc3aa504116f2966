import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { RouterProvider } from 'react-aria-components';
import { FullScreenSpinner } from '@acompanha/ui';
import { LoginPage } from '../features/auth/LoginPage';
import { useFrameEffects } from './frame';
import { ScreenError } from './RouteError';
import { VisitorNavigationContext, type VisitorNavigation } from './visitorNavigation';
import { visitorPageAt, type VisitorPage } from './visitorPages';

/** Where the light start is, and how it moves (the browser's history, or a memory one in stories). */
export interface VisitorHistory {
  /** The same object until the address changes. */
  location: () => { pathname: string; search: string };
  push: (to: string) => void;
  replace: (to: string) => void;
  listen: (listener: () => void) => () => void;
}

function createHistory(
  read: () => { pathname: string; search: string },
  write: (to: string, replace: boolean) => void,
  onPop?: (changed: () => void) => void,
): VisitorHistory {
  const listeners = new Set<() => void>();
  let current = read();
  const changed = () => {
    current = read();
    listeners.forEach((listener) => listener());
  };
  onPop?.(changed);
  return {
    location: () => current,
    push: (to) => {
      write(to, false);
      changed();
    },
    replace: (to) => {
      write(to, true);
      changed();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's address bar and back button. */
export function browserHistory(): VisitorHistory {
  return createHistory(
    () => ({ pathname: window.location.pathname, search: window.location.search }),
    (to, replace) => {
      if (replace) window.history.replaceState(null, '', to);
      else {
        window.history.pushState(null, '', to);
        window.scrollTo(0, 0);
      }
    },
    (changed) => window.addEventListener('popstate', changed),
  );
}

/** An address kept in memory (stories): `entries` lists where it went. */
export function memoryHistory(initial: string): VisitorHistory & { entries: string[] } {
  const entries = [initial];
  const history = createHistory(
    () => {
      const url = new URL(entries[entries.length - 1]!, 'http://portal');
      return { pathname: url.pathname, search: url.search };
    },
    (to, replace) => {
      if (replace) entries.pop();
      entries.push(to);
    },
  );
  return Object.assign(history, { entries });
}

// The sign-in page is in the light start itself; the other visitor's pages load when asked for.
const PAGES: Record<VisitorPage, ComponentType> = {
  login: LoginPage,
  recovery: lazy(() => import('../features/auth/RecoveryPage').then((m) => ({ default: m.RecoveryPage }))),
  registration: lazy(() => import('../features/auth/RegistrationPage').then((m) => ({ default: m.RegistrationPage }))),
  verifyEmail: lazy(() => import('../features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage }))),
};

/**
 * The visitor's light start: the sign-in, recovery, registration and e-mail check pages on a history of their own,
 * without React Router and the private screens' code (most first loads are the sign-in page's). An address that is
 * none of them (after signing in, or a link to a public page) calls `onLeave`, which starts the full portal there.
 */
export function VisitorApp({ history, onLeave }: { history: VisitorHistory; onLeave: () => void }) {
  const location = useSyncExternalStore(history.listen, history.location);
  const page = visitorPageAt(location.pathname);
  useFrameEffects(location.pathname);
  useEffect(() => {
    if (!page) onLeave();
  }, [page, onLeave]);
  const navigation = useMemo<VisitorNavigation>(
    () => ({
      pathname: location.pathname,
      params: new URLSearchParams(location.search),
      navigate: (to, options) => (options?.replace ? history.replace(to) : history.push(to)),
    }),
    [location, history],
  );
  if (!page) return <FullScreenSpinner />;
  const Page = PAGES[page];
  return (
    <VisitorNavigationContext.Provider value={navigation}>
      <RouterProvider navigate={(to) => navigation.navigate(to)}>
        <ScreenError key={page}>
          <Suspense fallback={<FullScreenSpinner />}>
            <Page />
          </Suspense>
        </ScreenError>
      </RouterProvider>
    </VisitorNavigationContext.Provider>
  );
}
