import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asaasConfigFromEnv, type AsaasConfig } from './payment/gateway/config.js';

/** Repository root (apps/api/src → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** apps/api folder. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

/** Settings of an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), from `S3_*` variables. */
export interface S3Config {
  bucket: string;
  region: string;
  /** e.g. https://s3.sa-east-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

/** Reads `S3_BUCKET`, `S3_REGION`, `S3_ENDPOINT`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv = process.env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const region = env.S3_REGION ?? 'us-east-1';
  const missing = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(' and ')} is missing`);
  return {
    bucket: env.S3_BUCKET,
    region,
    endpoint: (env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, ''),
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : !!env.S3_ENDPOINT,
  };
}

export interface ThrottleConfig {
  /** Fixed window (seconds) in which failures are counted. */
  windowSeconds: number;
  /** Failures per account and client address after which that pair gets 429 until the window passes. */
  maxFailures: number;
  /**
   * Failures per account, from every address, in `accountWindowSeconds`: past it, only addresses the owner
   * has signed in from before may still try (NIST SP 800-63B §5.2.2: at most 100 failures per account); she can
   * also reset her password, which clears the count.
   */
  maxFailuresPerAccount: number;
  accountWindowSeconds: number;
  /** Failures per client address, across accounts, after which unknown accounts get 429 from that address. */
  maxFailuresPerIp: number;
  /** Failures after which each further attempt is delayed. */
  delayAfterFailures: number;
  /** First delay (ms); doubles for each further failure. */
  baseDelayMs: number;
  /** Delay cap (ms). */
  maxDelayMs: number;
}

/** A fixed-window budget: at most `max` in `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Budgets of the operations that check a secret or send a message (counted in the database, per key). */
export interface RateLimits {
  /** Account registrations per client address. */
  registrationsPerAddress: RateLimit;
  /** Verification e-mails (registration and resends) per e-mail address. */
  verificationEmailsPerEmail: RateLimit;
  /** Verification resends per client address. */
  verificationResendsPerAddress: RateLimit;
  /** Wrong verification codes per client address, across accounts. */
  verificationFailuresPerAddress: RateLimit;
  /** Password-recovery e-mails per e-mail address, and per client address. */
  recoveryEmailsPerEmail: RateLimit;
  recoveryEmailsPerAddress: RateLimit;
  /** Unknown or used recovery links tried per client address. */
  recoveryTokenFailuresPerAddress: RateLimit;
  /** Wrong current passwords per professional (password change). */
  passwordChangeFailuresPerAccount: RateLimit;
  /** Wrong PINs per client address, across survey links (each link also locks after 5). */
  pinFailuresPerAddress: RateLimit;
  /** Wrong PINs per client address after which each further try waits. */
  pinDelayAfterFailures: number;
  /** Wrong operator tokens (dev mailbox and outbox) per client address. */
  operatorFailuresPerAddress: RateLimit;
  /** Test events and redeliveries per webhook endpoint, and per client address. */
  webhookSendsPerEndpoint: RateLimit;
  webhookSendsPerAddress: RateLimit;
  /** Subscription purchases that reach the gateway (each may charge a card) per professional, and per address. */
  subscribeAttemptsPerAccount: RateLimit;
  subscribeAttemptsPerAddress: RateLimit;
  /** Sign-in codes of the patient's corner: sent per contact and per address, wrong codes per address. */
  patientCodesPerContact: RateLimit;
  patientCodesPerAddress: RateLimit;
  patientCodeFailuresPerAddress: RateLimit;
  /** Messages composed in /clients/messaging (each send and each retry), per professional and per address. */
  messageSendsPerAccount: RateLimit;
  messageSendsPerAddress: RateLimit;
  /** Copies of her own data a patient asks for from her corner, per patient and per address (a day). */
  patientExportsPerPatient: RateLimit;
  patientExportsPerAddress: RateLimit;
}

