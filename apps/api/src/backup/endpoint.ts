/**
 * `pnpm backup` while a server runs on the embedded database. PGlite has one backend, which the server holds;
 * pglite-socket interleaves its connections' protocol messages outside a transaction (see db/client.ts), so a
 * second client's queries could break the server's unnamed statements. Instead the server takes the snapshot
 * itself through its own pool's one connection (requests wait for it meanwhile, as they wait for any query) and
 * streams the clear tar over loopback to the command, which compresses, encrypts and writes it. The endpoint
 * listens on 127.0.0.1 only, on a random port, with a random token; both are in `<DATA_DIR>/backup-endpoint.json`
 * (mode 0600, removed at stop), so only who can read the data folder can use it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { ArchiveWriter, writeArchiveFile } from './archive.js';
import { dumpInto } from './dump.js';
import type { Encryption } from './keys.js';
import { recordBackupRun, type BackupRun } from './run.js';

export const ENDPOINT_FILE = 'backup-endpoint.json';

interface EndpointInfo {
  url: string;
  token: string;
  pid: number;
}

export async function startBackupEndpoint(options: {
  pool: pg.Pool;
  dataDir: string;
  uploadsDir: string;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(options.dataDir, ENDPOINT_FILE);
  const authorized = (req: http.IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = http.createServer((req, res) => {
    if (!authorized(req)) {
      res.writeHead(401).end();
      return;
    }
    if (req.method === 'POST' && req.url === '/snapshot') {
      void (async () => {
        const client = await options.pool.connect();
        const writer = new ArchiveWriter();
        res.writeHead(200, { 'content-type': 'application/x-tar' });
        writer.pack.pipe(res);
        try {
          await dumpInto(client, writer, {
            database: 'pglite',
            uploadsDir: options.uploadsDir,
            onSnapshotDone: (ms) => options.log.info({ ms }, 'backup snapshot taken (requests waited meanwhile)'),
          });
        } catch (err) {
          options.log.error({ err }, 'backup snapshot failed');
          writer.pack.destroy(err as Error);
          res.destroy(err as Error);
        } finally {
          client.release();
        }
      })();
      return;
    }
    if (req.method === 'POST' && req.url === '/runs') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const run = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupRun;
          await recordBackupRun(options.pool, {
            ...run,
            startedAt: new Date(run.startedAt),
            finishedAt: new Date(run.finishedAt),
          });
          res.writeHead(204).end();
        })().catch((err: unknown) => {
          options.log.error({ err }, 'recording a backup run failed');
          res.writeHead(500).end();
        });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const info: EndpointInfo = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
  fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  const remove = () => fs.rmSync(file, { force: true });
  process.once('exit', remove);
  return async () => {
    remove();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** The running server's endpoint, when its file is there. */
export function readEndpoint(dataDir: string): EndpointInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, ENDPOINT_FILE), 'utf8')) as EndpointInfo;
  } catch {
    return undefined;
  }
}

/** Asks the running server for a snapshot and writes it to `out` (compressed, encrypted). Returns its size. */
export async function backupThroughServer(
  endpoint: EndpointInfo,
  out: string,
  encryption: Encryption,
): Promise<number> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request(`${endpoint.url}/snapshot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
  if (res.statusCode !== 200) throw new Error(`The running server refused the backup (HTTP ${res.statusCode}).`);
  const ended = new Promise<void>((resolve, reject) => {
    res.on('end', resolve);
    res.on('aborted', () => reject(new Error('The running server stopped sending the snapshot.')));
    res.on('error', reject);
  });
  return writeArchiveFile(res, ended, encryption, out);
}

export async function recordThroughServer(endpoint: EndpointInfo, run: BackupRun): Promise<void> {
  const res = await fetch(`${endpoint.url}/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(run),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}
