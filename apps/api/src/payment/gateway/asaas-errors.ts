/**
 * How Asaas's answers become `GatewayError`s: which operation failed decides the code, the HTTP
 * status and Asaas's error codes decide the failure (refused card, invalid, not found, unavailable).
 * See the sources listed at the top of asaas.ts.
 */
import { GatewayError, type GatewayErrorCode, type GatewayFailure } from './errors.js';
import { errorsShape } from './asaas-shapes.js';

/** How each operation's failures map to the port's codes. */
export interface Operation {
  name: string;
  fail: GatewayErrorCode;
  notFound?: GatewayErrorCode;
  /** Set where a card is checked: a refusal answers this code. */
  refused?: GatewayErrorCode;
  /** 400 `invalid_customer` (unknown customer id) answers `CUSTOMER_NOT_FOUND`. */
  customer?: boolean;
  /** Another 400 answers this code instead of `fail`. */
  rejected?: GatewayErrorCode;
  charge?: boolean;
}

const op = (name: string, o: Omit<Operation, 'name'>): Operation => ({ name, ...o });
export const OPS = {
  customer: op('findOrCreateCustomer', { fail: 'CUSTOMER_CREATION_FAILED' }),
  tokenize: op('tokenizeCard', {
    fail: 'CREDIT_CARD_TOKENIZATION_FAILED',
    refused: 'CREDIT_CARD_TOKENIZATION_FAILED',
    customer: true,
    charge: true,
  }),
  create: op('createSubscription', {
    fail: 'RECURRENT_PAYMENT_CREATION_FAILED',
    refused: 'PAYMENT_ATTEMPT_FAILED',
    customer: true,
    charge: true,
  }),
  find: op('findSubscriptionsByReference', { fail: 'RECURRENT_PAYMENT_CREATION_FAILED' }),
  get: op('getSubscription', { fail: 'RECURRENT_PAYMENT_CREATION_FAILED', notFound: 'CUSTOMER_SIGNATURE_NOT_FOUND' }),
  payments: op('listSubscriptionPayments', {
    fail: 'RECURRENT_PAYMENT_CREATION_FAILED',
    notFound: 'CUSTOMER_SIGNATURE_NOT_FOUND',
  }),
  card: op('updateSubscriptionCard', {
    fail: 'RECURRENT_PAYMENT_CREATION_FAILED',
    notFound: 'CUSTOMER_SIGNATURE_NOT_FOUND',
    refused: 'PAYMENT_ATTEMPT_FAILED',
    charge: true,
  }),
  cancel: op('cancelSubscription', {
    fail: 'CANCEL_RECURRENT_PAYMENT_FAILED',
    notFound: 'CUSTOMER_SIGNATURE_NOT_FOUND',
  }),
  payment: op('getPayment', { fail: 'PAYMENT_PENDING', notFound: 'NEXT_PAYMENT_NOT_FOUND' }),
  pay: op('payWithCardToken', {
    fail: 'PAYMENT_ATTEMPT_FAILED',
    notFound: 'NEXT_PAYMENT_NOT_FOUND',
    refused: 'PAYMENT_ATTEMPT_FAILED',
    charge: true,
  }),
  refund: op('refundPayment', {
    fail: 'GATEWAY_REFUND_REQUEST_FAILED',
    notFound: 'NEXT_PAYMENT_NOT_FOUND',
    rejected: 'REFUND_NOT_ALLOWED',
  }),
} satisfies Record<string, Operation>;

/** Docs: `invalid_creditCard`; sandbox runs: `invalid_action`. */
const CARD_REFUSAL_CODES = new Set(['invalid_action', 'invalid_creditCard']);
function gatewayCodes(body: unknown): string[] {
  const parsed = errorsShape.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.errors.map((e) => e.code ?? '').filter((c) => /^[A-Za-z0-9_.-]{1,64}$/.test(c));
}

/** The error for an HTTP answer other than 2xx. */
export function httpError(o: Operation, status: number, body: unknown): GatewayError {
  const codes = gatewayCodes(body);
  const context = { operation: o.name, httpStatus: status, ...(codes.length && { gatewayCodes: codes }) };
  const fail = (code: GatewayErrorCode, failure: GatewayFailure) => new GatewayError(code, failure, context);
  if (status === 429 || status >= 500) return fail(o.fail, 'unavailable');
  if (status === 401 || status === 403) return fail(o.fail, 'unauthorized');
  if (status === 404) return fail(o.notFound ?? o.fail, o.notFound ? 'not_found' : 'invalid');
  if (status === 400) {
    if (o.refused && codes.some((c) => CARD_REFUSAL_CODES.has(c))) return fail(o.refused, 'refused');
    if (o.customer && codes.includes('invalid_customer')) return fail('CUSTOMER_NOT_FOUND', 'not_found');
    return fail(o.rejected ?? o.fail, 'invalid');
  }
  return fail(o.fail, 'invalid');
}

/** `/subscriptions/{id}…`: the id is encoded; an empty one cannot exist at the gateway. */
export function idPath(o: Operation, prefix: string, id: string, suffix = ''): string {
  if (!id) throw new GatewayError(o.notFound ?? o.fail, o.notFound ? 'not_found' : 'invalid', { operation: o.name });
  return `${prefix}/${encodeURIComponent(id)}${suffix}`;
}
