import { describe, expect, it } from 'vitest';
import customer from './fixtures/customer.json';
import customerList from './fixtures/customer-list.json';
import customerListEmpty from './fixtures/customer-list-empty.json';
import tokenized from './fixtures/tokenize.json';
import subMonthly from './fixtures/subscription-monthly.json';
import subYearly from './fixtures/subscription-yearly.json';
import subList from './fixtures/subscription-list.json';
import subDeleted from './fixtures/subscription-deleted.json';
import paymentsConfirmed from './fixtures/payments-confirmed.json';
import paymentsPendingFuture from './fixtures/payments-pending-future.json';
import paymentsPage1 from './fixtures/payments-page-1.json';
import paymentsPage2 from './fixtures/payments-page-2.json';
import paymentConfirmed from './fixtures/payment-confirmed.json';
import paymentRefunded from './fixtures/payment-refunded.json';
import paymentRefundRequested from './fixtures/payment-refund-requested.json';
import { firstPage, gatewayWith } from './fixtures/fake-fetch.js';

const CARD_NUMBER = '5162306219378829';
const CCV = '318';

const card = {
  holderName: 'marcelo h almeida',
  number: '5162 3062 1937 8829',
  expiryMonth: '5',
  expiryYear: '2030',
  ccv: CCV,
};
const holder = {
  name: 'Marcelo Henrique Almeida',
  email: 'marcelo.almeida@example.com',
  cpfCnpj: '249.715.637-92',
  postalCode: '89223-005',
  addressNumber: '277',
  phone: '(47) 3801-0919',
  mobilePhone: '+55 47 99878-1877',
};

const createInput = {
  customerId: 'cus_000005401844',
  valueCents: 1990,
  cycle: 'MONTHLY' as const,
  nextDueDate: '2026-05-04',
  cardToken: tokenized.creditCardToken,
  externalReference: 'attempt_01HZX3',
  description: 'Acompanha Pro mensal',
  remoteIp: '203.0.113.7',
};

const createBody = {
  customer: 'cus_000005401844',
  billingType: 'CREDIT_CARD',
  value: 19.9,
  nextDueDate: '2026-05-04',
  cycle: 'MONTHLY',
  description: 'Acompanha Pro mensal',
  externalReference: 'attempt_01HZX3',
  creditCardToken: tokenized.creditCardToken,
  remoteIp: '203.0.113.7',
};

describe('Asaas adapter: customers', () => {
  it('finds the customer by externalReference without creating another', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'GET',
        path: '/customers',
        query: firstPage({ externalReference: 'prof_7b1e2c' }),
        answer: customerList,
      },
    ]);
    const found = await gateway.findOrCreateCustomer({
      externalReference: 'prof_7b1e2c',
      name: 'Nutricionista Exemplo da Silva',
      email: 'nutri.exemplo@example.com',
      cpfCnpj: '24971563792',
    });
    expect(found).toEqual({
      id: 'cus_000005401844',
      externalReference: 'prof_7b1e2c',
      name: 'Nutricionista Exemplo da Silva',
      email: 'nutri.exemplo@example.com',
    });
    done();
  });

  it('creates it when none carries the reference: digits only, notifications off', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'GET',
        path: '/customers',
        query: firstPage({ externalReference: 'prof_7b1e2c' }),
        answer: customerListEmpty,
      },
      {
        method: 'POST',
        path: '/customers',
        body: {
          name: 'Nutricionista Exemplo da Silva',
          email: 'nutri.exemplo@example.com',
          cpfCnpj: '24971563792',
          mobilePhone: '47998781877',
          externalReference: 'prof_7b1e2c',
          notificationDisabled: true,
        },
        answer: customer,
      },
    ]);
    const created = await gateway.findOrCreateCustomer({
      externalReference: 'prof_7b1e2c',
      name: 'Nutricionista Exemplo da Silva',
      email: 'nutri.exemplo@example.com',
      cpfCnpj: '249.715.637-92',
      phone: '+55 (47) 99878-1877',
    });
    expect(created.id).toBe('cus_000005401844');
    done();
  });
});

