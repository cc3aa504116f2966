/**
 * Calendar days in São Paulo: the practice's day, whatever the device's time zone. Plain strings only: the
 * private layout and the dashboard read these, so `@internationalized/date` stays out (`lib/today.ts` has the
 * `CalendarDate`s the forms and reports start from).
 */
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

/** `dd/MM` of a calendar date (`YYYY-MM-DD`). */
export const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
