import { configureApiClient } from '@acompanha/api-client';
import { toastQueue } from '@acompanha/ui';
import { store } from './store';
import { queryClient } from './queryClient';
import { LOGIN_PATH } from './paths';

/** Connects the generated client to the session, the toasts and the sign-in page. */
export function setupApi(goToLogin: (path: string) => void) {
  configureApiClient({
    store,
    notify: (message) => toastQueue.add({ tone: 'error', title: message }, { timeout: 6000 }),
    onUnauthorized: () => {
      queryClient.clear();
      const here = window.location.pathname + window.location.search;
      goToLogin(`${LOGIN_PATH}?expired=1&redirectTo=${encodeURIComponent(here)}`);
    },
  });
}
