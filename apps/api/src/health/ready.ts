/**
 * Readiness (`GET /api/ready`): the process can serve — the database answers and every migration of this build
 * is applied (and, in a jobs process, the queue is reachable). `/api/health` stays the liveness probe: a process
 * that is alive but not ready is taken out of the load balancer, not restarted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../config.js';
import type { Db } from '../db/client.js';

export interface ReadyCheck {
  name: string;
  /** Resolves when ready; rejects with the reason (one short English sentence, no data) when not. */
  check(): Promise<void>;
}

let journal: number | undefined;
/** How many migrations this build carries (drizzle's journal). */
function migrationsInBuild(): number {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return journal;
}

export function databaseChecks(getDb: () => Db): ReadyCheck[] {
  return [
    {
      name: 'database',
      async check() {
        await getDb().execute(sql`SELECT 1`);
      },
    },
    {
      name: 'migrations',
      async check() {
        const [exists] = (
          await getDb().execute<{ ok: boolean }>(
            sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`,
          )
        ).rows;
        const applied = exists?.ok
          ? Number(
              (await getDb().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))
                .rows[0]?.n ?? 0,
            )
          : 0;
        const expected = migrationsInBuild();
        if (applied < expected) throw new Error(`${expected - applied} of ${expected} migrations not applied`);
      },
    },
  ];
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
  reason?: string;
}

/** Runs every check side by side, each within `timeoutMs`. */
export async function readiness(checks: ReadyCheck[], timeoutMs = 3000): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (c) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          c.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${c.name} did not answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [c.name, 'ok'] as const;
      } catch (err) {
        const reason = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : 'failed';
        return [c.name, reason] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const failed = results.find(([, r]) => r !== 'ok');
  return {
    ready: !failed,
    checks: Object.fromEntries(results),
    ...(failed ? { reason: `${failed[0]}: ${failed[1]}` } : {}),
  };
}
