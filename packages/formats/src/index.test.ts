import { describe, expect, it } from 'vitest';
import {
  DATE_MAX,
  DATE_MIN,
  EMAIL_PATTERN,
  INSTANT_MAX,
  INSTANT_MIN,
  isCalendarDate,
  isDateInRange,
  isEmail,
  isInstantInRange,
  parseInstant,
} from './index';

describe('isEmail', () => {
  it.each([
    'ana@exemplo.com',
    'ana.souza+consultorio@exemplo.com.br',
    "o'neil@clinica.co",
    'x@b0.com',
    'a-b@sub-domain.example.org',
    'joao@xn--nutrio-4ya.com',
    `${'a'.repeat(64)}@exemplo.com`,
  ])('accepts %s', (email) => expect(isEmail(email)).toBe(true));

  it.each([
    ['a domain label ending in "-"', 'x@b0-.com'],
    ['a domain label starting with "-"', 'x@-b0.com'],
    ['no top-level domain', 'ana@localhost'],
    ['a numeric top-level domain', 'ana@exemplo.123'],
    ['two dots', 'ana..souza@exemplo.com'],
    ['a leading dot', '.ana@exemplo.com'],
    ['no local part', '@exemplo.com'],
    ['spaces', 'ana souza@exemplo.com'],
    ['two @', 'ana@souza@exemplo.com'],
    ['an accent', 'joão@exemplo.com'],
    ['an empty label', 'ana@exemplo..com'],
    ['a 65-character local part', `${'a'.repeat(65)}@exemplo.com`],
    ['a 64-character label', `ana@${'a'.repeat(64)}.com`],
    ['255 characters', `ana@${'a.'.repeat(123)}com.br`.slice(0, 255)],
  ])('refuses %s', (_why, email) => expect(isEmail(email)).toBe(false));

  it('is the same rule as its pattern (the document states the pattern)', () => {
    for (const e of ['ana@exemplo.com', 'x@b0-.com', `${'a'.repeat(65)}@exemplo.com`])
      expect(new RegExp(EMAIL_PATTERN).test(e)).toBe(isEmail(e));
  });
});

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('0020-01-01')).toBe(true);
    expect(isCalendarDate('2026-1-1')).toBe(false);
  });

  it('keeps dates within the range every layer reads back', () => {
    expect(isDateInRange(DATE_MIN)).toBe(true);
    expect(isDateInRange(DATE_MAX)).toBe(true);
    expect(isDateInRange('1899-12-31')).toBe(false);
    expect(isDateInRange('2101-01-01')).toBe(false);
    expect(isDateInRange('0020-01-01')).toBe(false);
  });

  it('reads RFC 3339 instants with their offset', () => {
    expect(parseInstant('2026-11-27T05:22:00-03:00')?.toISOString()).toBe('2026-11-27T08:22:00.000Z');
    expect(parseInstant('2026-11-27T05:22-03:00')?.toISOString()).toBe('2026-11-27T08:22:00.000Z');
    expect(parseInstant('2026-11-27T08:22:00.123456789Z')?.toISOString()).toBe('2026-11-27T08:22:00.123Z');
    expect(parseInstant('2026-11-27T05:22:00')).toBeNull();
    expect(parseInstant('2026-11-27 05:22:00Z')).toBeNull();
    expect(parseInstant('2026-11-27T24:00:00Z')).toBeNull();
    expect(parseInstant('2026-02-30T10:00:00Z')).toBeNull();
    expect(parseInstant('2026-11-27T05:22:00+25:00')).toBeNull();
    // 36 characters: longer than any instant needs
    expect(parseInstant('2026-01-01T12:00:00.0000000000-03:00')).toBeNull();
  });

  it('keeps instants within the range', () => {
    expect(isInstantInRange(INSTANT_MIN)).toBe(true);
    expect(isInstantInRange(INSTANT_MAX)).toBe(true);
    expect(isInstantInRange('1899-12-31T23:59:59Z')).toBe(false);
    expect(isInstantInRange('1900-01-01T00:00:00+00:01')).toBe(false);
    expect(isInstantInRange('0020-01-01T12:00:00-03:00')).toBe(false);
    expect(isInstantInRange('2101-01-01T00:00:00Z')).toBe(false);
  });
});
