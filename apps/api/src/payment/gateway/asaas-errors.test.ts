import { describe, expect, it } from 'vitest';
import refusedDocs from './fixtures/error-card-refused.json';
import refusedSandbox from './fixtures/error-card-refused-sandbox.json';
import invalidCustomer from './fixtures/error-invalid-customer.json';
import invalidValue from './fixtures/error-invalid-value.json';
import validation from './fixtures/error-validation.json';
import refundNotAllowed from './fixtures/error-refund-not-allowed.json';
import unauthorized from './fixtures/error-unauthorized.json';
import notFound from './fixtures/error-not-found.json';
import subMonthly from './fixtures/subscription-monthly.json';
import subList from './fixtures/subscription-list.json';
import paymentsPendingToday from './fixtures/payments-pending-today.json';
import paymentsRisk from './fixtures/payments-risk-analysis.json';
import paymentsEmpty from './fixtures/payments-empty.json';
import { GatewayError } from './errors.js';
import { API_KEY, firstPage, gatewayWith, type Step } from './fixtures/fake-fetch.js';

const CARD_NUMBER = '5184019740373151'; // the docs' refused Mastercard test card
const CCV = '987';
const card = { holderName: 'teste recusado', number: CARD_NUMBER, expiryMonth: '12', expiryYear: '2030', ccv: CCV };
const holder = {
  name: 'Teste Recusado',
  email: 'recusado@example.com',
  cpfCnpj: '24971563792',
  postalCode: '89223005',
  addressNumber: '277',
  phone: '4738010919',
};
const tokenizeInput = { customerId: 'cus_000005401844', card, holder, remoteIp: '203.0.113.7' };
const tokenizeStep = (s: Partial<Step>): Step => ({
  method: 'POST',
  path: '/creditCard/tokenizeCreditCard',
  body: {
    customer: 'cus_000005401844',
    creditCard: { holderName: 'teste recusado', number: CARD_NUMBER, expiryMonth: '12', expiryYear: '2030', ccv: CCV },
    creditCardHolderInfo: holder,
    remoteIp: '203.0.113.7',
  },
  ...s,
});
const createInput = {
  customerId: 'cus_000005401844',
  valueCents: 1990,
  cycle: 'MONTHLY' as const,
  nextDueDate: '2026-05-04',
  cardToken: 'tok-1',
  externalReference: 'attempt_01HZX3',
  description: 'Acompanha Pro mensal',
  remoteIp: '203.0.113.7',
};
const createStep = (s: Partial<Step>): Step => ({
  method: 'POST',
  path: '/subscriptions',
  body: {
    customer: 'cus_000005401844',
    billingType: 'CREDIT_CARD',
    value: 19.9,
    nextDueDate: '2026-05-04',
    cycle: 'MONTHLY',
    description: 'Acompanha Pro mensal',
    externalReference: 'attempt_01HZX3',
    creditCardToken: 'tok-1',
    remoteIp: '203.0.113.7',
  },
  ...s,
});
const paymentsStep = (answer: unknown): Step => ({
  method: 'GET',
  path: '/subscriptions/sub_VXJBYgP2u0eO/payments',
  query: firstPage(),
  answer,
});

async function failure(p: Promise<unknown>): Promise<GatewayError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(GatewayError);
  return e as GatewayError;
}

/** Nothing secret in anything a caller could log or show. */
function expectNoSecrets(e: GatewayError) {
  for (const text of [e.message, JSON.stringify(e), String(e), e.stack ?? '', JSON.stringify(e.context)]) {
    expect(text).not.toContain(CARD_NUMBER);
    expect(text).not.toContain(CARD_NUMBER.slice(0, 6));
    expect(text).not.toContain(CCV);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('tok-1');
  }
}

