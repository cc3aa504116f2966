import { describe, expect, it } from 'vitest';
import {
  draftFromRecurrence,
  emptyRecurrence,
  isRecurrenceValid,
  toRecurrence,
  validateRecurrence,
  type RecurrenceDraft,
} from './recurrence';

const TODAY = '2026-12-01';
const draft = (patch: Partial<RecurrenceDraft> = {}) => emptyRecurrence(TODAY, patch);

describe('validateRecurrence', () => {
  it('accepts the blank form: once, today at 08:00', () => {
    expect(validateRecurrence(draft(), TODAY)).toEqual({});
    expect(isRecurrenceValid(draft(), TODAY)).toBe(true);
  });

  it.each([
    ['no start date', { startDate: null }, { startDate: 'required' }],
    ['a start date before today (WRONG_START_DATE)', { startDate: '2026-11-30' }, { startDate: 'past' }],
    ['no hour', { hour: null }, { hour: 'required' }],
    ['hour 24 (WRONG_HOUR_VALUE)', { hour: 24 }, { hour: 'outOfRange' }],
    ['hour -1', { hour: -1 }, { hour: 'outOfRange' }],
    ['hour 7.5', { hour: 7.5 }, { hour: 'outOfRange' }],
    [
      'every N days without N (WRONG_PERIODICITY_TIME)',
      { periodicity: 'days', intervalDays: null },
      { intervalDays: 'required' },
    ],
    ['every 0 days', { periodicity: 'days', intervalDays: 0 }, { intervalDays: 'outOfRange' }],
    ['every 366 days', { periodicity: 'days', intervalDays: 366 }, { intervalDays: 'outOfRange' }],
    ['weekly without weekdays', { periodicity: 'weekly', weekdays: [] }, { weekdays: 'required' }],
    ['weekly on day 8', { periodicity: 'weekly', weekdays: [1, 8] }, { weekdays: 'outOfRange' }],
    [
      'an end before the start',
      { periodicity: 'monthly', endDate: '2026-11-30', startDate: '2026-12-01' },
      { endDate: 'beforeStart' },
    ],
  ] as const)('refuses %s', (_name, patch, expected) => {
    expect(validateRecurrence(draft(patch as Partial<RecurrenceDraft>), TODAY)).toEqual(expected);
  });

  it.each([
    ['every 365 days', { periodicity: 'days', intervalDays: 365 }],
    ['weekly on Monday and Sunday', { periodicity: 'weekly', weekdays: [1, 7] }],
    ['monthly ending the day it starts', { periodicity: 'monthly', endDate: TODAY }],
    // 'once' ignores the end date and the fields of other periodicities.
    ['once with a leftover end date and weekdays', { periodicity: 'once', endDate: '2020-01-01', weekdays: [9] }],
    ['a later start at 23:00', { startDate: '2027-01-31', hour: 23 }],
  ] as const)('accepts %s', (_name, patch) => {
    expect(validateRecurrence(draft(patch as Partial<RecurrenceDraft>), TODAY)).toEqual({});
  });
});

describe('toRecurrence', () => {
  it('sends only the fields the periodicity uses', () => {
    const full = draft({ intervalDays: 3, weekdays: [3, 1, 3], endDate: '2027-01-01', channel: 'email' });
    expect(toRecurrence({ ...full, periodicity: 'once' })).toEqual({
      startDate: TODAY,
      hour: 8,
      periodicity: 'once',
      channel: 'email',
    });
    expect(toRecurrence({ ...full, periodicity: 'days' })).toEqual({
      startDate: TODAY,
      hour: 8,
      periodicity: 'days',
      intervalDays: 3,
      endDate: '2027-01-01',
      channel: 'email',
    });
    expect(toRecurrence({ ...full, periodicity: 'weekly', channel: null })).toEqual({
      startDate: TODAY,
      hour: 8,
      periodicity: 'weekly',
      weekdays: [1, 3],
      endDate: '2027-01-01',
    });
    expect(toRecurrence({ ...full, periodicity: 'monthly', endDate: null })).toEqual({
      startDate: TODAY,
      hour: 8,
      periodicity: 'monthly',
      channel: 'email',
    });
  });

  it('refuses a draft without date or hour', () => {
    expect(() => toRecurrence(draft({ hour: null }))).toThrow();
  });

  it('round-trips a stored schedule', () => {
    const stored = {
      startDate: '2026-12-07',
      hour: 19,
      periodicity: 'weekly' as const,
      intervalDays: null,
      weekdays: [2, 4],
      endDate: null,
      channel: 'whatsapp' as const,
    };
    expect(toRecurrence(draftFromRecurrence(stored))).toEqual({
      startDate: '2026-12-07',
      hour: 19,
      periodicity: 'weekly',
      weekdays: [2, 4],
      channel: 'whatsapp',
    });
  });
});
