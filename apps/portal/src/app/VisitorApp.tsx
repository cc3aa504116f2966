import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import { RouterProvider } from 'react-aria-components';
import { FullScreenSpinner } from '@acompanha/ui';
import { LoginPage } from '../features/auth/LoginPage';
import { useFrameEffects } from './frame';
import { usePersisted } from './store';
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

/**
 * The browser's address bar and back button. Its entries carry the state React Router writes (`idx`: the entry's
 * position), so once the full portal starts, going back into them is a move it can count (its unsaved-changes
 * guard undoes a refused one by that count).
 */
export function browserHistory(): VisitorHistory {
  const entry = (idx: number) => ({ usr: null, key: Math.random().toString(36).slice(2, 10), idx });
  const indexOf = () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    return typeof idx === 'number' ? idx : null;
  };
  if (indexOf() === null) window.history.replaceState({ ...window.history.state, ...entry(0) }, '');
  return createHistory(
    () => ({ pathname: window.location.pathname, search: window.location.search }),
    (to, replace) => {
      const idx = indexOf() ?? 0;
      if (replace) window.history.replaceState(entry(idx), '', to);
      else {
        window.history.pushState(entry(idx + 1), '', to);
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
 * none of them (a link to a public page), or a session (after signing in, here or in another tab), calls `onLeave`,
 * which starts the full portal there.
 */
export function VisitorApp({ history, onLeave }: { history: VisitorHistory; onLeave: () => void }) {
  const location = useSyncExternalStore(history.listen, history.location);
  const page = visitorPageAt(location.pathname);
  // Signed in here or in another tab: the visitor's pages are no longer hers (the full portal sends her on).
  const signedIn = usePersisted((state) => !!state.session.jwt);
  const leaving = !page || signedIn;
  useFrameEffects(location.pathname);
  useEffect(() => {
    if (leaving) onLeave();
  }, [leaving, onLeave]);
  const navigation = useMemo<VisitorNavigation>(
    () => ({
      pathname: location.pathname,
      params: new URLSearchParams(location.search),
      navigate: (to, options) => (options?.replace ? history.replace(to) : history.push(to)),
    }),
    [location, history],
  );
  if (leaving) return <FullScreenSpinner />;
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
