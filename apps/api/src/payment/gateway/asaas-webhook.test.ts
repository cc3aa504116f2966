import { describe, expect, it } from 'vitest';
import confirmed from './fixtures/webhook-payment-confirmed.json';
import received from './fixtures/webhook-payment-received.json';
import overdue from './fixtures/webhook-payment-overdue.json';
import refunded from './fixtures/webhook-payment-refunded.json';
import subscriptionDeleted from './fixtures/webhook-subscription-deleted.json';
import { WebhookRejected } from './errors.js';
import { webhookTokenMatches } from './asaas-webhook.js';
import { WEBHOOK_TOKEN, gatewayWith } from './fixtures/fake-fetch.js';

const { gateway } = gatewayWith([]);
const body = (o: unknown) => JSON.stringify(o);

function rejection(run: () => unknown): WebhookRejected['reason'] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookRejected);
    return (e as WebhookRejected).reason;
  }
  throw new Error('expected the delivery to be rejected');
}

describe('Asaas webhooks: authentication', () => {
  it('accepts the configured token (header names are case-insensitive)', () => {
    const event = gateway.parseWebhook({ 'Asaas-Access-Token': WEBHOOK_TOKEN }, body(confirmed));
    expect(event.id).toBe('evt_05b708f961d739ea7eba7e4db318f621&368604920');
  });

  it.each([
    ['a wrong token of the same length', { 'asaas-access-token': WEBHOOK_TOKEN.replace(/.$/, 'x') }],
    ['a shorter token', { 'asaas-access-token': WEBHOOK_TOKEN.slice(0, 10) }],
    ['a longer token', { 'asaas-access-token': `${WEBHOOK_TOKEN}0` }],
    ['an empty token', { 'asaas-access-token': '' }],
    ['no header', {}],
    ['the header twice', { 'asaas-access-token': [WEBHOOK_TOKEN, WEBHOOK_TOKEN] }],
    ['the token in another header', { authorization: WEBHOOK_TOKEN }],
  ])('rejects %s', (_, headers) => {
    expect(rejection(() => gateway.parseWebhook(headers, body(confirmed)))).toBe('unauthorized');
  });

  it('rejects every delivery when no token is configured (fail closed)', () => {
    const { gateway: open } = gatewayWith([], { webhookToken: undefined });
    expect(rejection(() => open.parseWebhook({ 'asaas-access-token': '' }, body(confirmed)))).toBe('unauthorized');
    expect(rejection(() => open.parseWebhook({ 'asaas-access-token': 'x' }, body(confirmed)))).toBe('unauthorized');
  });

  it('authenticates before reading the body', () => {
    expect(rejection(() => gateway.parseWebhook({ 'asaas-access-token': 'nope' }, '{not json'))).toBe('unauthorized');
  });

  it('compares in constant time whatever the lengths', () => {
    expect(webhookTokenMatches('abc', 'abc')).toBe(true);
    expect(webhookTokenMatches('abc', 'abd')).toBe(false);
    expect(webhookTokenMatches('abc', 'abcd')).toBe(false);
    expect(webhookTokenMatches('', '')).toBe(false);
  });
});

describe('Asaas webhooks: events', () => {
  const headers = { 'asaas-access-token': WEBHOOK_TOKEN };

  it('reads a payment event into the port’s types (cents, statuses, last 4 only)', () => {
    const event = gateway.parseWebhook(headers, Buffer.from(body(confirmed)));
    expect(event).toEqual({
      id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
      type: 'PAYMENT_CONFIRMED',
      occurredAt: '2026-05-04T16:45:03-03:00',
      subscriptionId: 'sub_VXJBYgP2u0eO',
      payment: expect.objectContaining({
        id: 'pay_080225913252',
        status: 'confirmed',
        valueCents: 1990,
        card: { brand: 'MASTERCARD', last4: '8829' },
      }),
    });
    expect(JSON.stringify(event)).not.toContain('creditCardToken');
    expect(JSON.stringify(event)).not.toContain('76496073');
  });

  it.each([
    [received, 'PAYMENT_RECEIVED', 'received'],
    [overdue, 'PAYMENT_OVERDUE', 'overdue'],
    [refunded, 'PAYMENT_REFUNDED', 'refunded'],
  ])('reads %#: %s', (fixture, type, status) => {
    const event = gateway.parseWebhook(headers, body(fixture));
    expect(event.type).toBe(type);
    expect(event.payment?.status).toBe(status);
    expect(event.subscriptionId).toBe('sub_VXJBYgP2u0eO');
  });

  it('reads a subscription event, whose dates Asaas writes DD/MM/YYYY', () => {
    const event = gateway.parseWebhook(headers, body(subscriptionDeleted));
    expect(event.type).toBe('SUBSCRIPTION_DELETED');
    expect(event.subscriptionId).toBe('sub_VXJBYgP2u0eO');
    expect(event.subscription).toMatchObject({
      nextDueDate: '2026-06-04',
      status: 'inactive',
      deleted: true,
      valueCents: 1990,
      externalReference: 'attempt_01HZX3',
    });
    expect(event.payment).toBeUndefined();
  });

  it('passes an event it does not model through by name', () => {
    const event = gateway.parseWebhook(
      headers,
      body({ id: 'evt_1', event: 'TRANSFER_CREATED', transfer: { id: 't' } }),
    );
    expect(event).toEqual({ id: 'evt_1', type: 'TRANSFER_CREATED' });
  });

  it.each([
    ['not JSON', '{"id":'],
    ['not an object', '[]'],
    ['without an id', body({ event: 'PAYMENT_CONFIRMED' })],
    ['with a broken payment', body({ id: 'evt_1', event: 'PAYMENT_CONFIRMED', payment: { id: 'p' } })],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0x7d])],
  ])('rejects a body %s as malformed', (_, raw) => {
    expect(rejection(() => gateway.parseWebhook(headers, raw))).toBe('malformed');
  });
});
