import { configureApiClient, type ApiError } from '@acompanha/api-client';
import { toastQueue } from '@acompanha/ui';
import { store } from './store';
import { queryClient } from './queryClient';
import { LOGIN_PATH } from './paths';
import { reportAccountExpiredError } from '../lib/activation';

/** The central handler's toast; a refusal because the account expired opens the activation modals instead. */
export function notifyApiError(message: string, error: ApiError) {
  if (error.code === 'ACCOUNT_EXPIRED' && reportAccountExpiredError()) return;
  toastQueue.add({ tone: 'error', title: message }, { timeout: 6000 });
}

/** Connects the generated client to the session, the toasts and the sign-in page. */
export function setupApi(goToLogin: (path: string) => void) {
  configureApiClient({
    store,
    notify: notifyApiError,
    onUnauthorized: () => {
      queryClient.clear();
      const here = window.location.pathname + window.location.search;
      goToLogin(`${LOGIN_PATH}?expired=1&redirectTo=${encodeURIComponent(here)}`);
    },
  });
}
