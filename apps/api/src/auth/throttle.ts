import { inArray, sql } from 'drizzle-orm';
import type { AppConfig, ThrottleConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { errors } from '../errors/app-error.js';
import { sleep } from '../lib/crypto.js';

/** Wait before an attempt, given the failures already counted: 0, then doubling from baseDelayMs, capped. */
export function throttleDelayMs(failures: number, t: ThrottleConfig): number {
  if (failures < t.delayAfterFailures) return 0;
  return Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** (failures - t.delayAfterFailures));
}

/**
 * Sign-in brute-force protection, counted in the database (shared by every API process):
 * failures per e-mail and per IP in a fixed window that starts at the first failure.
 * After `delayAfterFailures` failures each attempt waits (doubling, capped); after `maxFailures`
 * (per e-mail) or `maxFailuresPerIp` (per IP) every attempt gets 429 until the window passes.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  private keys(email: string, ip: string) {
    return { emailKey: `email:${email}`, ipKey: `ip:${ip}` };
  }

  /** Throws 429 when locked; otherwise waits the due delay. */
  async before(email: string, ip: string): Promise<void> {
    const t = this.config.throttle;
    const { emailKey, ipKey } = this.keys(email, ip);
    const now = this.config.now();
    const rows = await this.db.select().from(loginAttempts).where(inArray(loginAttempts.key, [emailKey, ipKey]));
    let emailFailures = 0;
    for (const row of rows) {
      const windowEnd = row.windowStartedAt.getTime() + t.windowSeconds * 1000;
      if (windowEnd <= now.getTime()) continue;
      const limit = row.key === emailKey ? t.maxFailures : t.maxFailuresPerIp;
      if (row.failures >= limit) throw errors.tooManyAttempts(Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)));
      if (row.key === emailKey) emailFailures = row.failures;
    }
    const delay = throttleDelayMs(emailFailures, t);
    if (delay > 0) await sleep(delay);
  }

  async fail(email: string, ip: string): Promise<void> {
    const { emailKey, ipKey } = this.keys(email, ip);
    const now = this.config.now();
    const windowStart = new Date(now.getTime() - this.config.throttle.windowSeconds * 1000).toISOString();
    const nowIso = now.toISOString();
    for (const key of [emailKey, ipKey]) {
      await this.db
        .insert(loginAttempts)
        .values({ key, failures: 1, windowStartedAt: now, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginAttempts.key,
          set: {
            failures: sql`CASE WHEN ${loginAttempts.windowStartedAt} <= ${windowStart}::timestamptz THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${loginAttempts.windowStartedAt} <= ${windowStart}::timestamptz THEN ${nowIso}::timestamptz ELSE ${loginAttempts.windowStartedAt} END`,
            lastFailureAt: now,
          },
        });
    }
  }

  async reset(email: string): Promise<void> {
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [`email:${email}`]));
  }
}
