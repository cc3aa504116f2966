import { show } from './app/root';
import { isSignedIn } from './app/store';
import { setupApi } from './app/api';
import { browserHistory, VisitorApp } from './app/VisitorApp';

// sign-in.html: the API serves it at the visitor's pages (app/visitorPages.ts, dist/pages.json). Their first load
// goes without React Router and the private screens; the full portal loads when she leaves them.
let opening: Promise<void> | undefined;
const openApp = () =>
  (opening ??= import('./app/startApp').then(
    ({ startApp }) => show(startApp()),
    // Its files could not load (offline, or a new build replaced them): the address opens as a page of its own.
    () => window.location.reload(),
  ));

if (isSignedIn()) {
  // Signed in already (another tab, or a saved page): the full portal sends her on from the visitor's page.
  void openApp();
} else {
  const history = browserHistory();
  setupApi((path) => history.replace(path));
  show(<VisitorApp history={history} onLeave={openApp} />);
}
