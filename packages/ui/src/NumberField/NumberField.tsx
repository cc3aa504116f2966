import { css } from '@emotion/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  Button,
  FieldError,
  Group,
  Input,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import { IconPlus } from '../Icon';
import { FieldLabel } from '../TextField/FieldLabel';
import { resolveErrorMessage } from '../TextField/TextField';
import { fieldStyles, inputGroupStyles } from '../TextField/fieldStyles';
import { formatNumberBR, numberProblem, parseNumberBR, type NumberRules } from '../utils/number';

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
  & > button[data-focus-visible] {
    outline: 2px solid var(--color-focus);
  }
  & > button[data-disabled] {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

export interface NumberFieldProps extends Omit<
  AriaTextFieldProps,
  'children' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'validate' | 'maxLength' | 'pattern'
> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /** The message when the field is required and empty, or `isInvalid`; the field's own rules speak for themselves. */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /**
   * Hides the − / + buttons (arrow keys still step the value).
   * @default false
   */
  hideStepper?: boolean;
  /** Unit or hint after the number inside the field box, e.g. `kg`. */
  unit?: ReactNode;
  /** `null` while empty. */
  value?: number | null;
  defaultValue?: number | null;
  /**
   * Called as she types with the number the text stands for (`null` when empty or not a number). A value
   * out of range or with too many decimals is passed as typed — never clamped or rounded — and the field
   * says what is wrong; inside a `Form` it also keeps the form from being sent.
   */
  onChange?: (value: number | null) => void;
  minValue?: number;
  maxValue?: number;
  /** What − / + and the arrow keys add. @default 1 */
  step?: number;
  /** Decimal places the field takes. @default 0 */
  decimals?: number;
  /** Money in reais (`R$` before the number, centavos). */
  currency?: boolean;
  /** A rule of the caller's, after the field's own: a sentence, or nothing when the value is fine. */
  validate?: (value: number | null) => string | null | undefined;
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

const asValue = (n: number | null | undefined): number | null => (n == null || Number.isNaN(n) ? null : n);

/**
 * A number typed the Brazilian way (`1.234,5`; `72.5` from a phone keyboard), kept exactly as typed:
 * a value out of `minValue`–`maxValue`, or with more decimals than the field takes, is refused with a
 * Portuguese sentence under the field instead of being clamped, rounded or sign-flipped (as a spin
 * button would). Optional − / + buttons and arrow keys step it.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  hideStepper = false,
  unit,
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  step = 1,
  decimals = 0,
  currency = false,
  validate,
  isDisabled,
  isReadOnly,
  ...props
}: NumberFieldProps) {
  const rules: NumberRules = {
    minValue,
    maxValue,
    decimals,
    currency,
    unit: typeof unit === 'string' ? unit : undefined,
  };
  const format = (n: number | null) => (n === null ? '' : formatNumberBR(n, rules));
  const isControlled = value !== undefined;
  const [text, setText] = useState(() => format(asValue(isControlled ? value : defaultValue)));
  // Follow the value when the caller changes it (a loaded record, a chosen service), not while she types.
  const lastReported = useRef<number | null>(asValue(value));
  useEffect(() => {
    if (!isControlled) return;
    const next = asValue(value);
    if (next === lastReported.current) return;
    lastReported.current = next;
    const typed = parseNumberBR(text);
    if ((typed?.value ?? null) !== next) setText(format(next));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const change = (nextText: string) => {
    setText(nextText);
    const parsed = parseNumberBR(nextText);
    const n = parsed ? parsed.value : null;
    lastReported.current = n;
    onChange?.(n);
  };

  const current = parseNumberBR(text);
  const stepTo = (direction: 1 | -1) => {
    const base = current ? current.value : direction === 1 ? (minValue ?? 0) - step : (maxValue ?? 0) + step;
    // Stepping adds in whole steps of the field's precision (no floating-point tails like 72.60000001).
    const factor = 10 ** Math.max(decimals, currency ? 2 : 0, 0);
    const next = Math.round((base + direction * step) * factor) / factor;
    if (
      (direction === 1 && maxValue !== undefined && next > maxValue) ||
      (direction === -1 && minValue !== undefined && next < minValue)
    )
      return;
    change(format(next));
  };
  const canStep = (direction: 1 | -1) => {
    if (isDisabled || isReadOnly) return false;
    if (!current) return true;
    const next = current.value + direction * step;
    return direction === 1 ? maxValue === undefined || next <= maxValue : minValue === undefined || next >= minValue;
  };

  return (
    <AriaTextField
      {...props}
      isInvalid={props.isInvalid || undefined}
      value={text}
      onChange={change}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      inputMode={decimals > 0 || currency ? 'decimal' : 'numeric'}
      autoComplete="off"
      validate={(typed) => {
        const problem = numberProblem(typed, rules);
        if (problem) return problem;
        const parsed = parseNumberBR(typed);
        return validate?.(parsed ? parsed.value : null) ?? null;
      }}
      onBlur={(e) => {
        // A value she may keep is written back in the usual form (`1234,5` → `1.234,50`); anything else stays.
        if (current && !numberProblem(text, rules) && format(current.value) !== text) setText(format(current.value));
        props.onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          if (!isReadOnly && !isDisabled) stepTo(e.key === 'ArrowUp' ? 1 : -1);
        }
        props.onKeyDown?.(e);
      }}
      css={fieldStyles}
    >
      {({ isInvalid, isRequired }) => (
        <>
          <FieldLabel label={label} isRequired={isRequired} />
          <Group
            css={inputGroupStyles}
            isDisabled={isDisabled}
            isInvalid={isInvalid}
            // Its text (R$, the unit) is part of a disabled control: not a contrast problem (axe's rule too).
            aria-disabled={isDisabled || undefined}
            data-readonly={isReadOnly || undefined}
          >
            {currency ? (
              // A little room between "R$" and the amount, as money is written ("R$ 390,00").
              <span className="field-start" aria-hidden="true" css={{ paddingRight: 'var(--space-1)' }}>
                R$
              </span>
            ) : null}
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
                <Button aria-label="Diminuir" isDisabled={!canStep(-1)} onPress={() => stepTo(-1)} excludeFromTabOrder>
                  <IconMinus />
                </Button>
                <Button aria-label="Aumentar" isDisabled={!canStep(1)} onPress={() => stepTo(1)} excludeFromTabOrder>
                  <IconPlus size={16} />
                </Button>
              </span>
            )}
          </Group>
          {description && <Text slot="description">{description}</Text>}
          <FieldError className="field-error">{(v) => resolveErrorMessage(v, errorMessage)}</FieldError>
        </>
      )}
    </AriaTextField>
  );
}
