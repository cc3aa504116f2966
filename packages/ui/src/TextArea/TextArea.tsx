import type { ReactNode } from 'react';
import {
  FieldError,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { fieldStyles, inputGroupStyles } from '../TextField/fieldStyles';
import { FieldLabel } from '../TextField/FieldLabel';
import { resolveErrorMessage, withMaxLength } from '../TextField/TextField';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /** Message for the field's own validation or `isInvalid`; custom and server errors speak for themselves. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /**
   * Visible lines before it scrolls.
   * @default 4
   */
  rows?: number;
  /** Shows a live 'N/M caracteres' counter when `maxLength` is set. @default true */
  showCounter?: boolean;
  /** The most characters the field takes; past it the field says so (nothing typed or pasted is cut). */
  maxLength?: number;
}

/** A labelled multi-line text input (notes, descriptions, messages), with an optional character counter. */
export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  showCounter = true,
  maxLength,
  validate,
  ...props
}: TextAreaProps) {
  const length = (props.value ?? '').length;
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
            css={[
              inputGroupStyles,
              {
                alignItems: 'stretch',
                '& > textarea': {
                  flex: 1,
                  minWidth: 0,
                  minHeight: `${rows * 1.5 + 1}em`,
                  padding: 'var(--space-2) var(--space-3)',
                  border: 'none',
                  outline: 'none',
                  background: 'transparent',
                  color: 'var(--color-text)',
                  font: 'inherit',
                  fontSize: 'var(--font-size-md)',
                  lineHeight: 'var(--line-height-normal)',
                  borderRadius: 'var(--radius-md)',
                  resize: 'vertical',
                },
                '& > textarea::placeholder': { color: 'var(--color-text-muted)' },
              },
            ]}
            data-invalid={isInvalid || undefined}
            data-disabled={isDisabled || undefined}
            data-readonly={isReadOnly || undefined}
          >
            <AriaTextArea placeholder={placeholder} rows={rows} />
          </div>
          {description && <Text slot="description">{description}</Text>}
          {showCounter && maxLength !== undefined && props.value !== undefined ? (
            <Text
              slot="description"
              className="field-counter"
              data-over={length > maxLength || undefined}
              css={{
                alignSelf: 'flex-end',
                fontVariantNumeric: 'tabular-nums',
                '&[data-over]': { color: 'var(--color-danger)', fontWeight: 'var(--font-weight-medium)' },
              }}
            >
              {length.toLocaleString('pt-BR')}/{maxLength.toLocaleString('pt-BR')} caracteres
            </Text>
          ) : null}
          <FieldError className="field-error">{(v) => resolveErrorMessage(v, errorMessage)}</FieldError>
        </>
      )}
    </AriaTextField>
  );
}
