import { ERROR_MESSAGES } from '../errors';
import type { ErrorCode, ErrorResponse, LoginResponse, Professional, Signature } from '../gen/types.gen';

/** Typed fixtures for stories and tests: what the API really answers, never hand-shaped guesses. */
export const professionalFixture: Professional = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  name: 'Ana Souza',
  email: 'ana.souza@exemplo.com.br',
  phone: '11912345678',
  document: '52998224725',
  councilRegistration: 'CRN-3 12345',
  profession: 'nutricionista',
  avatarUrl: null,
  alias: null,
  emailVerified: true,
  notificationPreferences: {},
  createdAt: '2026-11-02T13:00:00.000Z',
};

export const trialSignatureFixture: Signature = {
  status: 'trial',
  plan: null,
  trialEndsAt: '2026-12-05T13:00:00.000Z',
  currentPeriodEnd: null,
};

export const loginResponseFixture: LoginResponse = {
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdG9yeSJ9.c3Rvcnk',
  professional: professionalFixture,
  signature: trialSignatureFixture,
};

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  Unauthorized: 401,
  INVALID_JWT: 401,
  NOT_FOUND: 404,
  PROFESSIONAL_NOT_FOUND: 404,
  PASSWORD_RECOVERY_TOKEN_NOT_FOUND: 404,
  PROFESSIONAL_ALREADY_EXISTS: 409,
  EMAIL_NOT_VERIFIED: 403,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

/** The API's error body for a code, with the status it is sent with. */
export function errorBody(
  code: ErrorCode,
  details?: ErrorResponse['details'],
): { status: number; body: ErrorResponse } {
  const status = STATUS_BY_CODE[code] ?? 400;
  // A refused attempt carries a sentence the screens show as it is (ApiError.userMessage), as the server's does.
  const message = code === 'TOO_MANY_ATTEMPTS' ? ERROR_MESSAGES.TOO_MANY_ATTEMPTS : code;
  return {
    status,
    body: { statusCode: status, application_error_code: code, message, ...(details ? { details } : {}) },
  };
}
