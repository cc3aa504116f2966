/**
 * The backup archive: a tar (tar-stream) of JSON-lines parts of every table and the local uploads, with a
 * manifest.json last (it holds every other member's sha256), gzipped, then encrypted with age unless the
 * operator asked for a clear one. Everything streams: no member is ever held whole beyond one 4 MiB part, and
 * nothing clear touches the disk (the file is written as `FILE.partial`, encrypted, then renamed).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { MigrationVersion } from './migrations.js';
import { decrypterFromEnv, encrypterFor, type Encryption } from './keys.js';

export const FORMAT = 'acompanha-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  product: { name: 'acompanha'; version: string };
  createdAt: string;
  source: { database: 'pglite' | 'postgresql'; serverVersion: string };
  /** The schema version: the last drizzle migration applied. */
  migration: MigrationVersion;
  /** Every table of the public schema, in an order where a row's foreign keys load before it. */
  tables: { name: string; rows: number; parts: string[] }[];
  /** Sequences of the public schema (identity columns included) and where they stood. */
  sequences: { name: string; value: string }[];
  uploads: {
    storage: 'local' | 's3';
    /** Local uploads in the archive (members `uploads/<key path>`). */
    files: number;
    bytes: number;
    /** Kept in a bucket: listed here (from the `files` table of the snapshot), left to the bucket's versioning. */
    s3?: { bucket: string; objects: { key: string; size: number }[] };
  };
  /** sha256 and size of every other member. */
  members: Record<string, { sha256: string; bytes: number }>;
}

export class BackupIntegrityError extends Error {}

/** Adds members to a tar pack with backpressure, hashing each one for the manifest. */
export class ArchiveWriter {
  readonly pack = tar.pack();
  readonly members: Manifest['members'] = {};

  async add(name: string, data: Buffer): Promise<void> {
    await this.addStream(name, data.length, [data]);
  }

  async addStream(name: string, size: number, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    const hash = createHash('sha256');
    const done = new Promise<void>((resolve, reject) => {
      const sink = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (err) =>
        err ? reject(err) : resolve(),
      );
      void (async () => {
        for await (const chunk of chunks) {
          hash.update(chunk);
          if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
        }
        sink.end(undefined);
      })().catch((err: unknown) => {
        sink.destroy(err as Error);
        reject(err as Error);
      });
    });
    await done;
    this.members[name] = { sha256: hash.digest('hex'), bytes: size };
  }

  async finish(manifest: Omit<Manifest, 'members'>): Promise<Manifest> {
    const full: Manifest = { ...manifest, members: this.members };
    await this.add(MANIFEST, Buffer.from(JSON.stringify(full, null, 1)));
    this.pack.finalize();
    return full;
  }
}

