import { describe, expect, it } from 'vitest';
import spec from '../openapi.json';
import {
  ApiError,
  classifyError,
  ERROR_MESSAGES,
  messageForCode,
  toApiError,
  UNKNOWN_ERROR_MESSAGE,
  type ApiErrorCode,
} from './errors';

const codes: string[] = (spec as { components: { schemas: { ErrorCode: { enum: string[] } } } }).components.schemas
  .ErrorCode.enum;

describe('error catalogue', () => {
  it('has every code of the API enum, and only those', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...codes].sort());
  });

  it.each(codes)('%s has one clear Portuguese sentence', (code) => {
    const text = messageForCode(code);
    expect(text.length).toBeGreaterThan(10);
    expect(text).toMatch(/[.!]$/);
    if (code !== 'INTERNAL_ERROR') expect(text).not.toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('keeps the spec texts exactly', () => {
    expect(messageForCode('ALIAS_ALREADY_IN_USE')).toBe('O Link já está em uso. Escolha outro.');
    expect(messageForCode('SOMETHING_NEW')).toBe(
      'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.',
    );
  });
});

describe('classifyError (the central handler of spec section 8)', () => {
  const err = (status: number, code: ApiErrorCode, details?: unknown) => new ApiError(status, code, code, details);

  it('logs out silently on any 401', () => {
    expect(classifyError(err(401, 'INVALID_JWT'))).toBe('logout');
    expect(classifyError(err(401, 'Unauthorized'))).toBe('logout');
  });

  it('passes ALIAS_ALREADY_IN_USE and PAYMENT_PENDING to the caller', () => {
    expect(classifyError(err(409, 'ALIAS_ALREADY_IN_USE'))).toBe('pass-through');
    expect(classifyError(err(402, 'PAYMENT_PENDING'))).toBe('pass-through');
  });

  it('passes bulk insert/reschedule errors with details, but toasts them without details', () => {
    const post = (path: string) => ({ method: 'POST', url: `http://x/api${path}` });
    const details = [{ patientId: 'p1', code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR' }];
    expect(classifyError(err(400, 'DELIVERY_RULE_EXCEPTION', details), post('/quiz/schedule/bulk-insert/q1'))).toBe(
      'pass-through',
    );
    expect(classifyError(err(400, 'RESCHEDULE_ERROR', details), post('/quiz/schedule/bulk-reschedule/q1'))).toBe(
      'pass-through',
    );
    expect(classifyError(err(400, 'RESCHEDULE_ERROR', []), post('/quiz/schedule/bulk-reschedule/q1'))).toBe('toast');
    expect(classifyError(err(400, 'RESCHEDULE_ERROR', details), post('/quiz/schedule/reschedule'))).toBe('toast');
  });

  it('toasts everything else', () => {
    expect(classifyError(err(409, 'PROFESSIONAL_ALREADY_EXISTS'))).toBe('toast');
    expect(classifyError(err(500, 'INTERNAL_ERROR'))).toBe('toast');
  });
});

describe('toApiError', () => {
  it('reads the API error body', () => {
    const e = toApiError(
      {
        statusCode: 400,
        application_error_code: 'WRONG_COMMAND_PARAMETERS',
        message: 'bad',
        details: [{ path: ['email'], message: 'E-mail inválido.' }],
      },
      400,
    );
    expect(e.code).toBe('WRONG_COMMAND_PARAMETERS');
    expect(e.fieldErrors()).toEqual({ email: 'E-mail inválido.' });
  });
  it('treats a failed fetch as a network error with its own sentence', () => {
    const e = toApiError(new TypeError('Failed to fetch'), undefined);
    expect(e.code).toBe('NETWORK_ERROR');
    expect(e.userMessage).toMatch(/conectar ao servidor/);
  });
  it('gives the unknown-code text for a body it does not understand', () => {
    expect(toApiError('<html>bad gateway</html>', 502).userMessage).toBe(UNKNOWN_ERROR_MESSAGE);
  });
});

describe('ApiError.userMessage', () => {
  it('is the catalogue sentence, except for a refused attempt, whose server sentence names the way out', () => {
    expect(new ApiError(404, 'NOT_FOUND', 'Rota GET /x não encontrada.').userMessage).toBe(ERROR_MESSAGES.NOT_FOUND);
    const refused = new ApiError(
      429,
      'TOO_MANY_ATTEMPTS',
      'Muitas tentativas para esta conta. Entre de um dispositivo que você já usou ou redefina sua senha.',
    );
    expect(refused.userMessage).toMatch(/redefina sua senha/);
    expect(new ApiError(429, 'TOO_MANY_ATTEMPTS', '').userMessage).toBe(ERROR_MESSAGES.TOO_MANY_ATTEMPTS);
  });
});