export interface AppConfig {
  /** Public origin of the product, used in e-mailed links (no trailing slash). */
  publicUrl: string;
  /** HS256 secret; when undefined it is generated once and kept in the database (app_settings). */
  jwtSecret?: string;
  jwtTtlSeconds: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  verification: { codeTtlSeconds: number; maxAttempts: number; resendCooldownSeconds: number };
  recoveryTokenTtlSeconds: number;
  trialDays: number;
  throttle: ThrottleConfig;
  limits: RateLimits;
  /**
   * The operator credential that opens the development mailbox and WhatsApp outbox over HTTP
   * (`X-Operator-Token`). Unset: those endpoints answer 404.
   */
  operatorToken?: string;
  /** Bytes of uploads each professional may keep (`STORAGE_QUOTA_MB`, default 1 GiB). */
  storageQuotaBytes: number;
  /**
   * Webhook endpoints may be plain http on a loopback address (tests' receivers). Off by default; read from
   * WEBHOOKS_ALLOW_LOOPBACK_HTTP only outside production.
   */
  webhooksAllowLoopbackHttp: boolean;
  /**
   * WhatsApp's webhook (Meta): the token of the `hub.challenge` handshake and the app secret that signs each POST
   * (`X-Hub-Signature-256`). `WHATSAPP_VERIFY_TOKEN` / `WHATSAPP_APP_SECRET`; without them the webhook is off.
   */
  whatsappWebhook?: { verifyToken: string; appSecret: string };
  /** Folder of the local file store (uploads), `<DATA_DIR>/uploads`. */
  uploadsDir: string;
  /** An S3-compatible bucket for uploads (`S3_*` variables); unset = the local folder. */
  s3?: S3Config;
  /** Fastify logger. */
  logger: boolean;
  /** Serve repeated patient lists from the process's cache (PatientListCache); `PATIENT_LIST_CACHE=off` disables it. */
  patientListCache: boolean;
  /** Serve repeated summaries (dashboard, review lists, reviews, a questionnaire's links) from the process's cache (SummaryCache); `SUMMARY_CACHE=off` disables it. */
  summaryCache: boolean;
  /** The Asaas account (`ASAAS_*` variables). Unset: the local stand-in serves Asaas's API instead. */
  asaas?: AsaasConfig;
  /** The local stand-in of Asaas (src/payment/standin), in use only without `asaas`. */
  gatewayStandin: GatewayStandinConfig;
  /**
   * Years the access log is kept (`ACCESS_LOG_RETENTION_YEARS`, default 20: health records are kept that long,
   * Lei 13.787/2018); at least 20 — a shorter period would drop the record of reads of records still kept.
   */
  accessLogRetentionYears: number;
  /** Clock; tests may replace it. */
  now: () => Date;
}

/** Settings of the local stand-in gateway (used when no Asaas account is configured). */
export interface GatewayStandinConfig {
  /** The key callers must send in `access_token`; unset = generated once per database and kept (app_settings). */
  apiKey?: string;
  /** Sent in `asaas-access-token` with each webhook; unset = generated once per database and kept. */
  webhookToken?: string;
  /** This API's own address as its process reaches it (`http://127.0.0.1:PORT`, set by configFromEnv). */
  selfUrl?: string;
  /** Where webhooks are POSTed; unset = `<selfUrl>/api/payment/webhook` (none are sent without either). */
  webhookUrl?: string;
  /** Clock time a charge of the risk-analysis test card stays pending before it is confirmed. */
  pendingDelayMs: number;
  /** Wall-clock time the timeout test card holds the answer before a 504 (past the adapter's 60 s). */
  timeoutCardDelayMs: number;
  /** Clock days from a card payment's confirmation to its money being received (`RECEIVED`). */
  receiveAfterDays: number;
}

