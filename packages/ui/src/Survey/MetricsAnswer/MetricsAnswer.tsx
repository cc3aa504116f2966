import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { visuallyHidden } from '../../styles';
import { answerHintStyles, answerLabelStyles } from '../surveyStyles';

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
  /** Called when the typed value is confirmed (the field loses focus, or Enter): rounded and kept within range. */
  onChange: (value: number | null) => void;
  /**
   * Called on every keystroke with what the text typed so far stands for, before it is confirmed:
   * the rounded number when it is within range, else `null`. For keeping an answer not yet sent.
   */
  onTyping?: (value: number | null) => void;
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

/** Reads what a person types on a Brazilian phone keyboard: `72,5` or `72.5`. */
export function parseDecimalBR(text: string): number | null {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d*\.?\d*$/.test(clean) || !/\d/.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/**
 * A measurement (weight, waist, glucose) with its unit, in pt-BR format, within `minValue`–`maxValue`.
 * A plain decimal input with the phone's numeric keyboard: lighter than a spin button, and what a
 * patient expects when typing a weight.
 */
export function MetricsAnswer({
  label,
  isLabelVisible = true,
  unit,
  value,
  onChange,
  onTyping,
  decimals = 1,
  minValue,
  maxValue,
  description,
  isDisabled,
  isRequired,
}: MetricsAnswerProps) {
  const format = formatter(decimals);
  const [text, setText] = useState(value === null ? '' : format.format(value));
  useEffect(() => {
    // Follow the value when it changes from outside (a resumed answer), not while typing.
    const parsed = parseDecimalBR(text);
    if (value !== parsed) setText(value === null ? '' : format.format(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const factor = 10 ** decimals;
  const rounded = (typed: string) => {
    const parsed = parseDecimalBR(typed);
    return parsed === null ? null : Math.round(parsed * factor) / factor;
  };
  const inRange = (n: number) => (minValue === undefined || n >= minValue) && (maxValue === undefined || n <= maxValue);

  function commit() {
    let n = rounded(text);
    if (n === null) {
      setText('');
      if (value !== null) onChange(null);
      return;
    }
    if (minValue !== undefined) n = Math.max(minValue, n);
    if (maxValue !== undefined) n = Math.min(maxValue, n);
    setText(format.format(n));
    onChange(n);
  }

  const range =
    minValue !== undefined && maxValue !== undefined
      ? `Entre ${format.format(minValue)} e ${format.format(maxValue)} ${unit}.`
      : undefined;

  return (
    <TextField
      css={metricsStyles}
      value={text}
      onChange={(next) => {
        const typed = next.replace(/[^\d.,-]/g, '');
        setText(typed);
        if (onTyping) {
          const n = rounded(typed);
          onTyping(n !== null && inRange(n) ? n : null);
        }
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      isDisabled={isDisabled}
      isRequired={isRequired}
    >
      <Label css={isLabelVisible ? answerLabelStyles : visuallyHidden}>
        {label}
        {/* The unit is drawn inside the box (hidden there); screen readers get it with the label. */}
        <span css={visuallyHidden}> em {unit}</span>
      </Label>
      <div className="metrics-box">
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
    </TextField>
  );
}
