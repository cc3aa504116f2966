import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, startEmbeddedDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedLibrary } from '../src/question/library.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a freshly created and migrated PGlite database; each suite loads its own copy. */
    pgliteTemplate: string;
  }
}

/**
 * Booting PGlite from scratch (initdb) costs seconds; loading a dump is much cheaper. Once per run we
 * create a database, apply the migrations through pglite-socket + pg (like production), and dump it.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-api-test-'));
  const file = path.join(dir, 'template.tar');
  const embedded = await startEmbeddedDatabase();
  const handle = connectDatabase(embedded.connectionString, { max: embedded.maxConnections });
  await runMigrations(handle.pool);
  await seedLibrary(handle.db);
  await handle.close();
  const dump = await embedded.dump();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await embedded.stop();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
