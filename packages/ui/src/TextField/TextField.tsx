import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { FieldLabel, tooLongMessage } from './FieldLabel';
import { fieldStyles, inputGroupStyles } from './fieldStyles';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field, linked with `aria-describedby`. */
  description?: ReactNode;
  /**
   * Message for the field's own (browser) validation or `isInvalid`. Errors from `validate` and
   * server errors from `Form validationErrors` are shown as they come.
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Content inside the field box after the input (e.g. a show-password button). */
  endAdornment?: ReactNode;
  /** Fixed text inside the field box before the input (e.g. an address's prefix); not part of the value. */
  startAdornment?: ReactNode;
  /**
   * The most characters the field takes (the API's limit). Never enforced by cutting what she types or
   * pastes: past it, the field says by how much and the form is not sent.
   */
  maxLength?: number;
}

/**
 * The field's own rule for its length, before the caller's `validate`. Used in place of the native
 * `maxlength`, which silently drops what is typed or pasted past the limit.
 */
export function withMaxLength(
  validate: AriaTextFieldProps['validate'],
  maxLength: number | undefined,
): AriaTextFieldProps['validate'] {
  if (maxLength === undefined) return validate;
  return (value) => (value.length > maxLength ? tooLongMessage(value.length, maxLength) : (validate?.(value) ?? null));
}

/** Portuguese text for the browser's constraint validation (Chromium would answer in its own locale). */
export function nativeValidationMessage(v: ValidationResult): string {
  const d = v.validationDetails;
  if (d.valueMissing) return 'Preencha este campo.';
  if (d.typeMismatch) return 'Confira o formato deste campo.';
  if (d.tooShort) return 'O texto está curto demais.';
  if (d.tooLong) return 'O texto está longo demais.';
  if (d.patternMismatch) return 'Confira o formato deste campo.';
  return v.validationErrors.join(' ');
}

/** Picks the message to show: native problems use `errorMessage`, custom/server errors speak for themselves. */
export function resolveErrorMessage(v: ValidationResult, errorMessage?: TextFieldProps['errorMessage']): string {
  const custom = typeof errorMessage === 'function' ? errorMessage(v) : errorMessage;
  const d = v.validationDetails;
  const isNative = !d.customError && !d.valid;
  if (isNative) return custom || nativeValidationMessage(v);
  return v.validationErrors.join(' ') || custom || 'Valor inválido.';
}

/** A labelled single-line text input with description and error message (RAC TextField). */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  endAdornment,
  startAdornment,
  maxLength,
  validate,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid || undefined}
      validate={withMaxLength(validate, maxLength)}
      css={fieldStyles}
    >
      {({ isInvalid, isDisabled, isReadOnly, isRequired }) => (
        <>
          <FieldLabel label={label} isRequired={isRequired} />
          <div
            css={inputGroupStyles}
            data-invalid={isInvalid || undefined}
            data-disabled={isDisabled || undefined}
            data-readonly={isReadOnly || undefined}
          >
            {startAdornment && <span className="field-start">{startAdornment}</span>}
            <Input placeholder={placeholder} />
            {endAdornment && <span className="field-end">{endAdornment}</span>}
          </div>
          {description && <Text slot="description">{description}</Text>}
          <FieldError className="field-error">{(v) => resolveErrorMessage(v, errorMessage)}</FieldError>
        </>
      )}
    </AriaTextField>
  );
}