export const defaultConfig: AppConfig = {
  publicUrl: 'http://localhost:3000',
  jwtSecret: undefined,
  jwtTtlSeconds: 7 * 24 * 60 * 60,
  argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  verification: { codeTtlSeconds: 15 * 60, maxAttempts: 5, resendCooldownSeconds: 30 },
  recoveryTokenTtlSeconds: 60 * 60,
  trialDays: 14,
  throttle: {
    windowSeconds: 15 * 60,
    maxFailures: 5,
    maxFailuresPerAccount: 100,
    accountWindowSeconds: 60 * 60,
    maxFailuresPerIp: 50,
    delayAfterFailures: 3,
    baseDelayMs: 500,
    maxDelayMs: 2000,
  },
  limits: {
    registrationsPerAddress: { max: 20, windowSeconds: 60 * 60 },
    verificationEmailsPerEmail: { max: 6, windowSeconds: 60 * 60 },
    verificationResendsPerAddress: { max: 20, windowSeconds: 60 * 60 },
    verificationFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
    recoveryEmailsPerEmail: { max: 3, windowSeconds: 60 * 60 },
    recoveryEmailsPerAddress: { max: 10, windowSeconds: 60 * 60 },
    recoveryTokenFailuresPerAddress: { max: 20, windowSeconds: 15 * 60 },
    passwordChangeFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
    pinFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
    pinDelayAfterFailures: 10,
    operatorFailuresPerAddress: { max: 10, windowSeconds: 15 * 60 },
    webhookSendsPerEndpoint: { max: 30, windowSeconds: 60 * 60 },
    webhookSendsPerAddress: { max: 100, windowSeconds: 60 * 60 },
    subscribeAttemptsPerAccount: { max: 10, windowSeconds: 60 * 60 },
    subscribeAttemptsPerAddress: { max: 30, windowSeconds: 60 * 60 },
    patientCodesPerContact: { max: 5, windowSeconds: 60 * 60 },
    patientCodesPerAddress: { max: 20, windowSeconds: 60 * 60 },
    patientCodeFailuresPerAddress: { max: 30, windowSeconds: 15 * 60 },
    messageSendsPerAccount: { max: 60, windowSeconds: 60 * 60 },
    messageSendsPerAddress: { max: 120, windowSeconds: 60 * 60 },
    patientExportsPerPatient: { max: 2, windowSeconds: 24 * 60 * 60 },
    patientExportsPerAddress: { max: 10, windowSeconds: 24 * 60 * 60 },
  },
  storageQuotaBytes: 1024 * 1024 * 1024,
  webhooksAllowLoopbackHttp: false,
  uploadsDir: path.join(REPO_ROOT, '.data', 'uploads'),
  logger: false,
  patientListCache: true,
  summaryCache: true,
  gatewayStandin: { pendingDelayMs: 10_000, timeoutCardDelayMs: 65_000, receiveAfterDays: 30 },
  accessLogRetentionYears: 20,
  now: () => new Date(),
};

export type ConfigOverrides = Partial<
  Omit<AppConfig, 'argon2' | 'verification' | 'throttle' | 'limits' | 'gatewayStandin'>
> & {
  argon2?: Partial<AppConfig['argon2']>;
  gatewayStandin?: Partial<GatewayStandinConfig>;
  verification?: Partial<AppConfig['verification']>;
  throttle?: Partial<ThrottleConfig>;
  limits?: Partial<RateLimits>;
};

export function resolveConfig(overrides: ConfigOverrides = {}): AppConfig {
  return {
    ...defaultConfig,
    ...overrides,
    argon2: { ...defaultConfig.argon2, ...overrides.argon2 },
    verification: { ...defaultConfig.verification, ...overrides.verification },
    throttle: { ...defaultConfig.throttle, ...overrides.throttle },
    limits: { ...defaultConfig.limits, ...overrides.limits },
    gatewayStandin: { ...defaultConfig.gatewayStandin, ...overrides.gatewayStandin },
  };
}

