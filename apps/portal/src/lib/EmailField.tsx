import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from '@acompanha/formats';
import { TextField, type TextFieldProps } from '@acompanha/ui';
import { emailErrorMessage, INVALID_EMAIL_MESSAGE } from './account';

export interface EmailFieldProps extends Omit<TextFieldProps, 'type'> {
  /** Whose address it asks for: "Informe seu e-mail." or "Informe o e-mail." when empty. @default 'own' */
  owner?: 'own' | 'client';
}

/**
 * An e-mail address, checked by the one rule the API and its document use (`@acompanha/formats`' `isEmail`),
 * not the browser's: an address the server would refuse (`x@b0-.com`) is refused here first, with the same
 * sentence. The phone's e-mail keyboard, no autocorrect, the API's limit.
 */
export function EmailField({ owner = 'own', validate, errorMessage, ...props }: EmailFieldProps) {
  return (
    <TextField
      inputMode="email"
      autoComplete="email"
      spellCheck="false"
      maxLength={EMAIL_MAX_LENGTH}
      {...props}
      validate={(value) => {
        if (value.trim() && !isEmail(normalizeEmail(value))) return INVALID_EMAIL_MESSAGE;
        return validate?.(value) ?? null;
      }}
      errorMessage={errorMessage ?? emailErrorMessage(owner)}
    />
  );
}
