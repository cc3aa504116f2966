import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders } from './signing.js';

const body = JSON.stringify({ type: 'quiz_answer.finished', timestamp: '2026-11-25T13:00:00Z', data: { a: 1 } });

describe('webhook signatures (verified with the standardwebhooks package, not our own code)', () => {
  it('a receiver holding the secret verifies the delivery', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([secret], 'msg_2Kw3', now, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('during a rotation both secrets sign, so a receiver with either one verifies', () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const headers = webhookHeaders([newSecret, oldSecret], 'msg_rot', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(body, headers)).not.toThrow();
  });

  it('a changed body, another secret or a stale timestamp does not verify', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([secret], 'msg_x', now, body);
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    const stale = webhookHeaders([secret], 'msg_x', now - 3600, body);
    expect(() => new Webhook(secret).verify(body, stale)).toThrow();
  });
});
