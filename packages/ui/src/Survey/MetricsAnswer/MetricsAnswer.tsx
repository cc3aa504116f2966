import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { visuallyHidden } from '../../styles';
import { parseNumberBR, numberProblem } from '../../utils/number';
import { answerErrorStyles, answerHintStyles, answerLabelStyles } from '../surveyStyles';

export interface MetricsAnswerProps {
  /** Label, e.g. 'Peso' (also the accessible name, with the unit). */
  label: string;
  /**
   * Shows `label` above the field. Off where the question's title, right above, already says it.
   * @default true
   */
  isLabelVisible?: boolean;
  /** Unit after the number, e.g. 'kg', 'cm', '%', 'mg/dL'. */
  unit: string;
  /** `null` while empty. */
  value: number | null;
  /**
   * Called as she types with the value the text stands for when the question takes it (within range,
   * no more decimals than allowed), else `null`. What she typed is never changed: a value the question
   * does not take is said under the field, in Portuguese, and not passed on.
   */
  onChange: (value: number | null) => void;
  /** Called when the typed text stops or starts being a value the question takes, with the reason (or `null`). */
  onProblemChange?: (problem: string | null) => void;
  /** Shows the reason now (she tried to go on), not only once she leaves the field. */
  showProblem?: boolean;
  /**
   * Decimal places allowed (pt-BR decimal comma: `72,5`).
   * @default 1
   */
  decimals?: number;
  minValue?: number;
  maxValue?: number;
  description?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
}

const metricsStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  & .metrics-box {
    display: flex;
    align-items: center;
    min-height: 52px;
    border: 2px solid var(--quiz-text-field-border);
    border-radius: var(--radius-lg);
    background: var(--quiz-text-field-bg);
    color: var(--quiz-text-field-text);
  }
  & .metrics-box[data-invalid] {
    border-color: var(--quiz-danger);
  }
  & .metrics-box:focus-within {
    outline: 2px solid var(--quiz-text-field-primary);
    outline-offset: 2px;
  }
  & input {
    flex: 1;
    min-width: 0;
    height: 48px;
    padding: 0 var(--space-4);
    border: 0;
    background: transparent;
    color: inherit;
    caret-color: var(--quiz-text-field-primary);
    font: inherit;
    font-size: var(--font-size-lg);
    outline: none;
  }
  & input[disabled] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  & .metrics-unit {
    padding: 0 var(--space-4);
    color: var(--quiz-text-field-secondary);
    font-weight: var(--font-weight-medium);
  }
`;

const formatter = (decimals: number) =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: decimals, useGrouping: false });

/** Reads what a person types on a Brazilian phone keyboard: `72,5` or `72.5` (`null` when it is not a number). */
export function parseDecimalBR(text: string): number | null {
  return parseNumberBR(text)?.value ?? null;
}

/**
 * A measurement (weight, waist, glucose) with its unit, in pt-BR format, within `minValue`–`maxValue`.
 * A plain decimal input with the phone's numeric keyboard: lighter than a spin button, and what a
 * patient expects when typing a weight. What she types stays as typed: 999 where the range ends at 350
 * is refused under the field ("Informe um valor entre 20 e 350 kg."), never replaced by 350.
 */
export function MetricsAnswer({
  label,
  isLabelVisible = true,
  unit,
  value,
  onChange,
  onProblemChange,
  showProblem = false,
  decimals = 1,
  minValue,
  maxValue,
  description,
  isDisabled,
  isRequired,
}: MetricsAnswerProps) {
  const format = formatter(decimals);
  const rules = { minValue, maxValue, decimals, unit };
  const [text, setText] = useState(value === null ? '' : format.format(value));
  const [left, setLeft] = useState(false);
  // Follow the value when it changes from outside (a resumed answer), not what this field reported.
  const reported = useRef(value);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value === null ? '' : format.format(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const problem = numberProblem(text, rules);
  const lastProblem = useRef(problem);
  useEffect(() => {
    if (problem === lastProblem.current) return;
    lastProblem.current = problem;
    onProblemChange?.(problem);
  }, [problem, onProblemChange]);
  const shown = problem && (left || showProblem) ? problem : null;

  const range =
    minValue !== undefined && maxValue !== undefined
      ? `Entre ${format.format(minValue)} e ${format.format(maxValue)} ${unit}.`
      : undefined;

  return (
    <TextField
      css={metricsStyles}
      value={text}
      onChange={(typed) => {
        setText(typed);
        setLeft(false);
        const parsed = parseNumberBR(typed);
        const taken = parsed && !numberProblem(typed, rules) ? parsed.value : null;
        reported.current = taken;
        onChange(taken);
      }}
      onBlur={() => setLeft(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') setLeft(true);
      }}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={!!shown}
      validationBehavior="aria"
    >
      <Label css={isLabelVisible ? answerLabelStyles : visuallyHidden}>
        {label}
        {/* The unit is drawn inside the box (hidden there); screen readers get it with the label. */}
        <span css={visuallyHidden}> em {unit}</span>
      </Label>
      <div className="metrics-box" data-invalid={shown ? true : undefined}>
        <Input inputMode="decimal" autoComplete="off" />
        <span className="metrics-unit" aria-hidden="true">
          {unit}
        </span>
      </div>
      {description || range ? (
        <Text slot="description" css={answerHintStyles}>
          {description ?? range}
        </Text>
      ) : null}
      <FieldError css={answerErrorStyles}>{shown}</FieldError>
    </TextField>
  );
}
