import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex');

/** 32 random bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Six decimal digits, uniformly random, zero-padded. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Constant-time comparison of two strings (false when their lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
