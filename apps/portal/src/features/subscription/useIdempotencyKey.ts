import { useRef } from 'react';
import { asApiError } from '@acompanha/api-client';

/**
 * Whether a failed call is retried as the same attempt: no answer came (network, timeout, a 5xx), so the
 * API may have charged; the same key makes it replay its first answer instead of charging twice.
 */
export function isUnanswered(error: unknown): boolean {
  const { status } = asApiError(error);
  return status === 0 || status >= 500;
}

/**
 * One `Idempotency-Key` per attempt the professional means: kept for a retry of a call that got no answer,
 * and replaced once the server has answered (yes or no), so a corrected card is a new attempt.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    /** The key of the current attempt (made on first use). */
    current: () => (key.current ??= crypto.randomUUID()),
    /** The call ended (`error` when it failed): forget the key unless the answer never came. */
    settle: (error?: unknown) => {
      if (error === undefined || !isUnanswered(error)) key.current = null;
    },
  };
}
