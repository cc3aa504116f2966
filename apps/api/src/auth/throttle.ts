import { and, eq } from 'drizzle-orm';
import type { AppConfig, ThrottleConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { sleep } from '../lib/crypto.js';
import { clear, clearPrefix, refund, reserveAll, tryAgainIn } from '../lib/rate-limit.js';

/** Wait before an attempt, given the failures already counted: 0, then doubling from baseDelayMs, capped. */
export function throttleDelayMs(failures: number, t: ThrottleConfig): number {
  if (failures < t.delayAfterFailures) return 0;
  return Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** (failures - t.delayAfterFailures));
}

/** The counters' keys for one sign-in attempt. */
export const loginKeys = (email: string, ip: string) => ({
  pair: `login:${email}|${ip}`,
  account: `login:${email}`,
  address: `login-ip:${ip}`,
});

/**
 * Sign-in guessing protection (OWASP Authentication Cheat Sheet, NIST SP 800-63B §5.2.2), counted in the
 * database and shared by every API process. Each attempt reserves its slot before the password is checked,
 * so concurrent guesses buy nothing:
 * - per account and client address: 5 failures in 15 minutes, slowed from the 3rd, then 429 for that pair;
 * - per account, from every address: 100 failures an hour; past that, only an address the owner has signed in
 *   from before may still try (an attacker failing against an account does not keep its owner out), and a
 *   password reset clears the count;
 * - per client address, across accounts: 50 failures in 15 minutes; past that the address is refused, except
 *   for an account that has signed in from it before (so one guesser behind a shared address does not lock
 *   everyone behind it out).
 * A success gives its slots back and clears the pair's count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  /** Whether the professional has signed in from this address before (a session was issued to it). */
  private async knownAddress(professionalId: string | undefined, ip: string): Promise<boolean> {
    if (!professionalId) return false;
    const [row] = await this.db
      .select({ jti: sessions.jti })
      .from(sessions)
      .where(and(eq(sessions.professionalId, professionalId), eq(sessions.ip, ip)))
      .limit(1);
    return !!row;
  }

  /** Reserves this attempt (429 when a budget is spent), waits the pair's due delay, and returns the keys it took. */
  async reserve(email: string, ip: string, professionalId: string | undefined): Promise<string[]> {
    const t = this.config.throttle;
    const keys = loginKeys(email, ip);
    const known = await this.knownAddress(professionalId, ip);
    const budgets = [
      ...(known
        ? []
        : [
            {
              key: keys.address,
              limit: { max: t.maxFailuresPerIp, windowSeconds: t.windowSeconds },
              message: 'Muitas tentativas de entrar a partir deste endereço. Tente novamente mais tarde.',
            },
            {
              key: keys.account,
              limit: { max: t.maxFailuresPerAccount, windowSeconds: t.accountWindowSeconds },
              message:
                'Muitas tentativas para esta conta. Entre de um dispositivo que você já usou ou redefina sua senha em "Esqueci minha senha".',
            },
          ]),
      {
        key: keys.pair,
        limit: { max: t.maxFailures, windowSeconds: t.windowSeconds },
        message: (seconds: number) =>
          `Muitas tentativas com senha incorreta. ${tryAgainIn(seconds)} Se esqueceu a senha, use "Esqueci minha senha".`,
      },
    ];
    const counts = await reserveAll(this.db, budgets, this.config.now());
    const delay = throttleDelayMs(counts.at(-1)! - 1, t);
    if (delay > 0) await sleep(delay);
    return budgets.map((b) => b.key);
  }

  /** The password was right: the slots `reserve` took are given back and the pair starts afresh. */
  async succeeded(reserved: string[], email: string, ip: string): Promise<void> {
    const { pair } = loginKeys(email, ip);
    await refund(
      this.db,
      reserved.filter((k) => k !== pair),
    );
    await clear(this.db, [pair]);
  }
}

/** A password reset proves the mailbox: every sign-in count of the account starts afresh. */
export async function clearLoginCounts(db: Parameters<typeof clearPrefix>[0], email: string): Promise<void> {
  const { account } = loginKeys(email, '');
  await clear(db, [account]);
  await clearPrefix(db, `${account}|`);
}
