/**
 * Where a signed-in professional lands. The spec sends `/` to `/clients`; until the clients
 * screen exists (issue 5) the home is the questionnaires, so no link leads to an unfinished page.
 */
export const HOME_PATH = '/quizzes';
export const LOGIN_PATH = '/login';
