import { show } from './app/root';
import { isSignedIn } from './app/store';
import { setupApi } from './app/api';
import { ScreenError } from './app/RouteError';
import { browserHistory, VisitorApp } from './app/VisitorApp';

/** Throws in render, for the error page of `ScreenError` to show. */
function Failed({ error }: { error: unknown }): never {
  throw error;
}

/**
 * The full portal's files could not load (offline, or a new build replaced them): the address opens once more as a
 * page of its own; should that fail again, the error page says so (never a reload after a reload).
 */
const RELOADED = 'acompanha:start-reloaded';
function openFailed(error: unknown) {
  if (window.sessionStorage.getItem(RELOADED) !== window.location.href) {
    window.sessionStorage.setItem(RELOADED, window.location.href);
    window.location.reload();
    return;
  }
  window.sessionStorage.removeItem(RELOADED);
  show(
    <ScreenError>
      <Failed error={error} />
    </ScreenError>,
  );
}

// sign-in.html: the API serves it at the visitor's pages (app/visitorPages.ts, dist/pages.json). Their first load
// goes without React Router and the private screens; the full portal loads when she leaves them.
let opening: Promise<void> | undefined;
const openApp = () =>
  (opening ??= import('./app/startApp').then(({ startApp }) => {
    window.sessionStorage.removeItem(RELOADED);
    show(startApp());
  }, openFailed));

if (isSignedIn()) {
  // Signed in already (another tab, or a saved page): the full portal sends her on from the visitor's page.
  void openApp();
} else {
  const history = browserHistory();
  setupApi((path) => history.replace(path));
  show(<VisitorApp history={history} onLeave={openApp} />);
}
