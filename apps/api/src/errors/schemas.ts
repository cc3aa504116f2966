import { z } from 'zod';
import { ERROR_CODES } from './codes.js';

export const ErrorCodeSchema = z
  .enum(ERROR_CODES)
  .meta({ id: 'ErrorCode', description: 'Application error code (spec section 8 plus our additions).' });

export const ValidationIssueSchema = z
  .object({
    path: z.array(z.string()).meta({ description: 'Path of the offending field, e.g. ["currentPassword"].' }),
    message: z.string(),
  })
  .meta({ id: 'ValidationIssue' });

export const ErrorResponseSchema = z
  .object({
    statusCode: z.number().int().min(100).max(599),
    application_error_code: ErrorCodeSchema,
    message: z.string(),
    details: z
      .union([z.array(ValidationIssueSchema), z.record(z.string(), z.unknown())])
      .optional()
      .meta({
        description:
          'WRONG_COMMAND_PARAMETERS: list of field issues; TOO_MANY_ATTEMPTS: { retryAfterSeconds }; METHOD_NOT_ALLOWED: { allow }.',
      }),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (WRONG_COMMAND_PARAMETERS with field paths) or a business rule refused it',
  402: 'Payment required: the card was refused (PAYMENT_ATTEMPT_FAILED, CREDIT_CARD_TOKENIZATION_FAILED), the charge awaits the issuer (PAYMENT_PENDING), or the account has expired and this write waits for a subscription (ACCOUNT_EXPIRED)',
  401: 'Missing (Unauthorized) or invalid/expired/revoked token (INVALID_JWT), or wrong credentials',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large (PAYLOAD_TOO_LARGE)',
  423: 'Locked (PIN_LOCKED: too many wrong PINs, details.lockedUntil)',
  429: 'Too many attempts (TOO_MANY_ATTEMPTS, details.retryAfterSeconds and Retry-After header)',
  500: 'Unexpected error (INTERNAL_ERROR)',
  503: 'The payment gateway did not answer in time: the outcome is unknown; retry with the same Idempotency-Key',
};

type ErrStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 423 | 429 | 503;

/** A JSON response entry with its own description (keeps `$ref`s to named schemas intact). */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

type ErrorEntry = ReturnType<typeof json<typeof ErrorResponseSchema>>;

/** Response map entries for the given error statuses, always including 500. */
export function errorResponses<S extends ErrStatus>(...statuses: S[]): Record<S | 500, ErrorEntry> {
  const out = {} as Record<S | 500, ErrorEntry>;
  for (const s of [...statuses, 500 as const]) {
    out[s as S | 500] = json(ErrorResponseSchema, DESCRIPTIONS[s] ?? 'Error');
  }
  return out;
}
