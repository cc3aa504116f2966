import path from 'node:path';
import { s3ConfigFromEnv, type S3Config } from './file/s3.js';
import { fileURLToPath } from 'node:url';

/** Repository root (apps/api/src → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** apps/api folder. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');

export interface ThrottleConfig {
  /** Fixed window (seconds) in which failures are counted. */
  windowSeconds: number;
  /** Failures per e-mail after which every attempt is refused with 429 until the window passes. */
  maxFailures: number;
  /** Failures per client IP after which every attempt is refused with 429. */
  maxFailuresPerIp: number;
  /** Failures after which each further attempt is delayed. */
  delayAfterFailures: number;
  /** First delay (ms); doubles for each further failure. */
  baseDelayMs: number;
  /** Delay cap (ms). */
  maxDelayMs: number;
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
  /** Folder of the local file store (uploads), `<DATA_DIR>/uploads`. */
  uploadsDir: string;
  /** An S3-compatible bucket for uploads (`S3_*` variables); unset = the local folder. */
  s3?: S3Config;
  /** Fastify logger. */
  logger: boolean;
  /** Serve repeated patient lists from the process's cache (PatientListCache); `PATIENT_LIST_CACHE=off` disables it. */
  patientListCache: boolean;
  /** Clock; tests may replace it. */
  now: () => Date;
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
    maxFailuresPerIp: 50,
    delayAfterFailures: 3,
    baseDelayMs: 500,
    maxDelayMs: 2000,
  },
  uploadsDir: path.join(REPO_ROOT, '.data', 'uploads'),
  logger: false,
  patientListCache: true,
  now: () => new Date(),
};

export type ConfigOverrides = Partial<Omit<AppConfig, 'argon2' | 'verification' | 'throttle'>> & {
  argon2?: Partial<AppConfig['argon2']>;
  verification?: Partial<AppConfig['verification']>;
  throttle?: Partial<ThrottleConfig>;
};

export function resolveConfig(overrides: ConfigOverrides = {}): AppConfig {
  return {
    ...defaultConfig,
    ...overrides,
    argon2: { ...defaultConfig.argon2, ...overrides.argon2 },
    verification: { ...defaultConfig.verification, ...overrides.verification },
    throttle: { ...defaultConfig.throttle, ...overrides.throttle },
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
  return out;
}
