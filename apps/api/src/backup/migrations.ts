/**
 * The schema version of a database is the last drizzle migration applied to it (`drizzle.__drizzle_migrations`:
 * the SQL file's sha256 and the journal's `when`). A restore recreates the schema at the backup's version by
 * running the migrations up to it, loads the rows, then runs the rest.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../config.js';
import { runMigrations } from '../db/migrate.js';

export interface MigrationVersion {
  /** The journal's tag, e.g. `0024_data_custody`. */
  tag: string;
  /** sha256 of the migration's SQL, as drizzle records it. */
  hash: string;
  /** The journal's `when` (drizzle's `created_at`). */
  when: number;
  /** How many migrations that is (the tag's index + 1). */
  count: number;
}

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

const sqlHash = (folder: string, tag: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8'))
    .digest('hex');

/** The last migration this code has. */
export function codeVersion(folder = MIGRATIONS_FOLDER): MigrationVersion {
  const entries = readJournal(folder);
  const last = entries.at(-1)!;
  return { tag: last.tag, hash: sqlHash(folder, last.tag), when: last.when, count: entries.length };
}

/** The last migration applied to the database the client is on; undefined when none is. */
export async function appliedVersion(
  client: pg.ClientBase,
  folder = MIGRATIONS_FOLDER,
): Promise<MigrationVersion | undefined> {
  const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
  if (!exists.rows[0]?.t) return undefined;
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1',
  );
  const row = rows[0];
  if (!row) return undefined;
  const entries = readJournal(folder);
  const i = entries.findIndex((e) => e.when === Number(row.created_at));
  if (i < 0) {
    throw new Error(
      'The database was migrated by a newer version of Acompanha than this one (its last migration is unknown here).',
    );
  }
  return { tag: entries[i]!.tag, hash: row.hash, when: entries[i]!.when, count: i + 1 };
}

/**
 * Checks that this code knows the backup's migration, exactly (same SQL), and answers how far to migrate.
 */
export function checkKnownVersion(version: MigrationVersion, folder = MIGRATIONS_FOLDER): void {
  const entries = readJournal(folder);
  const entry = entries.find((e) => e.tag === version.tag && e.when === version.when);
  if (!entry) {
    throw new Error(
      `The backup is at migration ${version.tag}, which this version of Acompanha does not have: ` +
        'restore it with the version that made it, or a newer one.',
    );
  }
  if (sqlHash(folder, entry.tag) !== version.hash) {
    throw new Error(`The backup's migration ${version.tag} differs from this code's: refusing to restore.`);
  }
}

/** Runs the migrations up to `tag` (included), from a copy of the folder whose journal stops there. */
export async function migrateUpTo(pool: pg.Pool, tag: string, folder = MIGRATIONS_FOLDER): Promise<void> {
  const entries = readJournal(folder);
  const upTo = entries.findIndex((e) => e.tag === tag);
  if (upTo < 0) throw new Error(`unknown migration ${tag}`);
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-migrations-'));
  try {
    fs.mkdirSync(path.join(tmp, 'meta'));
    for (const e of entries.slice(0, upTo + 1))
      fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));
    journal.entries = journal.entries.slice(0, upTo + 1);
    fs.writeFileSync(path.join(tmp, 'meta/_journal.json'), JSON.stringify(journal));
    await runMigrations(pool, tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