describe('Asaas adapter: card refusals', () => {
  it.each([
    ['as documented (invalid_creditCard)', refusedDocs, 'invalid_creditCard'],
    ['as the sandbox answers (invalid_action)', refusedSandbox, 'invalid_action'],
  ])('a refused card on subscription creation is PAYMENT_ATTEMPT_FAILED, %s', async (_, body, code) => {
    const { gateway, done } = gatewayWith([createStep({ status: 400, answer: body })]);
    const e = await failure(gateway.createSubscription(createInput));
    expect(e.code).toBe('PAYMENT_ATTEMPT_FAILED');
    expect(e.retryable).toBe(false);
    expect(e.message).toBe('O cartão foi recusado. Confira os dados ou use outro cartão.');
    expect(e.context).toEqual({ operation: 'createSubscription', httpStatus: 400, gatewayCodes: [code] });
    expectNoSecrets(e);
    done();
  });

  it('a refused card on tokenization is CREDIT_CARD_TOKENIZATION_FAILED', async () => {
    const { gateway, done } = gatewayWith([tokenizeStep({ status: 400, answer: refusedSandbox })]);
    const e = await failure(gateway.tokenizeCard(tokenizeInput));
    expect([e.code, e.failure, e.retryable]).toEqual(['CREDIT_CARD_TOKENIZATION_FAILED', 'refused', false]);
    expect(e.message).toBe('O cartão foi recusado. Confira os dados ou use outro cartão.');
    expectNoSecrets(e);
    done();
  });

  it('a refused new card on a subscription is PAYMENT_ATTEMPT_FAILED', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'PUT',
        path: '/subscriptions/sub_1/creditCard',
        body: { creditCardToken: 'tok-1', remoteIp: '203.0.113.7' },
        status: 400,
        answer: refusedDocs,
      },
    ]);
    const e = await failure(gateway.updateSubscriptionCard('sub_1', { cardToken: 'tok-1', remoteIp: '203.0.113.7' }));
    expect(e.code).toBe('PAYMENT_ATTEMPT_FAILED');
    expectNoSecrets(e);
    done();
  });
});

