import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordRecoveryTokens, professionals } from '../src/db/schema.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const tokenFrom = (text: string): string => {
  const m = /http:\/\/acompanha\.test\/recovery\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no recovery link in: ${text}`);
  return m[1];
};

describe.each(backends)('password recovery on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (email: string) =>
    t.call({ method: 'POST', url: '/api/account/recovery/request', payload: { email } });
  const reset = (token: string, password: string) =>
    t.call({ method: 'POST', url: '/api/account/recovery/reset', payload: { token, password } });
  const login = (email: string, password: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('e-mails a link, resets once, revokes every token; the token cannot be reused', async () => {
    const email = 'recover@example.com';
    const jwt = await t.signUp(email);
    const res = await request(' Recover@Example.com ');
    expect(res.statusCode).toBe(204);
    const mail = await t.lastMail(email);
    expect(mail.subject).toBe('Redefinição de senha do Acompanha');
    expect(mail.text).toMatch(/60 minutos/);
    const token = tokenFrom(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`/recovery?token=${token}`);

    // stored hashed, valid one hour
    const [row] = await t.database.db
      .select()
      .from(passwordRecoveryTokens)
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(row!.tokenHash).not.toContain(token);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 1);

    const ok = await reset(token, 'novaSenha456');
    expect(ok.statusCode).toBe(204);
    expect(
      (await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) })).json()
        .application_error_code,
    ).toBe('INVALID_JWT');
    expect((await login(email, 'segredo123')).statusCode).toBe(401);
    expect((await login(email, 'novaSenha456')).statusCode).toBe(200);

    const reused = await reset(token, 'outraSenha789');
    expect(reused.statusCode).toBe(404);
    expect(reused.json().application_error_code).toBe('PASSWORD_RECOVERY_TOKEN_NOT_FOUND');
  });

  it('answers 204 for an unknown e-mail and sends nothing', async () => {
    const res = await request('ghost-recovery@example.com');
    expect(res.statusCode).toBe(204);
    expect(await t.mailbox.list('ghost-recovery@example.com')).toHaveLength(0);
  });

  it('unknown and expired tokens → 404 PASSWORD_RECOVERY_TOKEN_NOT_FOUND', async () => {
    const unknown = await reset('bm90LWEtcmVhbC10b2tlbg', 'novaSenha456');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().application_error_code).toBe('PASSWORD_RECOVERY_TOKEN_NOT_FOUND');

    const email = 'expired-recovery@example.com';
    await t.signUp(email);
    await request(email);
    const token = tokenFrom((await t.lastMail(email)).text);
    t.clock.advance(61 * 60_000);
    try {
      const res = await reset(token, 'novaSenha456');
      expect(res.statusCode).toBe(404);
      expect(res.json().application_error_code).toBe('PASSWORD_RECOVERY_TOKEN_NOT_FOUND');
    } finally {
      t.clock.reset();
    }
  });

  it('validates the new password', async () => {
    const res = await reset('abc', 'curta');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['password'], message: expect.any(String) }],
    });
  });

  it('marks an unverified e-mail as verified (the mailbox was proven)', async () => {
    const email = 'unverified-recovery@example.com';
    await t.register({ email });
    expect((await login(email, 'segredo123')).json().application_error_code).toBe('EMAIL_NOT_VERIFIED');
    await request(email);
    const token = tokenFrom((await t.lastMail(email)).text);
    expect((await reset(token, 'novaSenha456')).statusCode).toBe(204);
    const [pro] = await t.database.db.select().from(professionals).where(eq(professionals.email, email));
    expect(pro!.emailVerifiedAt).not.toBeNull();
    expect((await login(email, 'novaSenha456')).statusCode).toBe(200);
  });

  it('a reset burns the other open tokens of the professional', async () => {
    const email = 'two-tokens@example.com';
    await t.signUp(email);
    await request(email);
    const first = tokenFrom((await t.lastMail(email)).text);
    await request(email);
    const second = tokenFrom((await t.lastMail(email)).text);
    expect(first).not.toBe(second);
    expect((await reset(second, 'novaSenha456')).statusCode).toBe(204);
    expect((await reset(first, 'outraSenha789')).statusCode).toBe(404);
  });
});
