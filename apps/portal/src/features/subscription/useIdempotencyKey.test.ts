import { describe, expect, it } from 'vitest';
import { ApiError } from '@acompanha/api-client';
import { isUnanswered } from './useIdempotencyKey';

describe('isUnanswered', () => {
  it.each([
    [new ApiError(0, 'NETWORK_ERROR', 'offline'), true],
    [new ApiError(504, 'UNKNOWN', 'Gateway Timeout'), true],
    [new ApiError(500, 'INTERNAL_ERROR', ''), true],
    [new ApiError(402, 'PAYMENT_ATTEMPT_FAILED', ''), false],
    [new ApiError(402, 'PAYMENT_PENDING', ''), false],
    [new ApiError(400, 'WRONG_COMMAND_PARAMETERS', ''), false],
  ])('keeps the key for a retry only when no answer came (%s)', (error, expected) => {
    expect(isUnanswered(error)).toBe(expected);
  });
});
