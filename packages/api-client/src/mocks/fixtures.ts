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
  tutorialSeenAt: '2026-11-02T13:05:00.000Z',
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

/** The status the API sends each code with (the rest are 400), as its AppErrors say. */
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  Unauthorized: 401,
  INVALID_JWT: 401,
  NOT_OWNER: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  PROFESSIONAL_NOT_FOUND: 404,
  PASSWORD_RECOVERY_TOKEN_NOT_FOUND: 404,
  PATIENT_NOT_FOUND_ERROR: 404,
  QUESTION_NOT_FOUND: 404,
  QUIZ_NOT_FOUND: 404,
  QUIZ_SCHEDULE_NOT_FOUND_ERROR: 404,
  QUIZ_ANSWER_NOT_FOUND_ERROR: 404,
  REVISION_NOT_FOUND: 404,
  SALE_NOT_FOUND: 404,
  SCHEDULE_NOT_FOUND_ERROR: 404,
  SCHEDULE_NOT_ANSWERED: 404,
  PROFESSIONAL_ALREADY_EXISTS: 409,
  ALIAS_ALREADY_IN_USE: 409,
  PATIENT_DOCUMENT_ALREADY_EXISTS: 409,
  MULTIPLE_PATIENTS_SAME_PHONE: 409,
  SALE_ALREADY_REFOUNDED: 409,
  CANCEL_ANSWER_REQUEST_ERROR: 409,
  BULK_PROCESS_IN_PROGRESS: 409,
  QUIZ_ALREADY_ANSWERED: 409,
  ANSWER_ALREADY_REGISTERED: 409,
  WRONG_ANSWER_ORDER: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PIN_LOCKED: 423,
  TOO_MANY_ATTEMPTS: 429,
  RETRY_SEND_LATER: 429,
  INTERNAL_ERROR: 500,
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
