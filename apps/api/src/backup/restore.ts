/**
 * Restoring: the archive is read once to check every checksum and the manifest (nothing is touched before
 * that), then the target is emptied (or refused when it holds data, unless forced), the migrations run up to
 * the backup's version, every table is loaded in one transaction in foreign-key order
 * (`json_populate_recordset`, identity columns kept with OVERRIDING SYSTEM VALUE, the tables' own triggers
 * off while loading), sequences are set, the row counts are checked against the manifest, and the rest of the
 * migrations run. Local uploads go back under `<DATA_DIR>/uploads` with their keys' layout.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { runMigrations } from '../db/migrate.js';
import { raiseEveryVersion } from '../db/versions.js';
import { BackupIntegrityError, MANIFEST, readArchive, verifyArchive, type Manifest } from './archive.js';
import { quoteIdent } from './dump.js';
import { checkKnownVersion, migrateUpTo } from './migrations.js';

const BATCH_BYTES = 1024 * 1024;

export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  file: string;
  /** BACKUP_IDENTITY / BACKUP_PASSPHRASE. */
  env: NodeJS.ProcessEnv;
  /** The target database (already created; emptied first when `force`). */
  pool: pg.Pool;
  /** Where local uploads go back (`<DATA_DIR>/uploads`). */
  uploadsDir: string;
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Rows restored per table, in load order. */
  rows: { table: string; rows: number }[];
  uploads: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  log('Checking the archive (every checksum and the manifest)…');
  const manifest = await verifyArchive(options.file, options.env);
  checkKnownVersion(manifest.migration);
  log(`Backup of ${manifest.createdAt} (${manifest.source.database}, migration ${manifest.migration.tag}): intact.`);

  await prepareTarget(options.pool, options.uploadsDir, options.force === true);
  await migrateUpTo(options.pool, manifest.migration.tag);

  const partOf = new Map<string, string>();
  for (const t of manifest.tables) for (const p of t.parts) partOf.set(p, t.name);
  const client = await options.pool.connect();
  let uploads = 0;
  const written: string[] = [];
  try {
    await client.query('BEGIN');
    const tables = manifest.tables.map((t) => t.name);
    const columns = new Map<string, { list: string; identity: boolean }>();
    for (const name of tables) {
      const cols = (
        await client.query<{ name: string; identity: string; generated: string }>(
          `SELECT attname AS name, attidentity AS identity, attgenerated AS generated FROM pg_attribute
            WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
          [`public.${quoteIdent(name)}`],
        )
      ).rows;
      columns.set(name, {
        list: cols
          .filter((c) => c.generated === '')
          .map((c) => quoteIdent(c.name))
          .join(', '),
        identity: cols.some((c) => c.identity !== ''),
      });
    }
    // Rows a migration may have written are replaced by the backup's; the tables' own triggers (list versions,
    // the access log's append-only guard) stay off while the rows go in as they were. Foreign keys stay on.
    if (tables.length) await client.query(`TRUNCATE ${tables.map((t) => `public.${quoteIdent(t)}`).join(', ')}`);
    for (const t of tables) await client.query(`ALTER TABLE public.${quoteIdent(t)} DISABLE TRIGGER USER`);

    await readArchive(options.file, options.env, async (name, chunks) => {
      const hash = createHash('sha256');
      const expected = manifest.members[name];
      if (name === MANIFEST) {
        for await (const _ of chunks) void _;
        return;
      }
      if (!expected) throw new BackupIntegrityError(`${name} is not in the manifest.`);
      const table = partOf.get(name);
      if (table) {
        const buffers: Buffer[] = [];
        for await (const chunk of chunks) {
          hash.update(chunk);
          buffers.push(chunk);
        }
        await loadPart(client, table, columns.get(table)!, Buffer.concat(buffers));
      } else if (name.startsWith('uploads/')) {
        const rel = name.slice('uploads/'.length);
        if (!rel || rel.split('/').some((s) => s === '' || s === '.' || s === '..')) {
          throw new BackupIntegrityError(`Unsafe upload path in the backup: ${name}`);
        }
        const target = path.join(options.uploadsDir, ...rel.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
        const out = fs.createWriteStream(tmp, { mode: 0o600 });
        for await (const chunk of chunks) {
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        fs.renameSync(tmp, target);
        written.push(target);
        uploads += 1;
      } else {
        throw new BackupIntegrityError(`Unknown member ${name} in the backup.`);
      }
      if (hash.digest('hex') !== expected.sha256) {
        throw new BackupIntegrityError(`Checksum mismatch in ${name}: the file changed while it was restored.`);
      }
    });

    for (const t of tables) await client.query(`ALTER TABLE public.${quoteIdent(t)} ENABLE TRIGGER USER`);
    for (const s of manifest.sequences)
      await client.query('SELECT setval($1::regclass, $2::bigint, true)', [s.name, s.value]);
    const rows: RestoreResult['rows'] = [];
    for (const t of manifest.tables) {
      const n = Number(
        (await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${quoteIdent(t.name)}`)).rows[0]!.n,
      );
      if (n !== t.rows) throw new Error(`Table ${t.name}: ${n} rows restored, the backup has ${t.rows}.`);
      rows.push({ table: t.name, rows: n });
    }
    await client.query('COMMIT');
    client.release();
    log(`Database restored at migration ${manifest.migration.tag}; applying newer migrations, if any…`);
    await runMigrations(options.pool);
    // API processes still running on this database keep pages and summaries under the versions they last read;
    // the backup's are older, and later writes would count up through those very numbers again.
    await raiseEveryVersion((text) => options.pool.query(text), { beyondAnyEarlier: true });
    return { manifest, rows, uploads };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
    for (const f of written) fs.rmSync(f, { force: true });
    throw err;
  }
}

