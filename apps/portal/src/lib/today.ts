/** Today, this month and the last 30 days in São Paulo, as the `CalendarDate`s date pickers and reports start from. */
import { endOfMonth, startOfMonth, today, type CalendarDate } from '@internationalized/date';
import { SAO_PAULO } from './dates';

/** Today in São Paulo. */
export function todaySP(): CalendarDate {
  return today(SAO_PAULO);
}

/** The current month in São Paulo, first and last day. */
export function currentMonthSP(): { start: CalendarDate; end: CalendarDate } {
  const t = todaySP();
  return { start: startOfMonth(t), end: endOfMonth(t) };
}

/** The last 30 days up to today in São Paulo (the status report's default period). */
export function last30Days(): { start: CalendarDate; end: CalendarDate } {
  const end = todaySP();
  return { start: end.subtract({ days: 29 }), end };
}