/** Reads the production configuration from the environment. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ConfigOverrides & { port: number; host: string } {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const out: ConfigOverrides & { port: number; host: string } = {
    port,
    host,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logger: env.LOG_LEVEL !== 'silent',
  };
  const s3 = s3ConfigFromEnv(env);
  if (s3) out.s3 = s3;
  out.uploadsDir = path.join(path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data')), 'uploads');
  if (env.JWT_SECRET) out.jwtSecret = env.JWT_SECRET;
  if (env.JWT_TTL_SECONDS) out.jwtTtlSeconds = Number(env.JWT_TTL_SECONDS);
  if (env.PATIENT_LIST_CACHE === 'off') out.patientListCache = false;
  if (env.SUMMARY_CACHE === 'off') out.summaryCache = false;
  if (env.ACCESS_LOG_RETENTION_YEARS !== undefined) {
    const years = Number(env.ACCESS_LOG_RETENTION_YEARS);
    if (!Number.isInteger(years) || years < 20 || years > 100) {
      throw new Error(
        'ACCESS_LOG_RETENTION_YEARS: a whole number of years from 20 (health records are kept 20 years) to 100.',
      );
    }
    out.accessLogRetentionYears = years;
  }
  if (env.STORAGE_QUOTA_MB && Number(env.STORAGE_QUOTA_MB) > 0)
    out.storageQuotaBytes = Math.round(Number(env.STORAGE_QUOTA_MB) * 1024 * 1024);
  // Webhook receivers on plain http loopback: a test setting.
  if (env.WEBHOOKS_ALLOW_LOOPBACK_HTTP === '1') {
    if (env.NODE_ENV === 'production')
      throw new Error('WEBHOOKS_ALLOW_LOOPBACK_HTTP is a test setting: refused in production.');
    out.webhooksAllowLoopbackHttp = true;
  }
  if (env.WHATSAPP_VERIFY_TOKEN && env.WHATSAPP_APP_SECRET) {
    out.whatsappWebhook = { verifyToken: env.WHATSAPP_VERIFY_TOKEN, appSecret: env.WHATSAPP_APP_SECRET };
  }
  const asaas = asaasConfigFromEnv(env);
  // In production, charging nobody must be a choice: the stand-in runs only when PAYMENTS=standin says so.
  if (!asaas && env.NODE_ENV === 'production' && env.PAYMENTS !== 'standin') {
    throw new Error(
      'NODE_ENV=production without ASAAS_API_KEY: set ASAAS_API_KEY (and ASAAS_WEBHOOK_TOKEN) to charge through Asaas, ' +
        'or PAYMENTS=standin to run the local stand-in, which charges no card.',
    );
  }
  if (asaas) out.asaas = asaas;
  // The local stand-in gateway (no ASAAS_API_KEY) is reached, and calls the webhook, on this process's port.
  else {
    out.gatewayStandin = {
      selfUrl: `http://${loopbackHost(host)}:${port}`,
      // The stand-in signs its webhooks with ASAAS_WEBHOOK_TOKEN too when it is set (else one kept per database).
      ...(env.ASAAS_WEBHOOK_TOKEN?.trim() ? { webhookToken: env.ASAAS_WEBHOOK_TOKEN.trim() } : {}),
    };
  }
  // The operator credential of the dev mailbox/outbox: OPERATOR_TOKEN, else (outside production) a fresh one
  // per start, printed on the console. In production without OPERATOR_TOKEN those endpoints are off.
  if (env.OPERATOR_TOKEN) out.operatorToken = env.OPERATOR_TOKEN;
  else if (env.NODE_ENV !== 'production') out.operatorToken = randomBytes(24).toString('base64url');
  return out;
}

/** How this process reaches itself on the address it listens on (a wildcard one means loopback). */
function loopbackHost(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * `TRUST_PROXY` names the proxies in front of the API, so `request.ip` is the client's address read from
 * `X-Forwarded-For` only as far as those proxies vouch for it: a hop count (`1`: one load balancer) or a
 * comma-separated list of addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`). `true` would trust any header,
 * letting every request choose its own address (and its own rate limits): refused.
 */
export function trustProxyFromEnv(value: string | undefined): number | string | undefined {
  const v = value?.trim();
  if (!v || v === 'false') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true' || v === '*') {
    throw new Error(
      'TRUST_PROXY=true would trust any X-Forwarded-For header. Name the proxies instead: a hop count (TRUST_PROXY=1) ' +
        'or their addresses and ranges (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    );
  }
  for (const part of v.split(',')) {
    const [addr, bits] = part.trim().split('/');
    if (!addr || !isIP(addr) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) {
      throw new Error(`TRUST_PROXY: "${part.trim()}" is not an IP address, a CIDR range or a hop count.`);
    }
  }
  return v;
}
