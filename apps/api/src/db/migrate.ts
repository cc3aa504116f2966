import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../config.js';

/** Arbitrary constant for pg_advisory_lock so concurrent API processes migrate one at a time. */
const MIGRATION_LOCK_ID = 7_340_112_001;

/** Applies every pending migration of apps/api/drizzle. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
