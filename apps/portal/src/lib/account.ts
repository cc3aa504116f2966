/** Rules of the professional's account the forms check before the API does. */

export const MIN_PASSWORD_LENGTH = 8;

/** Whose e-mail a field asks for: hers ("seu") or her client's ("o"). */
type EmailOwner = 'own' | 'client';

/**
 * The one message of an e-mail field, by what is wrong: empty, or not an address (with an example of
 * one). For a field's `errorMessage`; a server's message about the field speaks for itself.
 */
export const emailErrorMessage =
  (owner: EmailOwner = 'own') =>
  (v: { validationDetails: { valueMissing: boolean } }): string =>
    v.validationDetails.valueMissing
      ? owner === 'own'
        ? 'Informe seu e-mail.'
        : 'Informe o e-mail.'
      : INVALID_EMAIL_MESSAGE;

export const INVALID_EMAIL_MESSAGE = 'Informe um e-mail válido, como nome@exemplo.com.';
