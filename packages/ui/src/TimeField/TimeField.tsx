import type { ReactNode } from 'react';
import {
  DateInput,
  DateSegment,
  FieldError,
  I18nProvider,
  Text,
  TimeField as AriaTimeField,
  type TimeFieldProps as AriaTimeFieldProps,
  type TimeValue,
  type ValidationResult,
} from 'react-aria-components';
import { dateInputGroupStyles, segmentStyles } from '../DatePicker/dateStyles';
import { fieldStyles } from '../TextField/fieldStyles';
import { FieldLabel } from '../TextField/FieldLabel';

export interface TimeFieldProps<T extends TimeValue> extends Omit<AriaTimeFieldProps<T>, 'children' | 'hourCycle'> {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * Message when the value is invalid.
   * @default a Portuguese message for the problem
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

function timeErrorMessage(v: ValidationResult, errorMessage?: TimeFieldProps<TimeValue>['errorMessage']): string {
  const custom = typeof errorMessage === 'function' ? errorMessage(v) : errorMessage;
  if (custom) return custom;
  const d = v.validationDetails;
  if (d.valueMissing) return 'Preencha este horário.';
  if (d.rangeUnderflow) return 'O horário é anterior ao permitido.';
  if (d.rangeOverflow) return 'O horário é posterior ao permitido.';
  return v.validationErrors.join(' ') || 'Horário inválido.';
}

/** A 24-hour time (`14:30`), typed segment by segment; arrows step each segment. Values are `Time` from `@internationalized/date`. */
export function TimeField<T extends TimeValue>({ label, description, errorMessage, ...props }: TimeFieldProps<T>) {
  return (
    <I18nProvider locale="pt-BR">
      <AriaTimeField {...props} isInvalid={props.isInvalid || undefined} hourCycle={24} css={fieldStyles}>
        {({ isRequired }) => (
          <>
            <FieldLabel label={label} isRequired={isRequired} />
            <DateInput css={dateInputGroupStyles}>
              {(segment) => <DateSegment segment={segment} css={segmentStyles} />}
            </DateInput>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => timeErrorMessage(v, errorMessage)}</FieldError>
          </>
        )}
      </AriaTimeField>
    </I18nProvider>
  );
}