async function loadPart(
  client: pg.PoolClient,
  table: string,
  columns: { list: string; identity: boolean },
  data: Buffer,
): Promise<void> {
  const sql =
    `INSERT INTO public.${quoteIdent(table)} (${columns.list})${columns.identity ? ' OVERRIDING SYSTEM VALUE' : ''} ` +
    `SELECT ${columns.list} FROM json_populate_recordset(NULL::public.${quoteIdent(table)}, $1::json)`;
  let batch: string[] = [];
  let size = 0;
  const send = async () => {
    if (!batch.length) return;
    await client.query(sql, [`[${batch.join(',')}]`]);
    batch = [];
    size = 0;
  };
  for (const line of data.toString('utf8').split('\n')) {
    if (!line) continue;
    batch.push(line);
    size += line.length;
    if (size >= BATCH_BYTES) await send();
  }
  await send();
}

/** Public tables holding rows (the target must have none, unless forced). */
async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)
  ).rows.map((r) => r.name);
  const full: string[] = [];
  for (const t of tables) {
    const { rows } = await client.query(`SELECT 1 FROM public.${quoteIdent(t)} LIMIT 1`);
    if (rows.length) full.push(t);
  }
  return full;
}

/**
 * The target must be empty: no table with rows, no local upload. Forced, it is emptied. Either way its schemas
 * (public, drizzle's, pg-boss's) are dropped so the migrations recreate them at the backup's version.
 */
async function prepareTarget(pool: pg.Pool, uploadsDir: string, force: boolean): Promise<void> {
  const client = await pool.connect();
  try {
    const full = await tablesWithRows(client);
    const files = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
    if (!force && (full.length || files.length)) {
      throw new RestoreRefusedError(
        `The target is not empty (${full.length ? `${full.length} tables hold rows, e.g. ${full[0]}` : ''}` +
          `${full.length && files.length ? '; ' : ''}${files.length ? `${uploadsDir} holds files` : ''}). ` +
          'Restore into an empty database, or pass --force to replace everything in it.',
      );
    }
    await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    client.release();
  }
  if (force) fs.rmSync(uploadsDir, { recursive: true, force: true });
}
