import { describe, expect, it } from 'vitest';
import {
  addDays,
  isServiceActiveOn,
  serviceDaysLeft,
  serviceEndPhrase,
  serviceEndsSoon,
  serviceLastDay,
  spDate,
} from './index';

describe('spDate', () => {
  it('is the São Paulo day on both sides of midnight UTC', () => {
    // 23:30 in São Paulo on the 25th is already the 26th in UTC.
    expect(spDate(new Date('2026-11-26T02:30:00Z'))).toBe('2026-11-25');
    expect(spDate(new Date('2026-11-26T02:59:59Z'))).toBe('2026-11-25');
    // Midnight in São Paulo (UTC-3) is 03:00 UTC.
    expect(spDate(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
    expect(spDate(new Date('2026-11-26T00:00:00Z'))).toBe('2026-11-25');
  });

  it('crosses months and years', () => {
    expect(spDate(new Date('2027-01-01T01:00:00Z'))).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('a service period', () => {
  // Sold on 01/11 for 30 days: endsAt (exclusive) is 01/12, so the last day is 30/11.
  const period = { startsAt: '2026-11-01', endsAt: '2026-12-01' };

  it('shows its last day inclusive', () => {
    expect(serviceLastDay(period.endsAt)).toBe('2026-11-30');
    expect(serviceLastDay('2027-01-01')).toBe('2026-12-31');
  });

  it('is active from its first through its last day, and not a day more', () => {
    expect(isServiceActiveOn(period, '2026-10-31')).toBe(false);
    expect(isServiceActiveOn(period, '2026-11-01')).toBe(true);
    expect(isServiceActiveOn(period, '2026-11-30')).toBe(true);
    expect(isServiceActiveOn(period, '2026-12-01')).toBe(false);
  });

  it('agrees with the clock late on its last evening and just after midnight', () => {
    // 23:59 on 30/11 in São Paulo is 02:59 UTC on 01/12: still covered.
    expect(isServiceActiveOn(period, spDate(new Date('2026-12-01T02:59:00Z')))).toBe(true);
    expect(serviceEndPhrase(period.endsAt, spDate(new Date('2026-12-01T02:59:00Z')))).toBe('termina hoje');
    // 00:00 on 01/12 in São Paulo: over.
    expect(isServiceActiveOn(period, spDate(new Date('2026-12-01T03:00:00Z')))).toBe(false);
    expect(serviceEndPhrase(period.endsAt, spDate(new Date('2026-12-01T03:00:00Z')))).toBe('terminou');
  });

  it('counts the days left after today', () => {
    expect(serviceDaysLeft(period.endsAt, '2026-11-30')).toBe(0);
    expect(serviceDaysLeft(period.endsAt, '2026-11-29')).toBe(1);
    expect(serviceDaysLeft(period.endsAt, '2026-11-20')).toBe(10);
    expect(serviceEndPhrase(period.endsAt, '2026-11-29')).toBe('termina amanhã');
    expect(serviceEndPhrase(period.endsAt, '2026-11-20')).toBe('termina em 10 dias');
  });

  it('ends soon when its last day falls in the next 14 days, today being the first', () => {
    // Last day 09/12 is the 14th day from 26/11 (day 1): soon. Last day 10/12 is the 15th: not yet.
    expect(serviceEndsSoon('2026-12-10', '2026-11-26')).toBe(true);
    expect(serviceEndsSoon('2026-12-11', '2026-11-26')).toBe(false);
    expect(serviceEndsSoon('2026-11-27', '2026-11-26')).toBe(true);
    expect(serviceEndsSoon('2026-11-26', '2026-11-26')).toBe(false);
  });
});
