import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, loginAttempts, professionals, subscriptions } from '../src/db/schema.js';
import { backends } from './helpers/backends.js';
import { buildApp } from '../src/app.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';

describe.each(backends)('auth on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/auth/registration', () => {
    it('creates an unverified professional with a 14-day trial and e-mails a 6-digit code (pt-BR)', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/registration',
        payload: {
          name: 'Joana Lima',
          email: '  Joana@Example.COM ',
          password: 'segredo123',
          phone: '(11) 91234-5678',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ email: 'joana@example.com', verificationRequired: true });

      const [row] = await t.database.db
        .select()
        .from(professionals)
        .where(eq(professionals.email, 'joana@example.com'));
      expect(row).toBeDefined();
      expect(row!.emailVerifiedAt).toBeNull();
      expect(row!.profession).toBe('nutricionista');
      expect(row!.phone).toBe('11912345678');
      expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
      const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.professionalId, row!.id));
      expect(sub!.status).toBe('trial');
      const days = (sub!.trialEndsAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
      expect(days).toBeCloseTo(14, 1);

      const mail = await t.lastMail('joana@example.com');
      expect(mail.subject).toMatch(/código de verificação/);
      expect(mail.text).toMatch(/Olá, Joana!/);
      expect(mail.text).toMatch(/15 minutos/);
      const code = await t.lastCode('joana@example.com');
      expect(code).toMatch(/^\d{6}$/);
      // stored hashed, never in clear
      const [ver] = await t.database.db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.professionalId, row!.id));
      expect(ver!.codeHash).not.toContain(code);
      const minutes = (ver!.expiresAt.getTime() - ver!.createdAt.getTime()) / 60_000;
      expect(minutes).toBeCloseTo(15, 1);
    });

    it('refuses a duplicate e-mail (case and spaces ignored) with 409 PROFESSIONAL_ALREADY_EXISTS', async () => {
      await t.register({ email: 'dup@example.com' });
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/registration',
        payload: { name: 'Outra', email: ' DUP@example.com', password: 'segredo123' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, application_error_code: 'PROFESSIONAL_ALREADY_EXISTS' });
    });

    it('reports bad input with field paths', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/registration',
        payload: { name: '', email: 'not-an-email', password: 'short', phone: '123' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.application_error_code).toBe('WRONG_COMMAND_PARAMETERS');
      const paths = body.details.map((d: { path: string[] }) => d.path.join('.')).sort();
      expect(paths).toEqual(['email', 'name', 'password', 'phone']);
      for (const d of body.details) expect(typeof d.message).toBe('string');
    });

    it('reports a missing body field', async () => {
      const res = await t.call({ method: 'POST', url: '/api/auth/registration', payload: { email: 'x@example.com' } });
      expect(res.statusCode).toBe(400);
      const paths = res
        .json()
        .details.map((d: { path: string[] }) => d.path.join('.'))
        .sort();
      expect(paths).toEqual(['name', 'password']);
    });
  });

  describe('POST /api/auth/verify-email', () => {
    it('verifies with the right code; a second call still answers 200', async () => {
      const code = await t.register({ email: 'verify@example.com' });
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'verify@example.com', code },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ verified: true });
      const again = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'VERIFY@example.com', code: '000000' },
      });
      expect(again.statusCode).toBe(200);
    });

    it('wrong code → 400 INVALID_VERIFICATION_CODE; too many → 429 TOO_MANY_ATTEMPTS', async () => {
      const code = await t.register({ email: 'wrong@example.com' });
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) {
        const res = await t.call({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { email: 'wrong@example.com', code: wrong },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().application_error_code).toBe('INVALID_VERIFICATION_CODE');
      }
      const locked = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'wrong@example.com', code },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().application_error_code).toBe('TOO_MANY_ATTEMPTS');
      // a new code unlocks it
      await t.call({ method: 'POST', url: '/api/auth/verify-email/resend', payload: { email: 'wrong@example.com' } });
      const fresh = await t.lastCode('wrong@example.com');
      const ok = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'wrong@example.com', code: fresh },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('expired code → 400 VERIFICATION_CODE_EXPIRED', async () => {
      const code = await t.register({ email: 'expired@example.com' });
      const [pro] = await t.database.db
        .select()
        .from(professionals)
        .where(eq(professionals.email, 'expired@example.com'));
      await t.database.db
        .update(emailVerifications)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(emailVerifications.professionalId, pro!.id));
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'expired@example.com', code },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().application_error_code).toBe('VERIFICATION_CODE_EXPIRED');
    });

    it('code expires after 15 minutes (clock)', async () => {
      const code = await t.register({ email: 'clock@example.com' });
      t.clock.advance(16 * 60_000);
      try {
        const res = await t.call({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { email: 'clock@example.com', code },
        });
        expect(res.json().application_error_code).toBe('VERIFICATION_CODE_EXPIRED');
      } finally {
        t.clock.reset();
      }
    });

    it('unknown e-mail → 404 PROFESSIONAL_NOT_FOUND; malformed code → 400 with path', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'nobody@example.com', code: '123456' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().application_error_code).toBe('PROFESSIONAL_NOT_FOUND');
      const bad = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'nobody@example.com', code: '12ab' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ path: ['code'], message: expect.any(String) }]);
    });
  });

  describe('POST /api/auth/verify-email/resend', () => {
    it('sends a new code and the old one stops working; 204 also for unknown e-mails', async () => {
      const old = await t.register({ email: 'resend@example.com' });
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email/resend',
        payload: { email: 'resend@example.com' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const fresh = await t.lastCode('resend@example.com');
      expect((await t.mailbox.list('resend@example.com')).length).toBe(2);
      if (fresh !== old) {
        const stale = await t.call({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { email: 'resend@example.com', code: old },
        });
        expect(stale.json().application_error_code).toBe('INVALID_VERIFICATION_CODE');
      }
      const ok = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { email: 'resend@example.com', code: fresh },
      });
      expect(ok.statusCode).toBe(200);

      const unknown = await t.call({
        method: 'POST',
        url: '/api/auth/verify-email/resend',
        payload: { email: 'ghost@example.com' },
      });
      expect(unknown.statusCode).toBe(204);
      expect(await t.mailbox.list('ghost@example.com')).toHaveLength(0);
    });
  });

  describe('POST /api/auth/login and /api/auth/logout', () => {
    it('signs in with { jwt, professional, signature } and never exposes the hash', async () => {
      const jwt = await t.signUp('login@example.com');
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ' LOGIN@example.com', password: 'segredo123' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.jwt.split('.')).toHaveLength(3);
      expect(body.professional).toMatchObject({
        email: 'login@example.com',
        name: 'Maria Teste',
        emailVerified: true,
        profession: 'nutricionista',
        phone: null,
        document: null,
        councilRegistration: null,
        avatarUrl: null,
        alias: null,
        notificationPreferences: {},
      });
      expect(body.professional.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(body.professional.createdAt).toISOString()).toBe(body.professional.createdAt);
      expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
      expect(body.signature).toMatchObject({ status: 'trial', plan: 'trial', currentPeriodEnd: null });
      expect(typeof body.signature.trialEndsAt).toBe('string');
      expect(jwt).not.toBe(body.jwt);
    });

    it('wrong password and unknown e-mail get the same 401 Unauthorized', async () => {
      await t.signUp('same@example.com');
      const a = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'same@example.com', password: 'errada123' },
      });
      const b = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nope@example.com', password: 'errada123' },
      });
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.json()).toEqual(b.json());
      expect(a.json().application_error_code).toBe('Unauthorized');
    });

    it('right password but unverified e-mail → 403 EMAIL_NOT_VERIFIED', async () => {
      await t.register({ email: 'unverified@example.com' });
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'unverified@example.com', password: 'segredo123' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().application_error_code).toBe('EMAIL_NOT_VERIFIED');
    });

    it('validates the body', async () => {
      const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } });
      expect(res.statusCode).toBe(400);
      const paths = res
        .json()
        .details.map((d: { path: string[] }) => d.path.join('.'))
        .sort();
      expect(paths).toEqual(['email', 'password']);
    });

    it('logout revokes that token only (→ 401 INVALID_JWT)', async () => {
      const first = await t.signUp('logout@example.com');
      const second = (
        await t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'logout@example.com', password: 'segredo123' },
        })
      ).json().jwt as string;
      expect((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(first) })).statusCode).toBe(
        200,
      );
      const out = await t.call({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect(out.statusCode).toBe(204);
      const after = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(first) });
      expect(after.statusCode).toBe(401);
      expect(after.json().application_error_code).toBe('INVALID_JWT');
      expect((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(second) })).statusCode).toBe(
        200,
      );
      const twice = await t.call({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
      expect(twice.statusCode).toBe(401);
    });

    it('another API process on the same database shares the generated JWT secret and the revocations', async () => {
      const jwt = await t.signUp('shared@example.com');
      const other = buildApp({ db: t.database.db, config: testConfig(t.clock) });
      try {
        const me = await other.inject({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
        expect(me.statusCode).toBe(200);
        await other.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(jwt) });
        const after = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
        expect(after.json().application_error_code).toBe('INVALID_JWT');
      } finally {
        await other.close();
      }
    });

    it('a token signed with another key, tampered with, unsigned, malformed or expired → 401 INVALID_JWT', async () => {
      const jwt = await t.signUp('forged@example.com');
      const [header, payload] = jwt.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const otherKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const tampered = `${header}.${b64({ ...claims, sub: randomUUID() })}.${jwt.split('.')[2]}`;
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      for (const token of [otherKey, tampered, unsigned, 'abc.def.ghi', `${jwt}x`]) {
        const res = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(token) });
        expect(res.statusCode, token).toBe(401);
        expect(res.json().application_error_code).toBe('INVALID_JWT');
      }
      // Past its expiry (7 days), by the app's clock.
      t.clock.advance(7 * 24 * 3_600_000 + 1000);
      try {
        const res = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
        expect(res.json().application_error_code).toBe('INVALID_JWT');
      } finally {
        t.clock.reset();
      }
      expect((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) })).statusCode).toBe(200);
    });

    it('logout without a token → 401 Unauthorized', async () => {
      const res = await t.call({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(401);
      expect(res.json().application_error_code).toBe('Unauthorized');
    });
  });

  describe('login throttle (counted in the database)', () => {
    const ip = '10.0.0.1';
    const attempt = async (email: string, password: string, remoteAddress = ip) => {
      const started = performance.now();
      const res = await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
      return { res, ms: performance.now() - started };
    };

    it('delays after 3 failures, refuses with 429 after 5 until the window passes; success resets', async () => {
      const email = 'brute@example.com';
      await t.signUp(email);
      const fast: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { res, ms } = await attempt(email, 'errada123');
        expect(res.statusCode).toBe(401);
        fast.push(ms);
      }
      const fourth = await attempt(email, 'errada123'); // 3 failures so far → waits 150 ms
      expect(fourth.res.statusCode).toBe(401);
      expect(fourth.ms).toBeGreaterThanOrEqual(140);
      const fifth = await attempt(email, 'errada123'); // 4 failures → waits 300 ms
      expect(fifth.res.statusCode).toBe(401);
      expect(fifth.ms).toBeGreaterThanOrEqual(290);
      expect(fifth.ms).toBeGreaterThan(fourth.ms);

      const [row] = await t.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, `login:${email}|${ip}`));
      expect(row!.failures).toBe(5);

      // 5 failures: even the right password is refused now
      const locked = await attempt(email, 'segredo123');
      expect(locked.res.statusCode).toBe(429);
      const body = locked.res.json();
      expect(body.application_error_code).toBe('TOO_MANY_ATTEMPTS');
      expect(body.message).toBe(
        'Muitas tentativas com senha incorreta. Tente de novo em 15 minutos. Se esqueceu a senha, use "Esqueci minha senha".',
      );
      expect(body.details.retryAfterSeconds).toBeGreaterThan(800);
      expect(body.details.retryAfterSeconds).toBeLessThanOrEqual(900);
      expect(locked.res.headers['retry-after']).toBe(String(body.details.retryAfterSeconds));

      // after the window, the right password works and resets the count
      t.clock.advance(15 * 60_000 + 1000);
      try {
        const ok = await attempt(email, 'segredo123');
        expect(ok.res.statusCode).toBe(200);
        const rows = await t.database.db
          .select()
          .from(loginAttempts)
          .where(eq(loginAttempts.key, `login:${email}|${ip}`));
        expect(rows).toHaveLength(0);
        const again = await attempt(email, 'errada123');
        expect(again.res.statusCode).toBe(401);
        expect(again.ms).toBeLessThan(1000);
      } finally {
        t.clock.reset();
      }
    });

    it('counts failures per IP too', async () => {
      const remote = '10.9.9.9';
      for (let i = 0; i < 8; i++) {
        const { res } = await attempt(`ip${i}@example.com`, 'errada123', remote);
        expect(res.statusCode).toBe(401);
      }
      const { res } = await attempt('ip-next@example.com', 'errada123', remote);
      expect(res.statusCode).toBe(429);
      expect(res.json().application_error_code).toBe('TOO_MANY_ATTEMPTS');
      // another IP is not affected
      const other = await attempt('ip-next@example.com', 'errada123', '10.9.9.10');
      expect(other.res.statusCode).toBe(401);
    });
  });
});
