/**
 * Occurrences of a quiz schedule, in America/Sao_Paulo. Calendar arithmetic is done by date-fns on
 * TZDate values (São Paulo wall time), so a schedule at 8h stays at 8h whatever the UTC offset is,
 * and monthly schedules clamp to the last day of shorter months (Jan 31 → Feb 28/29 → Mar 31).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, differenceInCalendarMonths, format, getISODay } from 'date-fns';
import type { Periodicity } from '../db/schema.js';
import { SAO_PAULO, spDate } from '../lib/dates.js';

export interface RecurrenceRule {
  /** YYYY-MM-DD, São Paulo. */
  startDate: string;
  /** 0–23, São Paulo. */
  hour: number;
  periodicity: Periodicity;
  /** 'days' only. */
  intervalDays: number | null;
  /** 'weekly' only: ISO weekdays 1 (Monday) … 7 (Sunday). */
  weekdays: number[];
  /** Inclusive, YYYY-MM-DD. */
  endDate: string | null;
}

/** Safety net against a malformed rule looping for ever. */
const MAX_STEPS = 1000;

/** Midnight of a São Paulo calendar date. */
export function spDay(date: string): TZDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, SAO_PAULO);
}

export const dayString = (day: Date): string => format(day, 'yyyy-MM-dd');

/** The instant of `hour` o'clock (São Paulo) on a São Paulo day. */
function atHour(day: TZDate, hour: number): Date {
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, 0, SAO_PAULO).getTime());
}

/** Occurrence days on or after `fromDate` (and not after endDate), in order. */
export function* occurrenceDays(rule: RecurrenceRule, fromDate: string): Generator<TZDate> {
  const start = spDay(rule.startDate);
  const requested = spDay(fromDate);
  const from = requested.getTime() > start.getTime() ? requested : start;
  const end = rule.endDate ? spDay(rule.endDate) : null;
  const inRange = (d: TZDate) => !end || d.getTime() <= end.getTime();

  switch (rule.periodicity) {
    case 'once':
      if (from.getTime() === start.getTime() && inRange(start)) yield start;
      return;
    case 'days': {
      const n = rule.intervalDays ?? 0;
      if (n < 1) return;
      const k0 = Math.ceil(differenceInCalendarDays(from, start) / n);
      for (let k = k0, i = 0; i < MAX_STEPS; k++, i++) {
        const d = addDays(start, k * n);
        if (!inRange(d)) return;
        yield d;
      }
      return;
    }
    case 'weekly': {
      const days = new Set(rule.weekdays);
      if (days.size === 0) return;
      for (let d = from, i = 0; i < MAX_STEPS; d = addDays(d, 1), i++) {
        if (!inRange(d)) return;
        if (days.has(getISODay(d))) yield d;
      }
      return;
    }
    case 'monthly': {
      // Always count from the start date (never from the previous occurrence) so the 31st comes back after February.
      const k0 = Math.max(0, differenceInCalendarMonths(from, start) - 1);
      for (let k = k0, i = 0; i < MAX_STEPS; k++, i++) {
        const d = addMonths(start, k);
        if (d.getTime() < from.getTime()) continue;
        if (!inRange(d)) return;
        yield d;
      }
      return;
    }
  }
}

/** The first occurrence at or after `notBefore`, or null when the recurrence has ended. */
export function nextOccurrence(rule: RecurrenceRule, notBefore: Date): Date | null {
  for (const day of occurrenceDays(rule, spDate(notBefore))) {
    const at = atHour(day, rule.hour);
    if (at.getTime() >= notBefore.getTime()) return at;
  }
  return null;
}

/** Up to `limit` occurrences at or after `notBefore`. */
export function occurrences(rule: RecurrenceRule, notBefore: Date, limit: number): Date[] {
  const out: Date[] = [];
  for (const day of occurrenceDays(rule, spDate(notBefore))) {
    if (out.length >= limit) break;
    const at = atHour(day, rule.hour);
    if (at.getTime() >= notBefore.getTime()) out.push(at);
  }
  return out;
}