describe('Asaas adapter: card tokenization', () => {
  it('sends the card and holder as documented and returns only token, brand and last 4', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'POST',
        path: '/creditCard/tokenizeCreditCard',
        body: {
          customer: 'cus_000005401844',
          creditCard: {
            holderName: 'marcelo h almeida',
            number: CARD_NUMBER,
            expiryMonth: '05',
            expiryYear: '2030',
            ccv: CCV,
          },
          creditCardHolderInfo: {
            name: 'Marcelo Henrique Almeida',
            email: 'marcelo.almeida@example.com',
            cpfCnpj: '24971563792',
            postalCode: '89223005',
            addressNumber: '277',
            phone: '4738010919',
            mobilePhone: '47998781877',
          },
          remoteIp: '203.0.113.7',
        },
        answer: tokenized,
      },
    ]);
    const token = await gateway.tokenizeCard({ customerId: 'cus_000005401844', card, holder, remoteIp: '203.0.113.7' });
    expect(token).toEqual({ token: '76496073-536f-4835-80db-c45d00f33695', brand: 'MASTERCARD', last4: '8829' });
    expect(JSON.stringify(token)).not.toContain(CARD_NUMBER);
    expect(JSON.stringify(token)).not.toContain(`"${CCV}"`);
    done();
  });
});

describe('Asaas adapter: subscriptions', () => {
  it('creates a monthly subscription charged today: 1990 cents go as 19.9 reais', async () => {
    const { gateway, sent, done } = gatewayWith([
      { method: 'POST', path: '/subscriptions', body: createBody, answer: subMonthly },
      {
        method: 'GET',
        path: '/subscriptions/sub_VXJBYgP2u0eO/payments',
        query: firstPage(),
        answer: paymentsConfirmed,
      },
    ]);
    const { subscription, firstPayment } = await gateway.createSubscription(createInput);
    expect(sent[0]!.rawBody).toContain('"value":19.9,');
    expect(subscription).toEqual({
      id: 'sub_VXJBYgP2u0eO',
      customerId: 'cus_000005401844',
      valueCents: 1990,
      cycle: 'MONTHLY',
      nextDueDate: '2026-06-04',
      status: 'active',
      deleted: false,
      externalReference: 'attempt_01HZX3',
      description: 'Acompanha Pro mensal',
      card: { brand: 'MASTERCARD', last4: '8829' },
    });
    expect(firstPayment).toMatchObject({
      id: 'pay_080225913252',
      status: 'confirmed',
      gatewayStatus: 'CONFIRMED',
      valueCents: 1990,
      netValueCents: 1891,
      paidDate: '2026-05-04',
      card: { brand: 'MASTERCARD', last4: '8829' },
    });
    done();
  });

  it('creates a yearly one: 39000 cents go as 390 reais and come back as 39000', async () => {
    const { gateway, sent, done } = gatewayWith([
      {
        method: 'POST',
        path: '/subscriptions',
        body: {
          ...createBody,
          value: 390,
          cycle: 'YEARLY',
          nextDueDate: '2027-05-04',
          description: 'Acompanha Pro anual',
          externalReference: 'attempt_01HZX4',
        },
        answer: subYearly,
      },
      {
        method: 'GET',
        path: '/subscriptions/sub_m5gdy1upm25fbwgx/payments',
        query: firstPage(),
        answer: paymentsPendingFuture,
      },
    ]);
    const { subscription, firstPayment } = await gateway.createSubscription({
      ...createInput,
      valueCents: 39000,
      cycle: 'YEARLY',
      nextDueDate: '2027-05-04',
      description: 'Acompanha Pro anual',
      externalReference: 'attempt_01HZX4',
    });
    expect(sent[0]!.rawBody).toContain('"value":390,');
    expect(subscription.valueCents).toBe(39000);
    expect(subscription.cycle).toBe('YEARLY');
    // A first charge due later is pending, and that is no error.
    expect(firstPayment?.status).toBe('pending');
    done();
  });

  it('finds subscriptions by the attempt id', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'GET',
        path: '/subscriptions',
        query: firstPage({ externalReference: 'attempt_01HZX3' }),
        answer: subList,
      },
    ]);
    const found = await gateway.findSubscriptionsByReference('attempt_01HZX3');
    expect(found.map((s) => s.id)).toEqual(['sub_VXJBYgP2u0eO']);
    done();
  });

  it('reads one, lists its payments across pages (oldest first), changes its card and cancels it', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'GET', path: '/subscriptions/sub_VXJBYgP2u0eO', answer: subMonthly },
      { method: 'GET', path: '/subscriptions/sub_VXJBYgP2u0eO/payments', query: firstPage(), answer: paymentsPage1 },
      {
        method: 'GET',
        path: '/subscriptions/sub_VXJBYgP2u0eO/payments',
        query: { offset: '100', limit: '100' },
        answer: paymentsPage2,
      },
      {
        method: 'PUT',
        path: '/subscriptions/sub_VXJBYgP2u0eO/creditCard',
        body: { creditCardToken: 'tok-new', remoteIp: '203.0.113.7' },
        answer: subMonthly,
      },
      { method: 'DELETE', path: '/subscriptions/sub_VXJBYgP2u0eO', answer: subDeleted },
    ]);
    expect((await gateway.getSubscription('sub_VXJBYgP2u0eO')).nextDueDate).toBe('2026-06-04');
    const payments = await gateway.listSubscriptionPayments('sub_VXJBYgP2u0eO');
    expect(payments.map((p) => [p.id, p.dueDate, p.status])).toEqual([
      ['pay_080225913252', '2026-05-04', 'confirmed'],
      ['pay_ukg5fca1bemjja47', '2026-06-04', 'pending'],
    ]);
    const updated = await gateway.updateSubscriptionCard('sub_VXJBYgP2u0eO', {
      cardToken: 'tok-new',
      remoteIp: '203.0.113.7',
    });
    expect(updated.id).toBe('sub_VXJBYgP2u0eO');
    await expect(gateway.cancelSubscription('sub_VXJBYgP2u0eO')).resolves.toBeUndefined();
    done();
  });

  it('encodes ids in paths', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'GET', path: '/payments/pay_a%2F..%2Fb', answer: paymentConfirmed },
    ]);
    await gateway.getPayment('pay_a/../b');
    done();
  });
});

