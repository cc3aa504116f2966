import { Component, lazy, Suspense, type ReactNode } from 'react';

const RouteErrorPage = lazy(() => import('./RouteErrorPage').then((m) => ({ default: m.RouteErrorPage })));
const ErrorPage = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));

/**
 * When the error page itself cannot load (offline, or a new build replaced the files this one names): the same
 * words, unstyled, with the way back.
 */
class Unstyled extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <main>
        <h1>Unexpected Application Error!</h1>
        <p>
          <a href="/">Voltar ao início</a>
        </p>
      </main>
    ) : (
      this.props.children
    );
  }
}

/**
 * The routes' error element: the error page, loaded when a route fails, so the first load (the sign-in page's
 * above all) goes without its code.
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  return (
    <Unstyled>
      <Suspense fallback={null}>
        <RouteErrorPage inLayout={inLayout} />
      </Suspense>
    </Unstyled>
  );
}

/** The same error page for a screen that failed outside React Router (the visitor's light start, VisitorApp.tsx). */
export class ScreenError extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  render() {
    const { error } = this.state;
    return error ? (
      <Unstyled>
        <Suspense fallback={null}>
          <ErrorPage detail={error.message} />
        </Suspense>
      </Unstyled>
    ) : (
      this.props.children
    );
  }
}
