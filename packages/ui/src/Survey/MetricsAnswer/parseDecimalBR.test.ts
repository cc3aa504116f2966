import { describe, expect, it } from 'vitest';
import { parseDecimalBR } from './MetricsAnswer';

describe('parseDecimalBR', () => {
  it.each([
    ['72,5', 72.5],
    ['72.5', 72.5],
    [' 80 ', 80],
    ['0,25', 0.25],
    [',5', 0.5],
    ['-3,2', -3.2],
  ])('%s → %s', (text, expected) => expect(parseDecimalBR(text)).toBe(expected));

  it.each(['', 'abc', '7,2,1', '1.000,5', ','])('rejects %j', (text) => expect(parseDecimalBR(text)).toBeNull());
});