describe('Asaas adapter: payments and refunds', () => {
  it('reads a payment', async () => {
    const { gateway, done } = gatewayWith([
      { method: 'GET', path: '/payments/pay_080225913252', answer: paymentConfirmed },
    ]);
    const p = await gateway.getPayment('pay_080225913252');
    expect(p).toEqual({
      id: 'pay_080225913252',
      customerId: 'cus_000005401844',
      subscriptionId: 'sub_VXJBYgP2u0eO',
      valueCents: 1990,
      netValueCents: 1891,
      status: 'confirmed',
      gatewayStatus: 'CONFIRMED',
      dueDate: '2026-05-04',
      paidDate: '2026-05-04',
      externalReference: null,
      card: { brand: 'MASTERCARD', last4: '8829' },
      invoiceUrl: 'https://sandbox.asaas.com/i/080225913252',
      deleted: false,
    });
    done();
  });

  it('pays an open charge with a card token, on the long card timeout', async () => {
    const { gateway, done } = gatewayWith([
      {
        method: 'POST',
        path: '/payments/pay_080225913252/payWithCreditCard',
        body: { creditCardToken: tokenized.creditCardToken },
        answer: paymentConfirmed,
      },
    ]);
    const paid = await gateway.payWithCardToken('pay_080225913252', { cardToken: tokenized.creditCardToken });
    expect([paid.id, paid.status, paid.card]).toEqual([
      'pay_080225913252',
      'confirmed',
      { brand: 'MASTERCARD', last4: '8829' },
    ]);
    done();
  });

  it('refunds the whole payment (no value) or part of it (reais)', async () => {
    const { gateway, sent, done } = gatewayWith([
      { method: 'POST', path: '/payments/pay_080225913252/refund', body: {}, answer: paymentRefunded },
      {
        method: 'POST',
        path: '/payments/pay_080225913252/refund',
        body: { value: 10 },
        answer: paymentRefundRequested,
      },
    ]);
    expect((await gateway.refundPayment('pay_080225913252')).status).toBe('refunded');
    const partial = await gateway.refundPayment('pay_080225913252', 1000);
    expect(partial.status).toBe('refund_requested');
    expect(sent[1]!.rawBody).toBe('{"value":10}');
    done();
  });
});
