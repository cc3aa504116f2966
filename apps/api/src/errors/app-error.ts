import type { ErrorCode } from './codes.js';
import type { ValidationIssue } from './schemas.js';

/** An expected error: becomes `{ statusCode, application_error_code, message, details? }`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: ValidationIssue[] | Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The message of a refusal with field issues: the issue itself when there is one, else how many. */
export function summarizeIssues(issues: ValidationIssue[]): string {
  if (issues.length === 1 && issues[0]) return issues[0].message;
  return `${issues.length} dados enviados estão incorretos; cada um está em details.`;
}

export const errors = {
  validation: (issues: ValidationIssue[], message = summarizeIssues(issues)) =>
    new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, issues),
  field: (path: string[], message: string) =>
    new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, [{ path, message }]),
  unauthorized: (message = 'Autenticação necessária.') => new AppError(401, 'Unauthorized', message),
  invalidJwt: (message = 'Sessão expirada. Entre novamente.') => new AppError(401, 'INVALID_JWT', message),
  notFound: (message = 'Recurso não encontrado.') => new AppError(404, 'NOT_FOUND', message),
  tooManyAttempts: (retryAfterSeconds: number, message = 'Muitas tentativas. Tente novamente mais tarde.') =>
    new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      message,
      { retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
};
