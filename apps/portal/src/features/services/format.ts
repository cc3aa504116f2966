import { endOfMonth, parseDate, startOfMonth, today, type CalendarDate } from '@internationalized/date';
import type { ServiceModality } from '@acompanha/api-client';

export const SAO_PAULO = 'America/Sao_Paulo';

/**
 * `dd/MM/yyyy` of a calendar date (`YYYY-MM-DD`). Not `formatDateBR`: a bare date parsed as a
 * `Date` is UTC midnight, which is the evening before in São Paulo.
 */
export function formatCalendarDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return y && m && d ? `${d}/${m}/${y}` : '';
}

/** The last day a service covers: the API's `endsAt` is the first day without it. */
export function lastCoveredDay(endsAt: string): string {
  return parseDate(endsAt).subtract({ days: 1 }).toString();
}

/** Today in São Paulo. */
export function todaySP(): CalendarDate {
  return today(SAO_PAULO);
}

/** The current month in São Paulo, first and last day. */
export function currentMonthSP(): { start: CalendarDate; end: CalendarDate } {
  const t = todaySP();
  return { start: startOfMonth(t), end: endOfMonth(t) };
}

export const MODALITY_LABELS = {
  presencial: 'Presencial',
  online: 'Online',
  hibrido: 'Híbrido',
} as const satisfies Record<ServiceModality, string>;
