import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface EmbeddedDatabase {
  /** postgres:// URL of the in-process socket server. */
  connectionString: string;
  /** Pool size that is safe for this server. */
  maxConnections: number;
  stop(): Promise<void>;
  /** Tarball of the data folder (PGlite#dumpDataDir). */
  dump(): Promise<Blob | File>;
}

/**
 * Starts PGlite in-process behind @electric-sql/pglite-socket so the app talks to it with the `pg`
 * driver, exactly as it talks to PostgreSQL.
 *
 * The socket server (0.2.x) accepts several connections, but it queues work per protocol *message*
 * and only keeps a connection exclusive while PGlite is inside an explicit transaction. The `pg`
 * driver sends parameterised queries as Parse/Bind/Execute/Sync messages, so two connections could
 * interleave inside one another's unnamed statement. We therefore use a single connection (Pool max 1);
 * PGlite executes one query at a time anyway.
 *
 * @param dataDir folder to persist in (created when missing); undefined = in memory.
 * @param options.loadDataDir start from a dump (PGlite#dumpDataDir), e.g. a migrated test template.
 */
export async function startEmbeddedDatabase(
  dataDir?: string,
  options: { loadDataDir?: Blob | File } = {},
): Promise<EmbeddedDatabase> {
  if (dataDir) initDataDirInChild(dataDir);
  // One options object: `new PGlite(undefined, options)` (in memory) silently ignores its options, which
  // had tests boot every suite with initdb instead of the migrated template.
  const pglite = new PGlite({
    dataDir,
    // 128 MB of shared buffers (the default) is resident memory an embedded, single-user database does not
    // need: 16 MB hold the hot data of thousands of patients and keep the API process well under 400 MB.
    postgresqlconf: ['shared_buffers=16MB'],
    // The patient search's trigram index (migration 0006) needs pg_trgm, as on PostgreSQL.
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  const conn = server.getServerConn(); // host:port
  return {
    connectionString: `postgres://postgres:postgres@${conn}/postgres?sslmode=disable`,
    maxConnections: 1,
    async stop() {
      await server.stop();
      await pglite.close();
    },
    dump: () => pglite.dumpDataDir('none'),
  };
}

/**
 * Creating a PGlite data folder runs initdb inside WebAssembly, which takes the process to ~850 MB of
 * resident memory that it never gives back (reopening an existing folder stays under 300 MB). A short-lived
 * child process does the initdb, so the long-running server starts from an existing folder and stays lean.
 */
function initDataDirInChild(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script =
    `const { PGlite } = await import(${JSON.stringify(entry)});` +
    'const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();';
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dataDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function connectDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  // The pool drops a connection whose query failed and opens a new one. On PostgreSQL that is a new backend
  // with no prepared statements; on the embedded database every socket connection shares PGlite's single
  // backend, which still holds the named statements (auth_session_by_jti…) that the new connection does not
  // know about: its first Parse would fail with "already exists", and so would every request after it.
  // Each new connection therefore starts from a clean slate, before the pool hands it out (pg-pool awaits
  // `onConnect`).
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 0,
    onConnect: async (client) => {
      await client.query('DEALLOCATE ALL');
    },
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    async close() {
      await pool.end();
    },
  };
}

export { schema };

/** A transaction handle, usable wherever a query runs. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
