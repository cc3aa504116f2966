/** Calendar dates (YYYY-MM-DD) in São Paulo time, the product's reference time zone. */
import { z } from 'zod';
import { SAO_PAULO } from '@acompanha/calendar';
import {
  DATE_MAX,
  DATE_PATTERN,
  DATE_MIN,
  INSTANT_MAX,
  INSTANT_MAX_LENGTH,
  INSTANT_MIN,
  INSTANT_PATTERN,
  isDateInRange,
  isInstantInRange,
} from '@acompanha/formats';
import { formatRule } from './zod.js';

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

export { isCalendarDate } from '@acompanha/formats';

/**
 * A calendar date written YYYY-MM-DD, inside the product's range (1900-01-01 to 2100-12-31,
 * `@acompanha/formats`): checked before the database, so no stored date fails a later read.
 */
export const calendarDate = () =>
  z.string().superRefine(formatRule(isDateInRange, 'date')).meta({
    format: 'date',
    pattern: DATE_PATTERN,
    maxLength: 10,
    formatMinimum: DATE_MIN,
    formatMaximum: DATE_MAX,
    description: 'Calendar date, YYYY-MM-DD (São Paulo).',
  });

/**
 * An instant as RFC 3339 writes it, with its offset (`2026-11-27T14:30:00-03:00`), at most 35 characters,
 * inside the product's range.
 */
export const instant = () =>
  z.string().superRefine(formatRule(isInstantInRange, 'datetime')).meta({
    format: 'date-time',
    pattern: INSTANT_PATTERN,
    maxLength: INSTANT_MAX_LENGTH,
    formatMinimum: INSTANT_MIN,
    formatMaximum: INSTANT_MAX,
    description: 'An instant with its offset (RFC 3339).',
  });
