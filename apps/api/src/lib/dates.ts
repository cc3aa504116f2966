/** Calendar dates (YYYY-MM-DD) in São Paulo time, the product's reference time zone. */
import { z } from 'zod';
import { SAO_PAULO } from '@acompanha/calendar';

// The calendar the portal shares: São Paulo days and a service's period (one rule everywhere).
export { addDays, daysBetween, SAO_PAULO, serviceDaysLeft, serviceLastDay, spDate } from '@acompanha/calendar';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SAO_PAULO, timeZoneName: 'longOffset' });

function offsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The instant São Paulo's day `date` starts. */
export function spDayStart(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const base = Date.UTC(y, m - 1, d);
  return new Date(base - offsetMinutes(new Date(base + 3 * 3_600_000)) * 60_000);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

export const calendarDate = () =>
  z
    .string()
    .refine(isCalendarDate, 'Data inválida: use o formato AAAA-MM-DD.')
    .meta({ format: 'date', description: 'Calendar date, YYYY-MM-DD.' });
