import { client } from './gen/client.gen';
import { type ApiError, type ApiErrorCode, classifyError, toApiError } from './errors';
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

/** Per-call options of the central error handler, passed as the SDK's `meta`. */
export type RequestMeta = {
  /** Codes the calling screen shows itself; the central handler shows no toast for them. */
  handledCodes?: readonly ApiErrorCode[];
};

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
  errorInterceptor = client.interceptors.error.use((body, response, request, opts) => {
    const error = toApiError(body, response?.status);
    let action = classifyError(error, request ? { method: request.method, url: request.url } : undefined);
    // A screen that answers a code with its own UI (e.g. sign-in sending an unverified account to
    // the verification page) names it in `meta.handledCodes`, so no toast repeats what it shows.
    const handledHere = (opts as { meta?: RequestMeta } | undefined)?.meta?.handledCodes;
    if (action === 'toast' && handledHere?.includes(error.code)) action = 'pass-through';
    if (action === 'logout') {
      const hadSession = !!options.store.getState().session.jwt;
      options.store.logout();
      if (hadSession) options.onUnauthorized?.();
    } else if (action === 'toast') {
      options.notify(error.userMessage, error);
    }
    return error;
  });
  return client;
}

export interface SurveyClientOptions {
  /** The survey token of the link being answered (from `POST /quiz-answer/validate-pin`); nothing before the PIN. */
  getToken: () => string | null | undefined;
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** The `meta` of a call whose listed codes the calling screen shows itself (typed: a code must exist). */
export const handled = (...codes: ApiErrorCode[]): RequestMeta => ({ handledCodes: codes });

/**
 * Wires the generated client for the patient's survey app: secured calls carry the survey token,
 * never a professional's session, and failures go back to the caller untouched (the survey's flow
 * machine decides what a code means: no toast, no logout).
 */
export function configureSurveyClient(options: SurveyClientOptions) {
  client.setConfig({
    baseUrl: options.baseUrl ?? '/api',
    auth: () => options.getToken() ?? undefined,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (errorInterceptor !== undefined) {
    client.interceptors.error.eject(errorInterceptor);
    errorInterceptor = undefined;
  }
  return client;
}
