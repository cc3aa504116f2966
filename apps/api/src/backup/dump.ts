/**
 * Taking the snapshot: one `REPEATABLE READ READ ONLY` transaction over the `pg` protocol (the same on PGlite
 * and PostgreSQL), every table of the public schema read through a SQL cursor as `row_to_json` lines, in
 * parts of at most 4 MiB, then the local uploads. pg-boss's `pgboss` schema (queue state) is left out: every
 * job is derived again from the application's tables (due answer requests, undispatched events, due messages).
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../config.js';
import { type ArchiveWriter, FORMAT, FORMAT_VERSION, type Manifest } from './archive.js';
import { appliedVersion } from './migrations.js';

const PART_BYTES = 4 * 1024 * 1024;
const FETCH_ROWS = 1000;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's tables, ordered so that every table comes after the tables its foreign keys name. */
export async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint co
         JOIN pg_class ch ON ch.oid = co.conrelid JOIN pg_class pa ON pa.oid = co.confrelid
         JOIN pg_namespace n ON n.oid = ch.relnamespace
        WHERE co.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!next) throw new Error('The foreign keys of the public schema form a cycle: cannot order the tables.');
    order.push(next);
    placed.add(next);
  }
  return order;
}

export function productVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export interface DumpOptions {
  /** The local uploads folder (`<DATA_DIR>/uploads`); undefined when uploads live in a bucket. */
  uploadsDir?: string;
  /** The bucket that holds the uploads (`S3_BUCKET`), listed in the manifest. */
  s3Bucket?: string;
  database: 'pglite' | 'postgresql';
  now?: () => Date;
  /** Called with the time the snapshot's transaction was open (on PGlite it holds the one backend). */
  onSnapshotDone?: (ms: number) => void;
}

/**
 * Writes the database (and the local uploads) into `writer`, then the manifest, then finalizes the pack.
 * The client must be free (not in a transaction); it is left as it was.
 */
export async function dumpInto(client: pg.ClientBase, writer: ArchiveWriter, options: DumpOptions): Promise<Manifest> {
  const now = options.now ?? (() => new Date());
  const createdAt = now();
  const started = Date.now();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const tables: Manifest['tables'] = [];
  let sequences: Manifest['sequences'] = [];
  let s3Objects: { key: string; size: number }[] | undefined;
  let migration: Manifest['migration'] | undefined;
  let serverVersion = '';
  try {
    // Only this transaction's settings: on PGlite the backend is shared with the running server.
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    await client.query('SET LOCAL extra_float_digits = 1');
    migration = await appliedVersion(client);
    if (!migration) throw new Error('This database has no Acompanha schema (no migration was ever applied).');
    serverVersion = (await client.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? '';
    for (const name of await tablesInLoadOrder(client)) tables.push(await dumpTable(client, writer, name));
    sequences = (
      await client.query<{ name: string; value: string | null }>(
        `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS value
           FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
      )
    ).rows.flatMap((r) => (r.value === null ? [] : [{ name: r.name, value: r.value }]));
    if (options.s3Bucket) {
      s3Objects = (
        await client.query<{ key: string; size: string }>(
          'SELECT key, size::text AS size FROM files WHERE uploaded_at IS NOT NULL AND deleted_at IS NULL ORDER BY key',
        )
      ).rows.map((r) => ({ key: r.key, size: Number(r.size) }));
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    options.onSnapshotDone?.(Date.now() - started);
  }
  let files = 0;
  let bytes = 0;
  if (!options.s3Bucket && options.uploadsDir && fs.existsSync(options.uploadsDir)) {
    for (const rel of walk(options.uploadsDir)) {
      const file = path.join(options.uploadsDir, rel);
      let size: number;
      try {
        size = fs.statSync(file).size;
      } catch {
        continue; // deleted meanwhile
      }
      await writer.addStream(`uploads/${rel.split(path.sep).join('/')}`, size, fs.createReadStream(file));
      files += 1;
      bytes += size;
    }
  }
  return writer.finish({
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    product: { name: 'acompanha', version: productVersion() },
    createdAt: createdAt.toISOString(),
    source: { database: options.database, serverVersion },
    migration,
    tables,
    sequences,
    uploads: {
      storage: options.s3Bucket ? 's3' : 'local',
      files,
      bytes,
      ...(options.s3Bucket ? { s3: { bucket: options.s3Bucket, objects: s3Objects ?? [] } } : {}),
    },
  });
}

async function dumpTable(
  client: pg.ClientBase,
  writer: ArchiveWriter,
  name: string,
): Promise<Manifest['tables'][number]> {
  const parts: string[] = [];
  let rows = 0;
  let buffer: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    const part = `db/${name}.${String(parts.length + 1).padStart(5, '0')}.jsonl`;
    await writer.add(part, Buffer.concat(buffer));
    parts.push(part);
    buffer = [];
    size = 0;
  };
  await client.query(
    `DECLARE acompanha_backup NO SCROLL CURSOR FOR SELECT row_to_json(t)::text FROM ${quoteIdent(name)} t`,
  );
  for (;;) {
    const batch = await client.query<[string]>({ text: `FETCH ${FETCH_ROWS} FROM acompanha_backup`, rowMode: 'array' });
    for (const [line] of batch.rows) {
      const b = Buffer.from(`${line}\n`);
      buffer.push(b);
      size += b.length;
      rows += 1;
      if (size >= PART_BYTES) await flush();
    }
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await client.query('CLOSE acompanha_backup');
  if (size > 0) await flush();
  return { name, rows, parts };
}

/** Files under `dir`, relative, sorted; uploads still being received (`*.tmp`) are left out. */
function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) out.push(...walk(dir, r));
    else if (e.isFile() && !e.name.endsWith('.tmp')) out.push(r);
  }
  return out;
}
