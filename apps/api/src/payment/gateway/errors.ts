/**
 * Errors of the payment gateway port. A `GatewayError` carries one of the spec's payment error codes
 * (a subset of `ErrorCode`, checked at compile time), whether trying again may help, and a sentence in
 * Portuguese the professional can read. Its `context` holds only non-sensitive facts (ids, the
 * gateway's error codes, the HTTP status): never a card number, a CVV, a card token or the API key,
 * and never the gateway's free-text descriptions (they can echo what was sent).
 */
import type { ErrorCode } from '../../errors/codes.js';

export const GATEWAY_ERROR_CODES = [
  'CREDIT_CARD_TOKENIZATION_FAILED',
  'CUSTOMER_CREATION_FAILED',
  'RECURRENT_PAYMENT_CREATION_FAILED',
  'PAYMENT_ATTEMPT_FAILED',
  'PAYMENT_PENDING',
  'NEXT_PAYMENT_NOT_FOUND',
  'CANCEL_RECURRENT_PAYMENT_FAILED',
  'CUSTOMER_NOT_FOUND',
  'GATEWAY_REFUND_REQUEST_FAILED',
  'REFUND_NOT_ALLOWED',
  'CUSTOMER_SIGNATURE_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

/**
 * Why the call failed, which decides the sentence and `retryable`:
 * - `refused`: the issuer or the gateway's risk check declined the card;
 * - `invalid`: the gateway rejected what was sent (validation, state that forbids the action);
 * - `not_found`: the id does not exist at the gateway;
 * - `pending`: the charge exists but is not settled yet;
 * - `unavailable`: timeout, network failure, 429 or 5xx: the outcome is unknown, trying again may help;
 * - `unauthorized`: the gateway refused our credentials (configuration, not the professional's fault).
 */
export type GatewayFailure = 'refused' | 'invalid' | 'not_found' | 'pending' | 'unavailable' | 'unauthorized';

export interface GatewayErrorContext {
  operation?: string;
  httpStatus?: number;
  /** The gateway's machine-readable error codes (`invalid_action`, `invalid_creditCard`…). */
  gatewayCodes?: string[];
  subscriptionId?: string;
  paymentId?: string;
}

const CARD_REFUSED = 'O cartão foi recusado. Confira os dados ou use outro cartão.';
const UNAVAILABLE = 'O serviço de pagamento não respondeu a tempo. Tente novamente em alguns minutos.';
const UNAUTHORIZED = 'O serviço de pagamento está indisponível no momento. Tente novamente mais tarde.';
const PENDING = 'Seu pagamento está em análise. Avisaremos assim que ele for confirmado.';

const INVALID: Record<GatewayErrorCode, string> = {
  CREDIT_CARD_TOKENIZATION_FAILED: 'Não foi possível validar o cartão. Confira os dados do cartão e do titular.',
  CUSTOMER_CREATION_FAILED:
    'Não foi possível cadastrar seus dados de cobrança. Confira nome, e-mail, CPF/CNPJ e telefone.',
  RECURRENT_PAYMENT_CREATION_FAILED: 'Não foi possível concluir a assinatura. Confira os dados e tente novamente.',
  PAYMENT_ATTEMPT_FAILED: CARD_REFUSED,
  PAYMENT_PENDING: PENDING,
  NEXT_PAYMENT_NOT_FOUND: 'Cobrança não encontrada.',
  CANCEL_RECURRENT_PAYMENT_FAILED: 'Não foi possível cancelar a assinatura.',
  CUSTOMER_NOT_FOUND: 'Cadastro de cobrança não encontrado.',
  GATEWAY_REFUND_REQUEST_FAILED: 'Não foi possível solicitar o estorno.',
  REFUND_NOT_ALLOWED: 'Este pagamento não pode ser estornado.',
  CUSTOMER_SIGNATURE_NOT_FOUND: 'Assinatura não encontrada.',
};

/** The sentence for a failure of `code` (Brazilian Portuguese, for the professional). */
export function gatewayMessage(code: GatewayErrorCode, failure: GatewayFailure): string {
  switch (failure) {
    case 'refused':
      return CARD_REFUSED;
    case 'pending':
      return PENDING;
    case 'unavailable':
      return UNAVAILABLE;
    case 'unauthorized':
      return UNAUTHORIZED;
    default:
      return INVALID[code];
  }
}

export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    readonly code: GatewayErrorCode,
    readonly failure: GatewayFailure,
    readonly context: GatewayErrorContext = {},
    message: string = gatewayMessage(code, failure),
  ) {
    super(message);
  }

  /** Timeouts, network failures, 429 and 5xx: the same call may succeed later. */
  get retryable(): boolean {
    return this.failure === 'unavailable';
  }

  /** What a log line may carry: the code, the failure, the sentence and the safe context. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      failure: this.failure,
      retryable: this.retryable,
      message: this.message,
      context: this.context,
    };
  }
}

export const isGatewayError = (e: unknown): e is GatewayError => e instanceof GatewayError;

/**
 * A webhook delivery that must not be processed: `unauthorized` (token missing, wrong or not
 * configured: answer 401) or `malformed` (not an event we can read: answer 400).
 */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';

  constructor(readonly reason: 'unauthorized' | 'malformed') {
    super(reason === 'unauthorized' ? 'Webhook não autenticado.' : 'Corpo de webhook inválido.');
  }
}
