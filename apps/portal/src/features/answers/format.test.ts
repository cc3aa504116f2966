import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketLongLabel } from './format';
import { formatFileSize, formatNumberBR, formatRate } from '../../lib/format';
import { fileNameFromDisposition } from '../../lib/download';

describe('formatNumberBR', () => {
  it.each([
    [76.2, 1, '76,2'],
    [76, 1, '76,0'],
    [1234.5, 0, '1.235'],
  ])('%s with %s decimals reads %s', (value, decimals, text) => {
    expect(formatNumberBR(value, decimals)).toBe(text);
  });
});

describe('formatRate', () => {
  it('is a pt-BR percentage with one decimal, or a dash when nothing was sent', () => {
    expect(formatRate(0.825)).toBe('82,5%');
    expect(formatRate(1)).toBe('100,0%');
    expect(formatRate(null)).toBe('—');
  });
});

describe('formatFileSize', () => {
  it('says bytes, KB or MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(245_760)).toBe('240 KB');
    expect(formatFileSize(3 * 1024 * 1024 + 200 * 1024)).toBe('3,2 MB');
  });
});

describe('bucket labels', () => {
  it('shows a day as dd/MM and a week as its first and last day', () => {
    expect(bucketLabel({ start: '2026-11-19', end: '2026-11-19' }, 'day')).toBe('19/11');
    expect(bucketLabel({ start: '2026-11-16', end: '2026-11-22' }, 'week')).toBe('16/11–22/11');
    expect(bucketLongLabel({ start: '2026-11-16', end: '2026-11-22' })).toBe('16/11/2026 a 22/11/2026');
    // A first partial week of one day reads as that day.
    expect(bucketLabel({ start: '2026-11-01', end: '2026-11-01' }, 'week')).toBe('01/11');
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="respostas-avaliacao.csv"; filename*=UTF-8''respostas-avalia%C3%A7%C3%A3o.csv`,
      ),
    ).toBe('respostas-avaliação.csv');
    expect(fileNameFromDisposition('attachment; filename="respostas.xlsx"')).toBe('respostas.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
