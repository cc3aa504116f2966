import { redirect } from 'react-router';
import { asApiError } from '@acompanha/api-client';
import { LOGIN_PATH } from './paths';
import { isSignedIn } from './store';

function loginRedirect(request: Request, expired: boolean) {
  const url = new URL(request.url);
  const back = encodeURIComponent(url.pathname + url.search);
  return redirect(`${LOGIN_PATH}?${expired ? 'expired=1&' : ''}redirectTo=${back}`);
}

/**
 * Runs a private route's fetch. React Router runs a child's loader beside its layout's, so the
 * session is checked here too: no call leaves without a token. An expired or revoked session
 * (401) goes to the sign-in page instead of the error screen; the central handler has already
 * cleared it.
 */
export async function loadOrSignIn<T>(request: Request, load: () => Promise<T>): Promise<T> {
  if (!isSignedIn()) throw loginRedirect(request, false);
  try {
    return await load();
  } catch (raw) {
    const error = asApiError(raw);
    if (error.status === 401) throw loginRedirect(request, true);
    throw error;
  }
}
