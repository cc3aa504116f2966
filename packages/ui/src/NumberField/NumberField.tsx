import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Group,
  I18nProvider,
  Input,
  Label,
  NumberField as AriaNumberField,
  Text,
  type NumberFieldProps as AriaNumberFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { IconPlus } from '../Icon';
import { resolveErrorMessage } from '../TextField/TextField';
import { fieldStyles, inputGroupStyles } from '../TextField/fieldStyles';

const stepperStyles = css`
  display: flex;
  align-items: center;
  gap: 2px;
  padding-right: var(--space-1);
  & > button {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: none;
    border-radius: var(--radius-sm);
    background: transparent;
    color: var(--color-text);
    cursor: pointer;
    outline: none;
  }
  & > button[data-hovered],
  & > button[data-pressed] {
    background: var(--color-surface-muted);
  }
  & > button[data-disabled] {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /** Message for invalid values; custom errors from `validate` are shown as they come. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /**
   * Hides the − / + buttons (arrow keys still step the value).
   * @default false
   */
  hideStepper?: boolean;
  /** Unit or hint after the number inside the field box, e.g. `kg`. */
  unit?: ReactNode;
}

function IconMinus() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M5 12h14" />
    </svg>
  );
}

/**
 * A localised number input (pt-BR: `1.234,5`), with − / + buttons and arrow-key stepping.
 * `formatOptions` follows `Intl.NumberFormat` (percent, units, currency…).
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  hideStepper = false,
  unit,
  ...props
}: NumberFieldProps) {
  return (
    // The product speaks Brazilian Portuguese: decimal comma and pt-BR labels for the stepper buttons.
    <I18nProvider locale="pt-BR">
      <AriaNumberField {...props} css={fieldStyles}>
        {({ isRequired }) => (
          <>
            <Label>
              {label}
              {isRequired && (
                <span className="required-mark" aria-hidden="true">
                  *
                </span>
              )}
            </Label>
            <Group css={inputGroupStyles}>
              <Input placeholder={placeholder} />
              {unit && (
                <span
                  aria-hidden="true"
                  css={{
                    paddingRight: 'var(--space-2)',
                    color: 'var(--color-text-muted)',
                    fontSize: 'var(--font-size-sm)',
                  }}
                >
                  {unit}
                </span>
              )}
              {!hideStepper && (
                <span css={stepperStyles}>
                  <Button slot="decrement">
                    <IconMinus />
                  </Button>
                  <Button slot="increment">
                    <IconPlus size={16} />
                  </Button>
                </span>
              )}
            </Group>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => resolveErrorMessage(v, errorMessage)}</FieldError>
          </>
        )}
      </AriaNumberField>
    </I18nProvider>
  );
}
