/** Rules of the professional's account the forms check before the API does. */

export const MIN_PASSWORD_LENGTH = 8;
