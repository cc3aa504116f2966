import { redirect } from 'react-router';
import { asApiError } from '@acompanha/api-client';
import { LOGIN_PATH } from './paths';

/**
 * Runs a route loader's fetch; an expired or revoked session (401) goes to the sign-in page
 * instead of the error screen. The central handler has already cleared the session.
 */
export async function loadOrSignIn<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (raw) {
    const error = asApiError(raw);
    if (error.status === 401) {
      const here = window.location.pathname + window.location.search;
      throw redirect(`${LOGIN_PATH}?expired=1&redirectTo=${encodeURIComponent(here)}`);
    }
    throw error;
  }
}
