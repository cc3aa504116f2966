import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, startEmbeddedDatabase, type Db } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seedLibrary } from '../../src/question/library.js';

export interface TestDatabase {
  db: Db;
  pool: pg.Pool;
  /** PostgreSQL only: where other connections (a LISTEN one) reach this database. */
  url?: string;
  close(): Promise<void>;
}

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database of its own. */
  create(): Promise<TestDatabase>;
}

/**
 * PGlite in memory, through pglite-socket and the pg driver, exactly like production. Each suite
 * gets its own database, loaded from the migrated template made by global-setup.ts for this run
 * (migrations still run: they find nothing to do).
 */
const pglite: Backend = {
  name: 'pglite',
  async create() {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const embedded = await startEmbeddedDatabase(undefined, { loadDataDir });
    const handle = connectDatabase(embedded.connectionString, { max: embedded.maxConnections });
    await runMigrations(handle.pool);
    await seedLibrary(handle.db); // already in the template: a no-op upsert, as on every start
    return {
      db: handle.db,
      pool: handle.pool,
      async close() {
        await handle.close();
        await embedded.stop();
      },
    };
  },
};

/** A uniquely named database on the DATABASE_URL server, dropped at the end. */
const postgres = (serverUrl: string): Backend => ({
  name: 'postgres',
  async create() {
    const name = `acompanha_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = connectDatabase(url.toString(), { max: 5 });
    await runMigrations(handle.pool);
    await seedLibrary(handle.db);
    return {
      db: handle.db,
      pool: handle.pool,
      url: url.toString(),
      async close() {
        await handle.close();
        const admin2 = new pg.Client({ connectionString: serverUrl });
        await admin2.connect();
        await admin2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin2.end();
      },
    };
  },
});

export const backends: Backend[] = [pglite, ...(process.env.DATABASE_URL ? [postgres(process.env.DATABASE_URL)] : [])];
