import { css } from '@emotion/react';
import { useId } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { visuallyHidden } from '../../styles';
import { AlternativeIndicator } from '../AlternativeIndicator';
import { alternativeStyles, answerLabelStyles } from '../surveyStyles';

export interface LikertStatement {
  id: string;
  text: string;
}

export interface LikertLevel {
  id: string;
  label: string;
}

/** The usual five agreement levels. */
export const defaultLikertLevels: LikertLevel[] = [
  { id: '1', label: 'Discordo totalmente' },
  { id: '2', label: 'Discordo' },
  { id: '3', label: 'Não concordo nem discordo' },
  { id: '4', label: 'Concordo' },
  { id: '5', label: 'Concordo totalmente' },
];

export interface LikertScaleAnswerProps {
  /** Accessible name of the whole question. */
  label: string;
  statements: LikertStatement[];
  /**
   * Agreement levels, from the most negative to the most positive.
   * @default defaultLikertLevels ('Discordo totalmente' … 'Concordo totalmente')
   */
  levels?: LikertLevel[];
  /** Chosen level id per statement id. */
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
  isDisabled?: boolean;
}

const likertStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-5);
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  & .likert-statement {
    display: flex;
    flex-direction: column;
    gap: var(--space-2);
  }
  & .likert-text {
    ${answerLabelStyles};
    font-size: var(--font-size-md);
  }
  & .likert-levels {
    display: flex;
    flex-direction: column;
    gap: var(--space-2);
  }
  & .likert-level {
    ${alternativeStyles};
    min-height: 48px;
    padding: var(--space-2) var(--space-3);
    font-size: var(--font-size-sm);
  }
  /* Wider screens: the levels of a statement side by side. */
  @media (min-width: 640px) {
    & .likert-levels {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(0, 1fr));
      grid-auto-flow: column;
    }
    & .likert-level {
      flex-direction: column;
      justify-content: center;
      text-align: center;
    }
  }
`;

/**
 * Agreement with each statement. One block per statement (a radio group named by the statement),
 * so a phone shows them one under the other.
 */
export function LikertScaleAnswer({
  label,
  statements,
  levels = defaultLikertLevels,
  value,
  onChange,
  isDisabled,
}: LikertScaleAnswerProps) {
  const id = useId();
  return (
    <fieldset css={likertStyles} disabled={isDisabled}>
      <legend css={visuallyHidden}>{label}</legend>
      {statements.map((s, index) => (
        <RadioGroup
          key={s.id}
          className="likert-statement"
          value={value[s.id] ?? null}
          onChange={(level) => onChange({ ...value, [s.id]: level })}
          isDisabled={isDisabled}
          aria-describedby={`${id}-count-${index}`}
        >
          <Label className="likert-text">{s.text}</Label>
          <span id={`${id}-count-${index}`} css={visuallyHidden}>
            Afirmação {index + 1} de {statements.length}
          </span>
          <div className="likert-levels">
            {levels.map((level) => (
              <Radio key={level.id} value={level.id} className="likert-level">
                <AlternativeIndicator shape="circle" />
                <span>{level.label}</span>
              </Radio>
            ))}
          </div>
        </RadioGroup>
      ))}
    </fieldset>
  );
}
