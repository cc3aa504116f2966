/**
 * When a failed webhook attempt is tried again: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
 * 10 h after each failure (eight attempts in all, about a day and a half), each delay spread by ±20 % so
 * that many messages failing together do not come back together. A 429 or 503 with `Retry-After` waits at
 * least as long as the endpoint asked (up to a day).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the n-th failure of a round (index 0: after the first attempt). */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** Attempts in one round: the first, and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const JITTER = 0.2;
const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * The wait before the next attempt after `failedInRound` failures (1 after the first attempt failed), or
 * null when the round is over. `random` is in [0, 1).
 */
export function retryDelay(failedInRound: number, random: number, retryAfterMs: number | null = null): number | null {
  const base = RETRY_DELAYS_MS[failedInRound - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/** `Retry-After` in milliseconds from now (seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * SECOND;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
