import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../config.js';
import { throttleDelayMs } from './throttle.js';

describe('throttleDelayMs (production defaults)', () => {
  it('is 0 before 3 failures, then grows and is capped at 2 s', () => {
    const t = defaultConfig.throttle;
    expect([0, 1, 2].map((n) => throttleDelayMs(n, t))).toEqual([0, 0, 0]);
    expect(throttleDelayMs(3, t)).toBe(500);
    expect(throttleDelayMs(4, t)).toBe(1000);
    expect(throttleDelayMs(5, t)).toBe(2000);
    expect(throttleDelayMs(12, t)).toBe(2000);
    expect(t.maxFailures).toBe(5);
    expect(t.windowSeconds).toBe(15 * 60);
  });
});
