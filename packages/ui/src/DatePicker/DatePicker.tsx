import { css } from '@emotion/react';
import type { DateValue } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  DateField as AriaDateField,
  DateInput,
  DatePicker as AriaDatePicker,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Popover,
  RangeCalendar as AriaRangeCalendar,
  Text,
  type CalendarProps as AriaCalendarProps,
  type DateFieldProps as AriaDateFieldProps,
  type DatePickerProps as AriaDatePickerProps,
  type DateRangePickerProps as AriaDateRangePickerProps,
  type RangeCalendarProps as AriaRangeCalendarProps,
  type ValidationResult,
} from 'react-aria-components';
import { IconChevronLeft, IconChevronRight } from '../Icon';
import { popoverStyles } from '../Select/listBoxStyles';
import { fieldStyles } from '../TextField/fieldStyles';
import { calendarStyles, dateInputGroupStyles, segmentStyles } from './dateStyles';
import { FieldLabel } from '../TextField/FieldLabel';

/** Every date component speaks pt-BR: `dd/mm/aaaa`, Sunday-first weeks, "março de 2025". */
export const DATE_LOCALE = 'pt-BR';

interface DateFieldBaseProps {
  /** Visible label (also the accessible name). */
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * Message when the value is invalid (out of range, unavailable, required…).
   * @default a Portuguese message for the problem
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/** Portuguese text for RAC's date validation (its own messages follow the browser locale). */
export function dateErrorMessage(v: ValidationResult, errorMessage?: DateFieldBaseProps['errorMessage']): string {
  const custom = typeof errorMessage === 'function' ? errorMessage(v) : errorMessage;
  if (custom) return custom;
  const d = v.validationDetails;
  if (d.valueMissing) return 'Preencha esta data.';
  if (d.rangeUnderflow) return 'A data é anterior à permitida.';
  if (d.rangeOverflow) return 'A data é posterior à permitida.';
  if (d.badInput) return 'Data indisponível.';
  return v.validationErrors.join(' ') || 'Data inválida.';
}

function CalendarIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}

function CalendarHeader() {
  return (
    <div className="calendar-header">
      <Button slot="previous">
        <IconChevronLeft size={18} />
      </Button>
      <Heading />
      <Button slot="next">
        <IconChevronRight size={18} />
      </Button>
    </div>
  );
}

export type CalendarProps<T extends DateValue> = AriaCalendarProps<T>;

/** A month grid to pick one date; arrow keys move by day/week, Page Up/Down by month. */
export function Calendar<T extends DateValue>(props: CalendarProps<T>) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <AriaCalendar {...props} css={calendarStyles}>
        <CalendarHeader />
        <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
      </AriaCalendar>
    </I18nProvider>
  );
}

export type RangeCalendarProps<T extends DateValue> = AriaRangeCalendarProps<T>;

/** A month grid to pick a start and end date. */
export function RangeCalendar<T extends DateValue>(props: RangeCalendarProps<T>) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <AriaRangeCalendar {...props} css={calendarStyles}>
        <CalendarHeader />
        <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" data-range="" />}</CalendarGrid>
      </AriaRangeCalendar>
    </I18nProvider>
  );
}

export interface DateFieldProps<T extends DateValue>
  extends Omit<AriaDateFieldProps<T>, 'children'>, DateFieldBaseProps {}

/** A typed date (`dd/mm/aaaa`) without a calendar: birth dates and other far-away dates. */
export function DateField<T extends DateValue>({ label, description, errorMessage, ...props }: DateFieldProps<T>) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <AriaDateField {...props} isInvalid={props.isInvalid || undefined} css={fieldStyles}>
        {({ isRequired }) => (
          <>
            <FieldLabel label={label} isRequired={isRequired} />
            <DateInput css={dateInputGroupStyles}>
              {(segment) => <DateSegment segment={segment} css={segmentStyles} />}
            </DateInput>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => dateErrorMessage(v, errorMessage)}</FieldError>
          </>
        )}
      </AriaDateField>
    </I18nProvider>
  );
}

export interface DatePickerProps<T extends DateValue>
  extends Omit<AriaDatePickerProps<T>, 'children'>, DateFieldBaseProps {}

/**
 * A date typed as `dd/mm/aaaa` or picked in a calendar. Values are `@internationalized/date`
 * objects (`parseDate('2025-03-14')`, `today(getLocalTimeZone())`).
 */
export function DatePicker<T extends DateValue>({ label, description, errorMessage, ...props }: DatePickerProps<T>) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <AriaDatePicker {...props} isInvalid={props.isInvalid || undefined} css={fieldStyles}>
        {({ isRequired }) => (
          <>
            <FieldLabel label={label} isRequired={isRequired} />
            <Group css={dateInputGroupStyles}>
              <DateInput className="date-input">
                {(segment) => <DateSegment segment={segment} css={segmentStyles} />}
              </DateInput>
              <Button className="calendar-button">
                <CalendarIcon />
              </Button>
            </Group>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => dateErrorMessage(v, errorMessage)}</FieldError>
            <Popover
              css={[
                popoverStyles,
                css`
                  min-width: 0;
                `,
              ]}
              offset={4}
              placement="bottom start"
            >
              <Dialog css={{ outline: 'none' }}>
                <AriaCalendar css={calendarStyles}>
                  <CalendarHeader />
                  <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
                </AriaCalendar>
              </Dialog>
            </Popover>
          </>
        )}
      </AriaDatePicker>
    </I18nProvider>
  );
}

export interface DateRangePickerProps<T extends DateValue>
  extends Omit<AriaDateRangePickerProps<T>, 'children'>, DateFieldBaseProps {}

/** A period (`dd/mm/aaaa – dd/mm/aaaa`), typed or picked in a calendar: report filters, plan validity. */
export function DateRangePicker<T extends DateValue>({
  label,
  description,
  errorMessage,
  ...props
}: DateRangePickerProps<T>) {
  return (
    <I18nProvider locale={DATE_LOCALE}>
      <AriaDateRangePicker {...props} isInvalid={props.isInvalid || undefined} css={fieldStyles}>
        {({ isRequired }) => (
          <>
            <FieldLabel label={label} isRequired={isRequired} />
            <Group css={dateInputGroupStyles}>
              <DateInput slot="start" className="date-input" css={{ flex: '0 0 auto !important' }}>
                {(segment) => <DateSegment segment={segment} css={segmentStyles} />}
              </DateInput>
              <span className="range-dash" aria-hidden="true">
                –
              </span>
              <DateInput slot="end" className="date-input">
                {(segment) => <DateSegment segment={segment} css={segmentStyles} />}
              </DateInput>
              <Button className="calendar-button">
                <CalendarIcon />
              </Button>
            </Group>
            {description && <Text slot="description">{description}</Text>}
            <FieldError className="field-error">{(v) => dateErrorMessage(v, errorMessage)}</FieldError>
            <Popover
              css={[
                popoverStyles,
                css`
                  min-width: 0;
                `,
              ]}
              offset={4}
              placement="bottom start"
            >
              <Dialog css={{ outline: 'none' }}>
                <AriaRangeCalendar css={calendarStyles}>
                  <CalendarHeader />
                  <CalendarGrid>
                    {(date) => <CalendarCell date={date} className="calendar-cell" data-range="" />}
                  </CalendarGrid>
                </AriaRangeCalendar>
              </Dialog>
            </Popover>
          </>
        )}
      </AriaDateRangePicker>
    </I18nProvider>
  );
}
