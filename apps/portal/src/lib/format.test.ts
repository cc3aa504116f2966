import { describe, expect, it } from 'vitest';
import { formatBRL, formatDateBR, formatDateTimeBR, formatSinceBR } from './format';

describe('formatDateBR', () => {
  it('uses dd/MM/yyyy in São Paulo time', () => {
    // 02:30 UTC on the 1st is still the previous evening in São Paulo
    expect(formatDateBR('2026-12-01T02:30:00Z')).toBe('30/11/2026');
    expect(formatDateBR('2026-03-15T15:00:00Z')).toBe('15/03/2026');
  });
  it('gives an empty string for an invalid date', () => {
    expect(formatDateBR('not a date')).toBe('');
  });
});

describe('formatBRL', () => {
  it('formats integer cents as Brazilian reais', () => {
    expect(formatBRL(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    // Never broken between the sign and the number.
    expect(formatBRL(99000)).toBe('R$\u00a0990,00');
    expect(formatBRL(0).replace(/\s/g, ' ')).toBe('R$ 0,00');
  });
});

describe('formatDateTimeBR', () => {
  it('uses dd/MM/yyyy HH:mm, 24-hour, in São Paulo time', () => {
    expect(formatDateTimeBR('2026-12-01T02:30:00Z')).toBe('30/11/2026 23:30');
    expect(formatDateTimeBR('2026-03-15T15:05:00Z')).toBe('15/03/2026 12:05');
    expect(formatDateTimeBR('nope')).toBe('');
  });
});

describe('formatSinceBR', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  it('says how long ago, then the date and time', () => {
    expect(formatSinceBR('2026-11-25T14:59:40Z', now)).toBe('agora');
    expect(formatSinceBR('2026-11-25T14:55:00Z', now)).toBe('há 5 min');
    expect(formatSinceBR('2026-11-25T12:00:00Z', now)).toBe('há 3 h');
    expect(formatSinceBR('2026-11-23T12:00:00Z', now)).toBe(formatDateTimeBR('2026-11-23T12:00:00Z'));
  });
});
