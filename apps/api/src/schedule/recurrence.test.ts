import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrences, type RecurrenceRule } from './recurrence.js';

const rule = (r: Partial<RecurrenceRule>): RecurrenceRule => ({
  startDate: '2026-01-05',
  hour: 8,
  periodicity: 'once',
  intervalDays: null,
  weekdays: [],
  endDate: null,
  ...r,
});
const at = (iso: string) => new Date(iso);
/** São Paulo is UTC−3 (no daylight saving time since 2019): 8h there is 11:00Z. */
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('recurrence (America/Sao_Paulo)', () => {
  it('once: the start date at the hour, then nothing', () => {
    const r = rule({ startDate: '2026-03-10', hour: 8 });
    expect(nextOccurrence(r, at('2026-03-01T00:00:00Z'))?.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(nextOccurrence(r, at('2026-03-10T11:00:00Z'))?.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(nextOccurrence(r, at('2026-03-10T11:00:00.001Z'))).toBeNull();
  });

  it('hours are São Paulo wall time, also across the UTC date line (21h → 00:00Z next day)', () => {
    const r = rule({ startDate: '2026-03-10', hour: 21, periodicity: 'days', intervalDays: 1 });
    expect(iso(occurrences(r, at('2026-03-10T00:00:00Z'), 2))).toEqual([
      '2026-03-11T00:00:00.000Z',
      '2026-03-12T00:00:00.000Z',
    ]);
    // 23h on the 10th is 02:00Z on the 11th; a search from the 11th (UTC) still finds it.
    expect(nextOccurrence(rule({ startDate: '2026-03-10', hour: 23 }), at('2026-03-10T12:00:00Z'))?.toISOString()).toBe(
      '2026-03-11T02:00:00.000Z',
    );
  });

  it('every N days counts from the start date', () => {
    const r = rule({ startDate: '2026-01-30', periodicity: 'days', intervalDays: 3 });
    expect(iso(occurrences(r, at('2026-01-01T00:00:00Z'), 4))).toEqual([
      '2026-01-30T11:00:00.000Z',
      '2026-02-02T11:00:00.000Z',
      '2026-02-05T11:00:00.000Z',
      '2026-02-08T11:00:00.000Z',
    ]);
    // From the middle of the series: the next one on the grid, not 3 days from "now".
    expect(nextOccurrence(r, at('2026-02-03T00:00:00Z'))?.toISOString()).toBe('2026-02-05T11:00:00.000Z');
    // Same day, hour passed → the next one.
    expect(nextOccurrence(r, at('2026-02-05T12:00:00Z'))?.toISOString()).toBe('2026-02-08T11:00:00.000Z');
  });

  it('weekly on ISO weekdays (1 = Monday … 7 = Sunday)', () => {
    // 2026-03-02 is a Monday.
    const r = rule({ startDate: '2026-03-04', periodicity: 'weekly', weekdays: [1, 3, 7], hour: 7 });
    const list = occurrences(r, at('2026-03-01T00:00:00Z'), 5);
    expect(iso(list)).toEqual([
      '2026-03-04T10:00:00.000Z', // Wed
      '2026-03-08T10:00:00.000Z', // Sun
      '2026-03-09T10:00:00.000Z', // Mon
      '2026-03-11T10:00:00.000Z', // Wed
      '2026-03-15T10:00:00.000Z', // Sun
    ]);
  });

  it('monthly from the 31st falls on the last day of shorter months and comes back to the 31st', () => {
    const r = rule({ startDate: '2026-01-31', periodicity: 'monthly', hour: 9 });
    expect(iso(occurrences(r, at('2026-01-01T00:00:00Z'), 6))).toEqual([
      '2026-01-31T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
      '2026-05-31T12:00:00.000Z',
      '2026-06-30T12:00:00.000Z',
    ]);
    // Leap year.
    expect(
      nextOccurrence(
        rule({ startDate: '2028-01-31', periodicity: 'monthly' }),
        at('2028-02-01T00:00:00Z'),
      )?.toISOString(),
    ).toBe('2028-02-29T11:00:00.000Z');
    // From the middle of the year, without walking from the start.
    expect(nextOccurrence(r, at('2026-09-01T00:00:00Z'))?.toISOString()).toBe('2026-09-30T12:00:00.000Z');
    expect(nextOccurrence(r, at('2026-10-31T12:00:01Z'))?.toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('monthly on the 29th/30th also clamps in February only', () => {
    const r = rule({ startDate: '2026-01-30', periodicity: 'monthly' });
    expect(iso(occurrences(r, at('2026-01-01T00:00:00Z'), 3)).map((s) => s.slice(0, 10))).toEqual([
      '2026-01-30',
      '2026-02-28',
      '2026-03-30',
    ]);
  });

  it('the end date is inclusive', () => {
    const r = rule({ startDate: '2026-03-02', periodicity: 'days', intervalDays: 2, endDate: '2026-03-06' });
    expect(iso(occurrences(r, at('2026-03-01T00:00:00Z'), 10)).map((s) => s.slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
    ]);
    expect(nextOccurrence(r, at('2026-03-06T11:00:01Z'))).toBeNull();
    expect(
      occurrences(
        rule({ startDate: '2026-03-02', periodicity: 'weekly', weekdays: [5], endDate: '2026-03-05' }),
        at('2026-03-01T00:00:00Z'),
        3,
      ),
    ).toEqual([]);
  });

  it('before the start date nothing comes earlier than the start', () => {
    const r = rule({ startDate: '2026-05-20', periodicity: 'weekly', weekdays: [1] });
    expect(nextOccurrence(r, at('2026-05-01T00:00:00Z'))?.toISOString()).toBe('2026-05-25T11:00:00.000Z');
  });
});
