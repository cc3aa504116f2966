import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  FieldError,
  Label,
  RadioButton,
  RadioField,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioFieldProps,
  type RadioGroupProps as AriaRadioGroupProps,
  type ValidationResult,
} from 'react-aria-components';
import { choiceStyles, groupLabelStyles } from '../Checkbox/Checkbox';
import { fieldStyles } from '../TextField/fieldStyles';

const radioStyles = css`
  ${choiceStyles};
  & .radio-circle {
    flex: none;
    width: 20px;
    height: 20px;
    margin-top: 2px;
    border: 2px solid var(--color-border-strong);
    border-radius: var(--radius-full);
    background: var(--color-surface);
    transition:
      border-width var(--duration-fast) var(--easing-standard),
      border-color var(--duration-fast) var(--easing-standard);
  }
  &[data-hovered] .radio-circle {
    border-color: var(--color-text-muted);
  }
  &[data-selected] .radio-circle {
    border: 6px solid var(--color-action-bg);
  }
  &[data-pressed] .radio-circle {
    border-color: var(--color-action-bg-pressed);
  }
  &[data-invalid] .radio-circle {
    border-color: var(--color-danger);
  }
  &[data-focus-visible] .radio-circle {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

export interface RadioProps extends Omit<RadioFieldProps, 'children'> {
  /** Visible label (also the accessible name). */
  children: ReactNode;
  /** Help text under the option's label. */
  description?: ReactNode;
}

/** One option of a `RadioGroup`. */
export function Radio({ children, description, ...props }: RadioProps) {
  return (
    <RadioField
      {...props}
      css={css`
        display: flex;
        flex-direction: column;
        gap: 2px;
        & [slot='description'] {
          padding-left: 28px;
          font-size: var(--font-size-sm);
          color: var(--color-text-muted);
        }
      `}
    >
      <RadioButton css={radioStyles}>
        <span className="radio-circle" aria-hidden="true" />
        {children}
      </RadioButton>
      {description && <Text slot="description">{description}</Text>}
    </RadioField>
  );
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  /** Visible label of the group (also its accessible name). */
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  /**
   * Message when the group is invalid.
   * @default 'Selecione uma opção.' for a required group
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /**
   * Arrow keys move between options in both orientations.
   * @default 'vertical'
   */
  orientation?: 'vertical' | 'horizontal';
  children: ReactNode;
}

/** A labelled set of mutually exclusive options; the value is the selected `Radio`'s `value`. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  orientation = 'vertical',
  children,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} isInvalid={props.isInvalid || undefined} orientation={orientation} css={fieldStyles}>
      <Label css={groupLabelStyles}>{label}</Label>
      {description && <Text slot="description">{description}</Text>}
      <div
        css={css`
          display: flex;
          flex-direction: ${orientation === 'vertical' ? 'column' : 'row'};
          flex-wrap: wrap;
          gap: var(--space-2) var(--space-4);
          padding-top: var(--space-1);
        `}
      >
        {children}
      </div>
      <FieldError className="field-error">
        {(v) =>
          (typeof errorMessage === 'function' ? errorMessage(v) : errorMessage) ||
          (v.validationDetails.valueMissing ? 'Selecione uma opção.' : v.validationErrors.join(' '))
        }
      </FieldError>
    </AriaRadioGroup>
  );
}
