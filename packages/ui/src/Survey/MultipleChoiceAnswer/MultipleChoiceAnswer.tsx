import { css } from '@emotion/react';
import { Checkbox, CheckboxGroup, FieldError, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { visuallyHidden } from '../../styles';
import { AlternativeIndicator } from '../AlternativeIndicator';
import { alternativeStyles, answerErrorStyles, answerHintStyles, answerLabelStyles } from '../surveyStyles';

export interface Alternative {
  id: string;
  label: string;
}

export interface MultipleChoiceAnswerProps {
  /** Accessible name of the group (usually the question title). */
  label: string;
  /** Shows `label` above the cards; the question title usually says it already. @default false */
  isLabelVisible?: boolean;
  alternatives: Alternative[];
  /**
   * One answer (radio cards) or several (checkbox cards).
   * @default 'single'
   */
  selectionMode?: 'single' | 'multiple';
  /** Selected alternative ids (at most one in `single` mode). */
  value: string[];
  onChange: (ids: string[]) => void;
  /** Help text, e.g. 'Escolha quantas quiser.' */
  description?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  isInvalid?: boolean;
  /** Shown when `isInvalid`. */
  errorMessage?: string;
}

const listStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
`;

const groupStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  & [slot='description'] {
    ${answerHintStyles};
  }
  & .answer-error {
    ${answerErrorStyles};
  }
`;

/**
 * Big tappable cards, one per alternative. Single choice is a radio group (arrow keys move the
 * selection), multiple choice a checkbox group (Tab between cards, Space toggles).
 */
export function MultipleChoiceAnswer({
  label,
  isLabelVisible = false,
  alternatives,
  selectionMode = 'single',
  value,
  onChange,
  description,
  isRequired,
  isDisabled,
  isInvalid,
  errorMessage,
}: MultipleChoiceAnswerProps) {
  const labelEl = <Label css={isLabelVisible ? answerLabelStyles : visuallyHidden}>{label}</Label>;
  const shared = { isRequired, isDisabled, isInvalid, css: groupStyles };
  const extras = (
    <>
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="answer-error">{errorMessage}</FieldError>
    </>
  );

  if (selectionMode === 'multiple') {
    return (
      <CheckboxGroup {...shared} value={value} onChange={onChange}>
        {labelEl}
        {extras}
        <div css={listStyles}>
          {alternatives.map((a) => (
            <Checkbox key={a.id} value={a.id} css={alternativeStyles}>
              <AlternativeIndicator shape="box" />
              <span>{a.label}</span>
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
    );
  }
  return (
    <RadioGroup {...shared} value={value[0] ?? null} onChange={(id) => onChange(id ? [id] : [])}>
      {labelEl}
      {extras}
      <div css={listStyles}>
        {alternatives.map((a) => (
          <Radio key={a.id} value={a.id} css={alternativeStyles}>
            <AlternativeIndicator shape="circle" />
            <span>{a.label}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
