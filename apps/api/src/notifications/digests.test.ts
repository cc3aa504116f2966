import { describe, expect, it } from 'vitest';
import { afterQuietHours } from './digests.js';

/** An instant from São Paulo wall-clock time (UTC−3). */
const sp = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-03:00`);

describe('afterQuietHours', () => {
  const night = { start: '22:00', end: '07:00' };
  it('leaves a time outside the quiet hours as it is', () => {
    expect(afterQuietHours(sp('2026-11-25', '15:10'), night)).toEqual(sp('2026-11-25', '15:10'));
    expect(afterQuietHours(sp('2026-11-25', '07:00'), night)).toEqual(sp('2026-11-25', '07:00'));
    expect(afterQuietHours(sp('2026-11-25', '23:00'), null)).toEqual(sp('2026-11-25', '23:00'));
  });
  it('moves a time inside them, across midnight, to when they end (São Paulo time)', () => {
    expect(afterQuietHours(sp('2026-11-25', '23:30'), night)).toEqual(sp('2026-11-26', '07:00'));
    expect(afterQuietHours(sp('2026-11-26', '02:15'), night)).toEqual(sp('2026-11-26', '07:00'));
    expect(afterQuietHours(sp('2026-11-25', '22:00'), night)).toEqual(sp('2026-11-26', '07:00'));
  });
  it('handles quiet hours within one day', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(afterQuietHours(sp('2026-11-25', '12:45'), lunch)).toEqual(sp('2026-11-25', '13:30'));
    expect(afterQuietHours(sp('2026-11-25', '13:30'), lunch)).toEqual(sp('2026-11-25', '13:30'));
  });
});
