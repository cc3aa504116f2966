/** Where a signed-in professional lands: the spec sends `/` to `/clients`. */
export const HOME_PATH = '/clients';
export const LOGIN_PATH = '/login';
