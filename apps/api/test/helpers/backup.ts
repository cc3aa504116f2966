/** Helpers of backup.test.ts: empty databases of either kind, table digests, files, a tampered archive. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { inject } from 'vitest';
import { tableDigests } from '../../src/backup/digest.js';
import { connectDatabase, startEmbeddedDatabase } from '../../src/db/client.js';

export interface Target {
  kind: 'pglite' | 'postgres';
  pool: pg.Pool;
  close(): Promise<void>;
}

/** An empty database (no schema at all) of the given kind. */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Target> {
  if (kind === 'postgres') {
    const server = process.env.DATABASE_URL!;
    const name = `acompanha_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    const handle = connectDatabase(url.toString(), { max: 2 });
    return {
      kind,
      pool: handle.pool,
      async close() {
        await handle.close();
        const a = new pg.Client({ connectionString: server });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  // The migrated template (initdb is slow), emptied of every schema the app has.
  const embedded = await startEmbeddedDatabase(undefined, {
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
  });
  const handle = connectDatabase(embedded.connectionString, { max: 1 });
  await handle.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public; DROP SCHEMA drizzle CASCADE');
  return {
    kind,
    pool: handle.pool,
    async close() {
      await handle.close();
      await embedded.stop();
    },
  };
}

export async function digestsOf(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    return await tableDigests(client);
  } finally {
    client.release();
  }
}

export function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const f = path.join(dir, rel);
    if (fs.statSync(f).isFile()) out[rel] = fs.readFileSync(f).toString('hex');
  }
  return out;
}

/** Rewrites a clear archive, changing one byte of its first table part (the manifest stays as it was). */
export async function tamper(file: string, out: string): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const members: { name: string; data: Buffer }[] = [];
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        members.push({ name: header.name, data: Buffer.concat(chunks) });
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(zlib.gunzipSync(fs.readFileSync(file)));
  await done;
  const victim = members.find((m) => m.name.startsWith('db/patients.'))!;
  victim.data[10] = victim.data[10] === 0x41 ? 0x42 : 0x41;
  for (const m of members) pack.entry({ name: m.name, size: m.data.length }, m.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack as unknown as AsyncIterable<Buffer>) chunks.push(c);
  fs.writeFileSync(out, zlib.gzipSync(Buffer.concat(chunks)));
}
