/** Calendar days in São Paulo: the practice's day, whatever the device's time zone. */
import { endOfMonth, startOfMonth, today, type CalendarDate } from '@internationalized/date';

export const SAO_PAULO = 'America/Sao_Paulo';

/**
 * `dd/MM/yyyy` of a calendar date (`YYYY-MM-DD`). Not `formatDateBR`: a bare date parsed as a
 * `Date` is UTC midnight, which is the evening before in São Paulo.
 */
export function formatCalendarDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : '';
}

/** The last day a service covers (the API's `endsAt` is the first day without it): one rule, shared with the API. */
export { serviceEndPhrase, serviceLastDay as lastCoveredDay } from '@acompanha/calendar';

/** Today in São Paulo. */
export function todaySP(): CalendarDate {
  return today(SAO_PAULO);
}

/** The current month in São Paulo, first and last day. */
export function currentMonthSP(): { start: CalendarDate; end: CalendarDate } {
  const t = todaySP();
  return { start: startOfMonth(t), end: endOfMonth(t) };
}

/** `dd/MM` of a calendar date (`YYYY-MM-DD`). */
export const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;

/** The last 30 days up to today in São Paulo (the status report's default period). */
export function last30Days(): { start: CalendarDate; end: CalendarDate } {
  const end = todaySP();
  return { start: end.subtract({ days: 29 }), end };
}
