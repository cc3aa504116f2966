/**
 * Where a signed-in professional lands. The spec sends `/` to `/clients`; until the clients
 * screen exists (issue 5) the home is the profile, so no link ever leads to an unfinished page.
 */
export const HOME_PATH = '/profile';
export const LOGIN_PATH = '/login';
