export {
  Calendar,
  RangeCalendar,
  DateField,
  DatePicker,
  DateRangePicker,
  dateErrorMessage,
  DATE_LOCALE,
} from './DatePicker';
export type {
  CalendarProps,
  RangeCalendarProps,
  DateFieldProps,
  DatePickerProps,
  DateRangePickerProps,
} from './DatePicker';