describe('Asaas adapter: other 4xx', () => {
  it('an unknown customer is CUSTOMER_NOT_FOUND', async () => {
    const { gateway, done } = gatewayWith([createStep({ status: 400, answer: invalidCustomer })]);
    const e = await failure(gateway.createSubscription(createInput));
    expect([e.code, e.failure, e.retryable]).toEqual(['CUSTOMER_NOT_FOUND', 'not_found', false]);
    done();
  });

  it.each([
    ['the card minimum', invalidValue],
    ['several validation errors', validation],
  ])('%s on creation is RECURRENT_PAYMENT_CREATION_FAILED, not retryable', async (_, body) => {
    const { gateway, done } = gatewayWith([createStep({ status: 400, answer: body })]);
    const e = await failure(gateway.createSubscription(createInput));
    expect([e.code, e.failure, e.retryable]).toEqual(['RECURRENT_PAYMENT_CREATION_FAILED', 'invalid', false]);
    done();
  });

  it('invalid_action on a refund is REFUND_NOT_ALLOWED, not a refused card', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'POST', path: '/payments/pay_1/refund', body: {}, status: 400, answer: refundNotAllowed },
    ]);
    const e = await failure(gateway.refundPayment('pay_1'));
    expect([e.code, e.failure]).toEqual(['REFUND_NOT_ALLOWED', 'invalid']);
    expect(e.message).toBe('Este pagamento não pode ser estornado.');
    done();
  });

  it('paying an open charge: a refused card is PAYMENT_ATTEMPT_FAILED (refused), a paid one is invalid, unknown is not found', async () => {
    const pay = (status: number, answer: unknown): Step => ({
      method: 'POST',
      path: '/payments/pay_1/payWithCreditCard',
      body: { creditCardToken: 'tok-1' },
      status,
      answer,
    });
    const { gateway, done } = gatewayWith([
      pay(400, refusedDocs),
      pay(400, { errors: [{ code: 'invalid_action', description: 'Esta cobrança não pode ser paga.' }] }),
      pay(404, notFound),
    ]);
    const refused = await failure(gateway.payWithCardToken('pay_1', { cardToken: 'tok-1' }));
    expect([refused.code, refused.failure]).toEqual(['PAYMENT_ATTEMPT_FAILED', 'refused']);
    // invalid_action reads as a refusal too (the sandbox's word for it): either way, nothing was charged.
    const paid = await failure(gateway.payWithCardToken('pay_1', { cardToken: 'tok-1' }));
    expect(paid.code).toBe('PAYMENT_ATTEMPT_FAILED');
    const unknown = await failure(gateway.payWithCardToken('pay_1', { cardToken: 'tok-1' }));
    expect([unknown.code, unknown.failure]).toEqual(['NEXT_PAYMENT_NOT_FOUND', 'not_found']);
    expect(JSON.stringify([refused.context, paid.context, unknown.context])).not.toContain('tok-1');
    done();
  });

  it('a customer the gateway rejects is CUSTOMER_CREATION_FAILED', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'GET', path: '/customers', query: firstPage({ externalReference: 'p1' }), answer: { data: [] } },
      {
        method: 'POST',
        path: '/customers',
        body: { name: 'X', email: 'x@example.com', cpfCnpj: '1', externalReference: 'p1', notificationDisabled: true },
        status: 400,
        answer: { errors: [{ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' }] },
      },
    ]);
    const e = await failure(
      gateway.findOrCreateCustomer({ externalReference: 'p1', name: 'X', email: 'x@example.com', cpfCnpj: '1' }),
    );
    expect([e.code, e.failure]).toEqual(['CUSTOMER_CREATION_FAILED', 'invalid']);
    expect(e.context.gatewayCodes).toEqual(['invalid_cpfCnpj']);
    done();
  });

  it('401 is a configuration failure: not retryable, a neutral sentence', async () => {
    const { gateway, done } = gatewayWith([tokenizeStep({ status: 401, answer: unauthorized })]);
    const e = await failure(gateway.tokenizeCard(tokenizeInput));
    expect([e.code, e.failure, e.retryable]).toEqual(['CREDIT_CARD_TOKENIZATION_FAILED', 'unauthorized', false]);
    expect(e.message).toBe('O serviço de pagamento está indisponível no momento. Tente novamente mais tarde.');
    expectNoSecrets(e);
    done();
  });

  it.each([
    ['with the errors envelope', notFound],
    ['with an empty body', undefined],
  ])('404 maps to the operation’s not-found code, %s', async (_, body) => {
    const { gateway, done } = gatewayWith([
      { method: 'GET', path: '/subscriptions/sub_x', status: 404, answer: body },
      { method: 'GET', path: '/payments/pay_x', status: 404, answer: body },
      { method: 'DELETE', path: '/subscriptions/sub_x', status: 404, answer: body },
      { method: 'POST', path: '/payments/pay_x/refund', body: { value: 19.9 }, status: 404, answer: body },
    ]);
    expect((await failure(gateway.getSubscription('sub_x'))).code).toBe('CUSTOMER_SIGNATURE_NOT_FOUND');
    expect((await failure(gateway.getPayment('pay_x'))).code).toBe('NEXT_PAYMENT_NOT_FOUND');
    expect((await failure(gateway.cancelSubscription('sub_x'))).code).toBe('CUSTOMER_SIGNATURE_NOT_FOUND');
    const refund = await failure(gateway.refundPayment('pay_x', 1990));
    expect([refund.code, refund.failure, refund.retryable]).toEqual(['NEXT_PAYMENT_NOT_FOUND', 'not_found', false]);
    done();
  });
});

