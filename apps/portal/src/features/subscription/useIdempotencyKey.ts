import { useRef } from 'react';
import { asApiError } from '@acompanha/api-client';

/**
 * One `Idempotency-Key` per attempt the professional means: the same key goes with a retry of a call that
 * got no answer (network, timeout, 5xx), so the API replays its first answer instead of charging twice;
 * once the server has answered (yes or no), the next attempt gets a fresh key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    /** The key of the current attempt (made on first use). */
    current: () => (key.current ??= crypto.randomUUID()),
    /** The call ended: forget the key unless the answer never came. */
    settle: (error?: unknown) => {
      if (!error) key.current = null;
      else {
        const { status } = asApiError(error);
        if (status > 0 && status < 500) key.current = null;
      }
    },
  };
}
