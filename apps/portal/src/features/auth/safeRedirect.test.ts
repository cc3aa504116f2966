import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';
import { HOME_PATH } from '../../app/paths';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/clients?status=active', '/clients?status=active'],
    [null, HOME_PATH],
    ['', HOME_PATH],
    ['https://evil.example', HOME_PATH],
    ['//evil.example/x', HOME_PATH],
    ['/\\evil.example', HOME_PATH],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
