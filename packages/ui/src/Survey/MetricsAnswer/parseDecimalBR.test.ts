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
    // Brazilian thousands, as the portal reads them too (the range then says whether it fits).
    ['1.000,5', 1000.5],
  ])('%s → %s', (text, expected) => expect(parseDecimalBR(text)).toBe(expected));

  it.each(['', 'abc', '7,2,1', '1.00,5', ','])('rejects %j', (text) => expect(parseDecimalBR(text)).toBeNull());
});
