import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import {
  CheckboxButton,
  CheckboxField,
  CheckboxGroup as AriaCheckboxGroup,
  FieldError,
  Label,
  Text,
  type CheckboxFieldProps,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type ValidationResult,
} from 'react-aria-components';
import { fieldStyles } from '../TextField/fieldStyles';

/** The box/circle + label row shared by Checkbox, Radio and Switch. */
export const choiceStyles = css`
  display: inline-flex;
  align-items: flex-start;
  gap: var(--space-2);
  color: var(--color-text);
  font-size: var(--font-size-md);
  line-height: var(--line-height-normal);
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const checkboxStyles = css`
  ${choiceStyles};
  & .checkbox-box {
    flex: none;
    display: grid;
    place-items: center;
    width: 20px;
    height: 20px;
    margin-top: 2px;
    border: 2px solid var(--color-border-strong);
    border-radius: var(--radius-sm);
    background: var(--color-surface);
    color: var(--color-action-text);
    transition:
      background-color var(--duration-fast) var(--easing-standard),
      border-color var(--duration-fast) var(--easing-standard);
  }
  &[data-hovered] .checkbox-box {
    border-color: var(--color-text-muted);
  }
  &[data-selected] .checkbox-box,
  &[data-indeterminate] .checkbox-box {
    background: var(--color-action-bg);
    border-color: var(--color-action-bg);
  }
  &[data-pressed] .checkbox-box {
    border-color: var(--color-action-bg-pressed);
  }
  &[data-invalid] .checkbox-box {
    border-color: var(--color-danger);
  }
  &[data-invalid][data-selected] .checkbox-box {
    background: var(--color-danger-bg);
  }
  &[data-focus-visible] .checkbox-box {
    outline: 2px solid var(--color-focus);
    outline-offset: 2px;
  }
`;

/** Group label: RAC renders it as a `span` inside groups, so `fieldStyles`' `label` rule does not reach it. */
export const groupLabelStyles = css`
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
  color: var(--color-text);
`;

const fieldColumn = css`
  ${fieldStyles};
  & > [slot='description'],
  & > .field-error {
    padding-left: 28px;
  }
`;

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'children'> {
  /** Visible label (also the accessible name). Omit only with `aria-label` (e.g. table row selection). */
  children?: ReactNode;
  /** Help text under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /**
   * Message when the checkbox is invalid (`isInvalid`, `isRequired` or `validate`).
   * @default 'Marque esta opção para continuar.' for a required checkbox
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

function CheckIcon({ isIndeterminate }: { isIndeterminate: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={3.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {isIndeterminate ? <path d="M5 12h14" /> : <path d="M20 6 9 17l-5-5" />}
    </svg>
  );
}

/** A single checkbox with label, help text and error message (RAC CheckboxField). */
export function Checkbox({ children, description, errorMessage, ...props }: CheckboxProps) {
  return (
    <CheckboxField {...props} css={fieldColumn}>
      <CheckboxButton css={checkboxStyles}>
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className="checkbox-box" aria-hidden="true">
              {(isSelected || isIndeterminate) && <CheckIcon isIndeterminate={isIndeterminate} />}
            </span>
            {children}
          </>
        )}
      </CheckboxButton>
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="field-error">
        {(v) =>
          (typeof errorMessage === 'function' ? errorMessage(v) : errorMessage) ||
          (v.validationDetails.valueMissing ? 'Marque esta opção para continuar.' : v.validationErrors.join(' '))
        }
      </FieldError>
    </CheckboxField>
  );
}

export interface CheckboxGroupProps extends Omit<AriaCheckboxGroupProps, 'children'> {
  /** Visible label of the group (also its accessible name). */
  label: ReactNode;
  /** Help text under the label. */
  description?: ReactNode;
  /**
   * Message when the group is invalid.
   * @default 'Selecione ao menos uma opção.' for a required group
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /**
   * @default 'vertical'
   */
  orientation?: 'vertical' | 'horizontal';
  children: ReactNode;
}

/** A labelled set of checkboxes whose value is the array of checked `value`s. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  orientation = 'vertical',
  children,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      isInvalid={props.isInvalid || undefined}
      css={fieldStyles}
      data-orientation={orientation}
    >
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
          (v.validationDetails.valueMissing ? 'Selecione ao menos uma opção.' : v.validationErrors.join(' '))
        }
      </FieldError>
    </AriaCheckboxGroup>
  );
}
