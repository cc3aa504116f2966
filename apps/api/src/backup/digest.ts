/**
 * A digest of every table of the public schema, the same on PGlite and PostgreSQL for the same rows: each row's
 * `row_to_json` (in UTC) hashed, the hashes summed (order does not matter, memory stays flat), with the count.
 * The restore test and the restore drill compare a source's digests with its restored copy's. The versions the
 * process caches are keyed by are counters, not data, and a restore raises them on purpose (db/versions.ts): they
 * are left out.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { quoteIdent } from './dump.js';
import { VERSION_TABLES } from '../db/versions.js';

const MOD = 1n << 128n;

export async function tableDigests(client: pg.ClientBase): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    await client.query('SET LOCAL extra_float_digits = 1');
    const tables = (
      await client.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
    ).rows
      .map((r) => r.name)
      .filter((name) => !(VERSION_TABLES as readonly string[]).includes(name));
    for (const t of tables) {
      await client.query(
        `DECLARE acompanha_digest NO SCROLL CURSOR FOR SELECT row_to_json(t)::text FROM public.${quoteIdent(t)} t`,
      );
      let sum = 0n;
      let count = 0;
      for (;;) {
        const { rows } = await client.query<[string]>({ text: 'FETCH 2000 FROM acompanha_digest', rowMode: 'array' });
        for (const [line] of rows) {
          sum = (sum + BigInt(`0x${createHash('sha256').update(line).digest('hex').slice(0, 32)}`)) % MOD;
          count += 1;
        }
        if (rows.length < 2000) break;
      }
      await client.query('CLOSE acompanha_digest');
      out[t] = `${count}:${sum.toString(16)}`;
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return out;
}
