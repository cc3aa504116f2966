import { css } from '@emotion/react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { alternativeStyles, answerHintStyles, answerLabelStyles } from '../surveyStyles';
import { visuallyHidden } from '../../styles';

export interface LinearScaleAnswerProps {
  /** Accessible name of the scale (usually the question title). */
  label: string;
  /** Shows `label` above the scale. @default false */
  isLabelVisible?: boolean;
  /** @default 1 */
  min?: number;
  /** @default 5 */
  max?: number;
  /** Meaning of the lowest number, e.g. 'Nada satisfeito'. */
  minLabel?: string;
  /** Meaning of the highest number, e.g. 'Muito satisfeito'. */
  maxLabel?: string;
  value: number | null;
  onChange: (value: number) => void;
  isDisabled?: boolean;
  isRequired?: boolean;
}

const scaleStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  & .scale-row {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(48px, 1fr));
    gap: var(--space-2);
  }
  & .scale-option {
    ${alternativeStyles};
    justify-content: center;
    min-height: 52px;
    padding: 0;
    font-size: var(--font-size-lg);
    font-weight: var(--font-weight-semibold);
    font-variant-numeric: tabular-nums;
  }
  & .scale-ends {
    ${answerHintStyles};
    display: flex;
    justify-content: space-between;
    gap: var(--space-4);
  }
  & .scale-ends > :last-child {
    text-align: right;
  }
`;

/** A row of numbered buttons (a radio group): tap a number, or use the arrow keys. */
export function LinearScaleAnswer({
  label,
  isLabelVisible = false,
  min = 1,
  max = 5,
  minLabel,
  maxLabel,
  value,
  onChange,
  isDisabled,
  isRequired,
}: LinearScaleAnswerProps) {
  const numbers = Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
  const describe = (n: number) =>
    n === min && minLabel ? `${n}, ${minLabel}` : n === max && maxLabel ? `${n}, ${maxLabel}` : String(n);
  return (
    <RadioGroup
      css={scaleStyles}
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      isDisabled={isDisabled}
      isRequired={isRequired}
    >
      <Label css={isLabelVisible ? answerLabelStyles : visuallyHidden}>{label}</Label>
      <div className="scale-row">
        {numbers.map((n) => (
          <Radio key={n} value={String(n)} className="scale-option" aria-label={describe(n)}>
            {n}
          </Radio>
        ))}
      </div>
      {(minLabel || maxLabel) && (
        <div className="scale-ends" aria-hidden="true">
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      )}
    </RadioGroup>
  );
}
