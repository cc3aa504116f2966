import { css } from '@emotion/react';
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { visuallyHidden } from '../../styles';
import { answerErrorStyles, answerHintStyles, answerLabelStyles } from '../surveyStyles';

export interface FreeFieldAnswerProps {
  /** Accessible name of the field (usually the question title). */
  label: string;
  /** Shows `label` above the field. @default false */
  isLabelVisible?: boolean;
  value: string;
  onChange: (value: string) => void;
  /**
   * Several lines (a text area) instead of one.
   * @default false
   */
  multiline?: boolean;
  /** Limit of characters; shows a live 'N/M caracteres' counter. */
  maxLength?: number;
  placeholder?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
}

const freeFieldStyles = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  & input,
  & textarea {
    width: 100%;
    min-height: 52px;
    padding: var(--space-3) var(--space-4);
    border: 2px solid var(--quiz-text-field-border);
    border-radius: var(--radius-lg);
    background: var(--quiz-text-field-bg);
    color: var(--quiz-text-field-text);
    caret-color: var(--quiz-text-field-primary);
    font-size: var(--font-size-md);
    line-height: var(--line-height-normal);
    outline: none;
  }
  & textarea {
    min-height: 140px;
    resize: vertical;
  }
  & input::placeholder,
  & textarea::placeholder {
    color: var(--quiz-text-field-secondary);
    opacity: 1;
  }
  & input[data-focused],
  & textarea[data-focused] {
    border-color: var(--quiz-text-field-primary);
    outline: 3px solid var(--quiz-focus);
    outline-offset: 1px;
  }
  & input[data-disabled],
  & textarea[data-disabled] {
    opacity: 0.6;
  }
  & .free-counter {
    ${answerHintStyles};
    align-self: flex-end;
    font-variant-numeric: tabular-nums;
  }
  & .free-counter[data-full] {
    color: var(--quiz-body-text);
    font-weight: var(--font-weight-semibold);
  }
  & .free-counter[data-over] {
    color: var(--quiz-danger);
  }
`;

/**
 * A written answer in one or several lines, with a live character counter when `maxLength` is
 * set (the counter describes the field, so screen readers hear it on focus). Nothing typed or pasted
 * is cut at the limit: past it, the field says by how much (the question does not go on until it fits).
 */
export function FreeFieldAnswer({
  label,
  isLabelVisible = false,
  value,
  onChange,
  multiline = false,
  maxLength,
  placeholder = 'Digite sua resposta',
  isDisabled,
  isRequired,
}: FreeFieldAnswerProps) {
  const over = maxLength !== undefined && value.length > maxLength;
  return (
    <TextField
      css={freeFieldStyles}
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      isRequired={isRequired}
      isInvalid={over}
      validationBehavior="aria"
    >
      <Label css={isLabelVisible ? answerLabelStyles : visuallyHidden}>{label}</Label>
      {multiline ? <TextArea placeholder={placeholder} rows={5} /> : <Input placeholder={placeholder} />}
      {maxLength !== undefined && (
        <Text
          slot="description"
          className="free-counter"
          data-full={value.length === maxLength || undefined}
          data-over={over || undefined}
        >
          {value.length}/{maxLength} caracteres
        </Text>
      )}
      <FieldError css={answerErrorStyles}>
        {over && maxLength !== undefined ? freeFieldTooLong(value.length, maxLength) : null}
      </FieldError>
    </TextField>
  );
}

/** What a written answer past its limit says (the survey does not go on until it fits). */
export function freeFieldTooLong(length: number, maxLength: number): string {
  return `Use no máximo ${maxLength} caracteres (agora são ${length}).`;
}
