import { client } from './gen/client.gen';
import { ApiError, classifyError, messageForCode, toApiError } from './errors';
import type { PersistedStore } from './store';

export interface ApiClientOptions {
  /** Where the session lives; its jwt is sent as `Authorization: Bearer` on secured calls. */
  store: PersistedStore;
  /** Shows a toast; the api-client never imports the ui package itself. */
  notify: (message: string, error: ApiError) => void;
  /** Called after a 401 cleared the session (the app navigates to the login page). */
  onUnauthorized?: () => void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

let errorInterceptor: number | undefined;

/**
 * Wires the generated client to the session and to the central error handler of spec section 8.
 * Only operations the API marks as secured get the bearer token, so recovery calls go without it.
 */
export function configureApiClient(options: ApiClientOptions) {
  client.setConfig({
    baseUrl: options.baseUrl ?? '/api',
    auth: () => options.store.getState().session.jwt ?? undefined,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  if (errorInterceptor !== undefined) client.interceptors.error.eject(errorInterceptor);
  errorInterceptor = client.interceptors.error.use((body, response, request) => {
    const error = toApiError(body, response?.status);
    const action = classifyError(error, request ? { method: request.method, url: request.url } : undefined);
    if (action === 'logout') {
      const hadSession = !!options.store.getState().session.jwt;
      options.store.logout();
      if (hadSession) options.onUnauthorized?.();
    } else if (action === 'toast') {
      options.notify(messageForCode(error.code), error);
    }
    return error;
  });
  return client;
}