describe('Asaas adapter: unavailable gateway', () => {
  it.each([429, 500, 502, 503])('HTTP %i is retryable', async (status) => {
    const { gateway, done } = gatewayWith([
      { method: 'DELETE', path: '/subscriptions/sub_1', status, answer: '<html>Bad Gateway</html>' },
    ]);
    const e = await failure(gateway.cancelSubscription('sub_1'));
    expect([e.code, e.failure, e.retryable]).toEqual(['CANCEL_RECURRENT_PAYMENT_FAILED', 'unavailable', true]);
    expect(e.message).toBe('O serviço de pagamento não respondeu a tempo. Tente novamente em alguns minutos.');
    done();
  });

  it('a network failure is retryable and drops the underlying error (which held the card)', async () => {
    const { gateway, done } = gatewayWith([tokenizeStep({ behaviour: 'network-error' })]);
    const e = await failure(gateway.tokenizeCard(tokenizeInput));
    expect([e.code, e.retryable]).toEqual(['CREDIT_CARD_TOKENIZATION_FAILED', true]);
    expect(e.cause).toBeUndefined();
    expectNoSecrets(e);
    done();
  });

  it('a refund request that gets 500 is GATEWAY_REFUND_REQUEST_FAILED, retryable', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'POST', path: '/payments/pay_1/refund', body: {}, status: 500, answer: '' },
    ]);
    const e = await failure(gateway.refundPayment('pay_1'));
    expect([e.code, e.retryable]).toEqual(['GATEWAY_REFUND_REQUEST_FAILED', true]);
    done();
  });

  it('an unreadable 2xx leaves the outcome unknown: retryable', async () => {
    const { gateway, done } = gatewayWith([{ method: 'GET', path: '/subscriptions/sub_1', answer: '{"id":' }]);
    const e = await failure(gateway.getSubscription('sub_1'));
    expect([e.code, e.retryable]).toEqual(['RECURRENT_PAYMENT_CREATION_FAILED', true]);
    done();
  });

  it('a fetch that never answers times out as a retryable error; the retry finds the subscription by attempt id', async () => {
    const { gateway, done } = gatewayWith(
      [
        createStep({ behaviour: 'hang' }),
        {
          method: 'GET',
          path: '/subscriptions',
          query: firstPage({ externalReference: 'attempt_01HZX3' }),
          answer: subList,
        },
      ],
      { timeoutMs: 20, chargeTimeoutMs: 30 },
    );
    const started = Date.now();
    const e = await failure(gateway.createSubscription(createInput));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([e.code, e.failure, e.retryable]).toEqual(['RECURRENT_PAYMENT_CREATION_FAILED', 'unavailable', true]);
    expectNoSecrets(e);
    const found = await gateway.findSubscriptionsByReference('attempt_01HZX3');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: 'sub_VXJBYgP2u0eO', externalReference: 'attempt_01HZX3', status: 'active' });
    done();
  });

  it('read calls use timeoutMs, card calls chargeTimeoutMs', async () => {
    const { gateway, done } = gatewayWith(
      [{ method: 'GET', path: '/payments/pay_1', behaviour: 'hang' }, tokenizeStep({ behaviour: 'hang' })],
      { timeoutMs: 10, chargeTimeoutMs: 200 },
    );
    let t = Date.now();
    await failure(gateway.getPayment('pay_1'));
    expect(Date.now() - t).toBeLessThan(150);
    t = Date.now();
    await failure(gateway.tokenizeCard(tokenizeInput));
    expect(Date.now() - t).toBeGreaterThanOrEqual(150);
    done();
  });
});

describe('Asaas adapter: a subscription whose first charge is not settled', () => {
  it.each([
    ['still PENDING although due today', paymentsPendingToday, 'pay_ptvf81ouhcd8859c'],
    ['under risk analysis', paymentsRisk, 'pay_7j5o6xswkf9n8a11'],
    ['with no charge generated yet', paymentsEmpty, undefined],
  ])('%s is PAYMENT_PENDING, carrying the ids to keep', async (_, payments, paymentId) => {
    const { gateway, done } = gatewayWith([createStep({ answer: subMonthly }), paymentsStep(payments)]);
    const e = await failure(gateway.createSubscription(createInput));
    expect([e.code, e.failure, e.retryable]).toEqual(['PAYMENT_PENDING', 'pending', false]);
    expect(e.message).toBe('Seu pagamento está em análise. Avisaremos assim que ele for confirmado.');
    expect(e.context).toEqual({
      operation: 'createSubscription',
      subscriptionId: 'sub_VXJBYgP2u0eO',
      ...(paymentId && { paymentId }),
    });
    done();
  });

  it('the charges not answering after creation is PAYMENT_PENDING too (the subscription exists)', async () => {
    const { gateway, done } = gatewayWith([
      createStep({ answer: subMonthly }),
      { ...paymentsStep(undefined), status: 503, answer: '' },
    ]);
    const e = await failure(gateway.createSubscription(createInput));
    expect([e.code, e.context.subscriptionId]).toEqual(['PAYMENT_PENDING', 'sub_VXJBYgP2u0eO']);
    done();
  });
});
