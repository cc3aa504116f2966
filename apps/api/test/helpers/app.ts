import type { ReadyCheck } from '../../src/health/ready.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { ConfigOverrides } from '../../src/config.js';
import { createDevMailbox, type DevMailbox, type Mailer } from '../../src/mail/mailer.js';
import type { GatewayOverrides } from '../../src/payment/standin/wiring.js';
import type { SpaOptions } from '../../src/static/spa.js';
import type { Backend, TestDatabase } from './backends.js';

/** A clock the tests can move forward. */
export class TestClock {
  offsetMs = 0;
  /** When set, time stands still there (plus `offsetMs`): only `advance` moves it. */
  frozenAt: number | null = null;
  now = (): Date => new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Moves the clock to `at` (forward only: a test never makes time run back). */
  set(at: Date): void {
    const by = at.getTime() - this.now().getTime();
    if (by < 0) throw new Error('TestClock.set: time only moves forward');
    this.offsetMs += by;
  }
  /** Stops the clock at the current instant. */
  freeze(): void {
    this.frozenAt = this.now().getTime();
    this.offsetMs = 0;
  }
  reset(): void {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}

/** The operator credential of the test apps' dev mailbox and outbox. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token';
export const operator = { 'x-operator-token': TEST_OPERATOR_TOKEN };

/** A budget no suite reaches: suites sign many accounts up from one address (tests of the limits set their own). */
const roomy = { max: 100_000, windowSeconds: 60 };

export const testConfig = (clock: TestClock, overrides: ConfigOverrides = {}): ConfigOverrides => ({
  logger: false,
  operatorToken: TEST_OPERATOR_TOKEN,
  publicUrl: 'http://acompanha.test',
  now: clock.now,
  ...overrides,
  // Cheap argon2id so the suite stays fast (same algorithm as production).
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1, ...overrides.argon2 },
  verification: { resendCooldownSeconds: 0, ...overrides.verification },
  throttle: { baseDelayMs: 150, maxDelayMs: 400, maxFailuresPerIp: 8, ...overrides.throttle },
  limits: {
    registrationsPerAddress: roomy,
    verificationEmailsPerEmail: roomy,
    verificationResendsPerAddress: roomy,
    verificationFailuresPerAddress: roomy,
    recoveryEmailsPerEmail: roomy,
    recoveryEmailsPerAddress: roomy,
    recoveryTokenFailuresPerAddress: roomy,
    pinFailuresPerAddress: roomy,
    pinDelayAfterFailures: 100_000,
    patientCodesPerAddress: roomy,
    patientCodeFailuresPerAddress: roomy,
    messageSendsPerAccount: roomy,
    messageSendsPerAddress: roomy,
    ...overrides.limits,
  },
});

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  mailbox: DevMailbox;
  clock: TestClock;
  /** The local file store's folder. */
  uploadsDir: string;
  call(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Registers and returns the e-mailed code. */
  register(body: { name?: string; email: string; password?: string; phone?: string }): Promise<string>;
  /** Registers, verifies and logs in; returns the token. */
  signUp(email: string, password?: string): Promise<string>;
  lastMail(to: string): Promise<{ subject: string; text: string; html: string }>;
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  backend: Backend,
  options: {
    config?: ConfigOverrides;
    mailer?: (mailbox: DevMailbox) => Mailer;
    trustProxy?: number | string;
    logStream?: NodeJS.WritableStream;
    gateway?: GatewayOverrides;
    spa?: SpaOptions;
    readyChecks?: ReadyCheck[];
  } = {},
): Promise<TestApp> {
  const database = await backend.create();
  const clock = new TestClock();
  const mailbox = createDevMailbox(database.db, { print: false });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-uploads-'));
  const app = buildApp({
    db: database.db,
    mailer: options.mailer ? options.mailer(mailbox) : mailbox,
    config: testConfig(clock, { uploadsDir, ...options.config }),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.gateway ? { gateway: options.gateway } : {}),
    ...(options.spa ? { spa: options.spa } : {}),
    ...(options.readyChecks ? { readyChecks: options.readyChecks } : {}),
  });
  await app.ready();
  const call = (opts: InjectOptions) => app.inject(opts);
  const lastMail = async (to: string) => {
    const [mail] = await mailbox.list(to);
    if (!mail) throw new Error(`no mail for ${to}`);
    return mail;
  };
  const lastCode = async (to: string) => {
    const mail = await lastMail(to);
    const m = /\b(\d{6})\b/.exec(mail.subject);
    if (!m?.[1]) throw new Error(`no code in ${mail.subject}`);
    return m[1];
  };
  const t: TestApp = {
    app,
    database,
    mailbox,
    clock,
    uploadsDir,
    call,
    lastMail,
    lastCode,
    async register(body) {
      const res = await call({
        method: 'POST',
        url: '/api/auth/registration',
        payload: { name: 'Maria Teste', password: 'segredo123', ...body },
      });
      if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
      return lastCode(body.email.trim().toLowerCase());
    },
    async signUp(email, password = 'segredo123') {
      const code = await t.register({ email, password });
      const v = await call({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
      if (v.statusCode !== 200) throw new Error(`verify failed: ${v.body}`);
      const res = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return res.json().jwt as string;
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
  return t;
}

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
