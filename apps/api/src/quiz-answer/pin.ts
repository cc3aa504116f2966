import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sixDigitCode } from '../lib/crypto.js';

/**
 * The survey PIN: 6 digits, sent with every delivery and stored only as a salted hash in
 * `quiz_schedules.pin_hash`. Delivery (src/delivery) generates and hashes it with these functions;
 * POST /quiz-answer/validate-pin verifies it.
 *
 * Hash format: `sha256$<salt, base64url>$<sha256(salt ‖ pin), base64url>`. A fast hash is enough here:
 * the attempts are limited online (5 per link, then 15 minutes locked) and a fresh PIN is issued on
 * every delivery, so a slow hash would only cost CPU when thousands of requests go out at once.
 */

/** Wrong tries per link before it locks. */
export const PIN_MAX_ATTEMPTS = 5;
/** How long a link stays locked after the last allowed wrong try. */
export const PIN_LOCK_MS = 15 * 60 * 1000;

export const PIN_PATTERN = /^\d{6}$/;

/** A fresh uniformly random 6-digit PIN (leading zeros kept): the same draw as the e-mail codes. */
export const generatePin = sixDigitCode;

function digest(salt: Buffer, pin: string): Buffer {
  return createHash('sha256').update(salt).update(pin, 'utf8').digest();
}

export function hashPin(pin: string): string {
  if (!PIN_PATTERN.test(pin)) throw new Error('A PIN has exactly 6 digits.');
  const salt = randomBytes(16);
  return `sha256$${salt.toString('base64url')}$${digest(salt, pin).toString('base64url')}`;
}

/** Evaluations made by this process (tests check that locked links evaluate nothing). */
export const pinEvaluations = { count: 0 };

/** Constant-time check of a PIN against a stored hash; false for a missing or unknown-format hash. */
export function verifyPin(stored: string | null | undefined, pin: string): boolean {
  pinEvaluations.count++;
  if (!stored || !PIN_PATTERN.test(pin)) return false;
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = digest(Buffer.from(salt, 'base64url'), pin);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