/** A pull-based web stream over a Node one: age reads only as fast as it writes, so memory stays flat. */
function webStreamOf(source: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await it.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
      },
      async cancel(reason) {
        await it.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Writes the tar stream `pack` to `out`, gzipped and encrypted, while `produce` fills it. The file appears only
 * when complete (written as `out.partial`, mode 0600); a failure removes the partial file. Returns its size.
 */
export async function writeArchiveFile(
  pack: NodeJS.ReadableStream | AsyncIterable<Buffer> | tar.Pack,
  produce: Promise<unknown>,
  encryption: Encryption,
  out: string,
): Promise<number> {
  const partial = `${out}.partial`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const stages: unknown[] = [zlib.createGzip({ level: 6 })];
  if (encryption.kind !== 'none') {
    const encrypter = encrypterFor(encryption);
    stages.push(async function* encrypt(source: AsyncIterable<Buffer>) {
      const encrypted = await encrypter.encrypt(webStreamOf(source));
      for await (const chunk of encrypted as unknown as AsyncIterable<Uint8Array>) yield chunk;
    });
  }
  const writing = (pipeline as (...streams: unknown[]) => Promise<void>)(
    pack,
    ...stages,
    fs.createWriteStream(partial, { mode: 0o600 }),
  );
  try {
    await Promise.all([
      produce.catch((err: unknown) => {
        const p = pack as { destroy?: (e: Error) => void };
        p.destroy?.(err as Error);
        throw err;
      }),
      writing,
    ]);
    fs.renameSync(partial, out);
    return fs.statSync(out).size;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

/** Whether `file` is an age file, a clear gzip archive, or neither. */
export function archiveKind(file: string): 'age' | 'gzip' {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    if (n === AGE_MAGIC.length && head.equals(AGE_MAGIC)) return 'age';
    if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  } finally {
    fs.closeSync(fd);
  }
  throw new BackupIntegrityError(`${path.basename(file)} is not an Acompanha backup (neither age nor gzip).`);
}

/**
 * Reads the archive member by member (decrypting with BACKUP_IDENTITY / BACKUP_PASSPHRASE from `env` when it
 * is encrypted). `onEntry` must consume each member's chunks.
 */
export async function readArchive(
  file: string,
  env: NodeJS.ProcessEnv,
  onEntry: (name: string, chunks: AsyncIterable<Buffer>, size: number) => Promise<void>,
): Promise<void> {
  const stages: unknown[] = [fs.createReadStream(file)];
  if (archiveKind(file) === 'age') {
    const decrypter = decrypterFromEnv(env);
    stages.push(async function* decrypt(source: AsyncIterable<Buffer>) {
      let decrypted: ReadableStream<Uint8Array>;
      try {
        decrypted = await decrypter.decrypt(webStreamOf(source));
      } catch (err) {
        if (/no identity matched/.test((err as Error).message)) {
          throw new BackupIntegrityError(
            'Cannot decrypt the backup: wrong BACKUP_IDENTITY or BACKUP_PASSPHRASE (no key matched the file).',
          );
        }
        throw new BackupIntegrityError(`Cannot decrypt the backup: ${(err as Error).message}`);
      }
      try {
        for await (const chunk of decrypted as unknown as AsyncIterable<Uint8Array>) yield chunk;
      } catch (err) {
        throw new BackupIntegrityError(
          `The backup is damaged or was altered (decryption failed: ${(err as Error).message}).`,
        );
      }
    });
  }
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  const feeding = (pipeline as (...streams: unknown[]) => Promise<void>)(...stages, gunzip, extract);
  let feedError: unknown;
  feeding.catch((err: unknown) => {
    feedError = err;
  });
  try {
    for await (const entry of extract as unknown as AsyncIterable<Readable & { header: tar.Header }>) {
      await onEntry(entry.header.name, entry as AsyncIterable<Buffer>, entry.header.size ?? 0);
    }
    await feeding;
  } catch (err) {
    await feeding.catch(() => {});
    const cause = feedError ?? err;
    if (cause instanceof BackupIntegrityError) throw cause;
    if (err instanceof BackupIntegrityError) throw err;
    throw new BackupIntegrityError(`The backup is damaged or was altered: ${(cause as Error).message}`);
  }
}

/**
 * Reads the whole archive once, checking every member's sha256 and size against the manifest, and that the
 * manifest is one this code reads. Nothing is written anywhere. Returns the manifest.
 */
export async function verifyArchive(file: string, env: NodeJS.ProcessEnv): Promise<Manifest> {
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let manifestText: string | undefined;
  await readArchive(file, env, async (name, chunks) => {
    const hash = createHash('sha256');
    let bytes = 0;
    const keep: Buffer[] = [];
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      if (name === MANIFEST) keep.push(chunk);
    }
    if (name === MANIFEST) manifestText = Buffer.concat(keep).toString('utf8');
    else seen.set(name, { sha256: hash.digest('hex'), bytes });
  });
  if (!manifestText) throw new BackupIntegrityError('The backup has no manifest.json.');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new BackupIntegrityError('The backup manifest is not valid JSON.');
  }
  if (manifest.format !== FORMAT) throw new BackupIntegrityError('This is not an Acompanha backup.');
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupIntegrityError(`Unknown backup format version ${manifest.formatVersion}.`);
  }
  for (const [name, expected] of Object.entries(manifest.members)) {
    const got = seen.get(name);
    if (!got) throw new BackupIntegrityError(`The backup lacks ${name}, which its manifest lists.`);
    if (got.sha256 !== expected.sha256 || got.bytes !== expected.bytes) {
      throw new BackupIntegrityError(`Checksum mismatch in ${name}: the backup is damaged or was altered.`);
    }
    seen.delete(name);
  }
  if (seen.size) {
    throw new BackupIntegrityError(`The backup holds members its manifest does not list (${[...seen.keys()][0]}).`);
  }
  const parts = new Set(manifest.tables.flatMap((t) => t.parts));
  for (const p of parts)
    if (!manifest.members[p]) throw new BackupIntegrityError(`The manifest lists ${p} but no checksum for it.`);
  return manifest;
}
