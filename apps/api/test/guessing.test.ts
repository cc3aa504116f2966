import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../src/config.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';

/**
 * Guessing a secret buys nothing from concurrency, an attacker failing against an account does not keep its
 * owner out, one address failing across many accounts or links is refused, and messages are limited.
 */
describe.each(backends)('guessing and message limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      config: {
        throttle: { maxFailuresPerAccount: 12, maxFailuresPerIp: 30 },
        limits: {
          recoveryEmailsPerEmail: { max: 3, windowSeconds: 3600 },
          recoveryEmailsPerAddress: { max: 10, windowSeconds: 3600 },
          verificationEmailsPerEmail: { max: 4, windowSeconds: 3600 },
          pinFailuresPerAddress: { max: 8, windowSeconds: 900 },
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const statuses = (list: { statusCode: number }[]) =>
    list.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  it('200 simultaneous wrong passwords for one account: at most 5 are checked, and the owner still gets in', async () => {
    const email = 'alvo@example.com';
    await t.signUp(email);
    // The owner signed in from her usual address once (signUp signs in from 127.0.0.1).
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => login(email, `errada-${i}`, '10.66.0.1')));
    const counted = statuses(results);
    console.log(
      `200 simultaneous wrong passwords (${backend.name}): ${counted[401] ?? 0} checked, ${counted[429] ?? 0} refused before any check`,
    );
    expect(counted[401] ?? 0).toBeLessThanOrEqual(5);
    expect((counted[401] ?? 0) + (counted[429] ?? 0)).toBe(200);
    expect(results.find((r) => r.statusCode === 429)!.headers['retry-after']).toBeTruthy();
    // Even the right password from the attacker's address is refused now …
    expect((await login(email, 'segredo123', '10.66.0.1')).statusCode).toBe(429);
    // … but the owner, from her own address, gets in.
    const owner = await login(email, 'segredo123', '127.0.0.1');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('an attacker failing from many addresses locks unknown addresses only; the owner gets in from a known one, a reset clears it', async () => {
    const email = 'muitos-ips@example.com';
    await t.signUp(email);
    for (let i = 0; i < 12; i++) expect((await login(email, 'errada123', `10.67.0.${i + 1}`)).statusCode).toBe(401);
    // The account's ceiling (12 in this suite, 100 in production) is reached: a new address is refused even with the right password.
    const refused = await login(email, 'segredo123', '10.67.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Esqueci minha senha/);
    // The owner's address, where she signed in before, is not.
    expect((await login(email, 'segredo123', '127.0.0.1')).statusCode).toBe(200);
    // A password reset (the mailbox proven) clears the account's counts.
    await t.call({ method: 'POST', url: '/api/account/recovery/request', payload: { email } });
    const link = (await t.lastMail(email)).text.match(/token=([\w-]+)/)![1]!;
    const reset = await t.call({
      method: 'POST',
      url: '/api/account/recovery/reset',
      payload: { token: link, password: 'nova-senha-1' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await login(email, 'nova-senha-1', '10.67.1.1')).statusCode).toBe(200);
  });

  it('one address failing across many accounts is refused for unknown accounts, not for one that signed in from it before', async () => {
    const remoteAddress = '10.68.0.1';
    const regular = 'cliente-da-casa@example.com';
    await t.signUp(regular);
    expect((await login(regular, 'segredo123', remoteAddress)).statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`conta${i}@example.com`, 'errada123', remoteAddress)),
    );
    const counted = statuses(results);
    expect(counted[401] ?? 0).toBeLessThanOrEqual(30);
    expect(counted[429] ?? 0).toBeGreaterThanOrEqual(30);
    expect((await login('outra@example.com', 'errada123', remoteAddress)).statusCode).toBe(429);
    // Someone else behind the same address, who signed in from it before, is not locked out.
    expect((await login(regular, 'segredo123', remoteAddress)).statusCode).toBe(200);
  });

  it('200 simultaneous wrong e-mail codes: at most 5 are checked; a new code works', async () => {
    const email = 'codigo@example.com';
    const code = await t.register({ email });
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: wrong } }),
      ),
    );
    const counted = statuses(results);
    console.log(
      `200 simultaneous wrong e-mail codes (${backend.name}): ${counted[400] ?? 0} checked, ${counted[429] ?? 0} refused before any check`,
    );
    expect(counted[400] ?? 0).toBeLessThanOrEqual(5);
    expect((counted[400] ?? 0) + (counted[429] ?? 0)).toBe(200);
    // The right code is refused too once the attempts are spent: the owner asks for a new one.
    const spent = await t.call({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
    expect(spent.statusCode).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/verify-email/resend', payload: { email } })).statusCode,
    ).toBe(204);
    const fresh = await t.lastCode(email);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code: fresh } })).statusCode,
    ).toBe(200);
  });

  it('password-recovery e-mails are limited per e-mail and per address, with Retry-After', async () => {
    const email = 'recupera@example.com';
    await t.signUp(email);
    const before = (await t.mailbox.list(email)).length;
    const results = [];
    for (let i = 0; i < 30; i++) {
      results.push(
        await t.call({
          method: 'POST',
          url: '/api/account/recovery/request',
          payload: { email },
          remoteAddress: '10.69.0.1',
        }),
      );
    }
    expect(statuses(results)).toEqual({ 204: 3, 429: 27 });
    expect((await t.mailbox.list(email)).length - before).toBe(3);
    const limited = results.at(-1)!;
    expect(limited.json().application_error_code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Unknown e-mails count the same (the answer tells nothing), and so does the address.
    const fromOne = [];
    for (let i = 0; i < 12; i++) {
      fromOne.push(
        await t.call({
          method: 'POST',
          url: '/api/account/recovery/request',
          payload: { email: `x${i}@example.com` },
          remoteAddress: '10.69.0.2',
        }),
      );
    }
    expect(statuses(fromOne)).toEqual({ 204: 10, 429: 2 });
  });

  it('verification e-mails are limited per e-mail (registration and resends together)', async () => {
    const email = 'reenvio@example.com';
    await t.register({ email });
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await t.call({ method: 'POST', url: '/api/auth/verify-email/resend', payload: { email } }));
    expect(statuses(results)).toEqual({ 204: 3, 429: 3 });
  });

  it('one address guessing PINs across many links is refused, whatever the link', async () => {
    const p = practice(t);
    const pro = await t.signUp('pin-links@example.com');
    const quizId = await p.quiz(pro);
    const serviceId = await p.service(pro);
    const scheduleIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const patient = await p.patient(pro, { serviceId, channel: 'email' });
      const s = await p.ok(
        p.api('POST', '/quiz/schedule', pro, {
          quizId,
          patientId: patient.id,
          startDate: '2030-12-01',
          hour: 8,
          periodicity: 'once',
        }),
        201,
      );
      scheduleIds.push(s.id);
    }
    const remoteAddress = '10.70.0.1';
    const tries = [];
    for (const id of scheduleIds) {
      for (let i = 0; i < 3; i++) {
        tries.push(
          await t.call({
            method: 'POST',
            url: '/api/quiz-answer/validate-pin',
            payload: { quizScheduleId: id, pin: '000000' },
            remoteAddress,
          }),
        );
      }
    }
    const counted = statuses(tries);
    expect(counted[400]).toBe(8);
    expect(counted[429]).toBe(1);
    // Another address is not affected.
    const other = await t.call({
      method: 'POST',
      url: '/api/quiz-answer/validate-pin',
      payload: { quizScheduleId: scheduleIds[2], pin: '000000' },
      remoteAddress: '10.70.0.2',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('TRUST_PROXY names the proxies', () => {
  it('takes a hop count or addresses and ranges, and refuses to trust any header', () => {
    expect(trustProxyFromEnv(undefined)).toBeUndefined();
    expect(trustProxyFromEnv('false')).toBeUndefined();
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => trustProxyFromEnv('true')).toThrow(/Name the proxies/);
    expect(() => trustProxyFromEnv('proxy.example.com')).toThrow(/not an IP address/);
  });

  it.each(backends)('a rotating X-Forwarded-For does not escape the per-address limit ($name)', async (backend) => {
    const attempt = (t: TestApp, i: number, remoteAddress: string) =>
      t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `rot${i}@example.com`, password: 'errada123' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress,
      });
    // No trusted proxy: the header is ignored, every attempt counts against the socket's address.
    const direct = await createTestApp(backend);
    try {
      const codes = [];
      for (let i = 0; i < 10; i++) codes.push((await attempt(direct, i, '10.71.0.1')).statusCode);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    } finally {
      await direct.close();
    }
    // A named proxy: the address it vouches for is the client's; a request from anywhere else cannot choose one.
    const proxied = await createTestApp(backend, { trustProxy: '10.72.0.1' });
    try {
      for (let i = 0; i < 10; i++) expect((await attempt(proxied, i, '10.72.0.1')).statusCode).toBe(401);
      const spoofed = [];
      for (let i = 0; i < 10; i++) spoofed.push((await attempt(proxied, i, '10.72.9.9')).statusCode);
      expect(spoofed.filter((c) => c === 429).length).toBeGreaterThan(0);
    } finally {
      await proxied.close();
    }
  });
});
