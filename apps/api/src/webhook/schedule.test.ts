import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, parseRetryAfter, retryDelay, RETRY_DELAYS_MS } from './schedule.js';

describe('webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failure, then gives up (eight attempts)', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, 0.5))).toEqual(RETRY_DELAYS_MS);
    expect(RETRY_DELAYS_MS).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 36e6]);
    expect(retryDelay(8, 0.5)).toBeNull();
  });

  it('spreads each wait by ±20 %', () => {
    expect(retryDelay(2, 0)).toBe(240_000);
    expect(retryDelay(2, 0.999_999)).toBe(360_000);
  });

  it('waits at least as long as Retry-After asks, up to a day', () => {
    expect(retryDelay(1, 0.5, 120_000)).toBe(120_000);
    expect(retryDelay(3, 0.5, 1_000)).toBe(1_800_000);
    expect(retryDelay(1, 0.5, 7 * 86_400_000)).toBe(86_400_000);
    expect(retryDelay(8, 0.5, 1_000)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2030-03-04T13:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(['30'], now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 04 Mar 2030 13:10:00 GMT', now)).toBe(600_000);
    expect(parseRetryAfter('Mon, 04 Mar 2030 12:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('amanhã', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
