import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema.js';
import { errors } from '../errors/app-error.js';

export interface UploadTicket {
  key: string;
  contentType: string;
  contentSize: number;
  expiresAt: Date;
}

export interface UploadInstructions {
  url: string;
  metadata: { method: 'PUT'; headers?: Record<string, string> };
}

export interface StoredFile {
  stream: NodeJS.ReadableStream;
  contentType: string;
  size: number;
}

/**
 * Where uploaded files live. The embedded default is {@link LocalFileStore} (`<DATA_DIR>/uploads`, uploads
 * signed with HMAC and received by `PUT /api/file/upload/{token}`). An S3-compatible store (configured by
 * `S3_*` variables) is {@link S3FileStore} in s3.ts: presigned PUT URLs straight to the bucket.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  signUpload(ticket: UploadTicket): Promise<UploadInstructions>;
  downloadUrl(key: string): string;
  /** Deletes the stored file (nothing when it is already gone). */
  remove(key: string): Promise<void>;
  /** Streams a stored file (undefined when it is not there). */
  read(key: string): Promise<StoredFile | undefined>;
  /** Stores a file the server made (a data export's ZIP) from a file on disk, streamed, never held in memory. */
  put(key: string, file: string, contentType: string): Promise<number>;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** Local folder store; upload URLs carry an HMAC-signed token bound to key, type, size and expiry. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  private secret?: Promise<Buffer>;

  constructor(
    private readonly getDb: () => Db,
    private readonly config: AppConfig,
  ) {}

  private key(): Promise<Buffer> {
    if (!this.secret) {
      this.secret = fileSecret(this.getDb(), this.config).catch((err) => {
        this.secret = undefined;
        throw err;
      });
    }
    return this.secret;
  }

  private async sign(payload: string): Promise<Buffer> {
    return createHmac('sha256', await this.key())
      .update(payload)
      .digest();
  }

  async signUpload(ticket: UploadTicket): Promise<UploadInstructions> {
    const payload = b64(
      JSON.stringify({
        k: ticket.key,
        t: ticket.contentType,
        s: ticket.contentSize,
        e: Math.floor(ticket.expiresAt.getTime() / 1000),
      }),
    );
    const token = `${payload}.${b64(await this.sign(payload))}`;
    return {
      url: `${this.config.publicUrl}/api/file/upload/${token}`,
      metadata: { method: 'PUT', headers: { 'Content-Type': ticket.contentType } },
    };
  }

  /** The ticket of a valid, unexpired token; 400 WRONG_COMMAND_PARAMETERS otherwise. */
  async verify(token: string): Promise<UploadTicket> {
    const invalid = () => errors.field(['token'], 'Link de envio inválido.');
    const [payload, sig, extra] = token.split('.');
    if (!payload || !sig || extra !== undefined) throw invalid();
    const expected = await this.sign(payload);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let data: { k?: unknown; t?: unknown; s?: unknown; e?: unknown };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (
      typeof data.k !== 'string' ||
      typeof data.t !== 'string' ||
      typeof data.s !== 'number' ||
      typeof data.e !== 'number'
    ) {
      throw invalid();
    }
    if (data.e * 1000 <= this.config.now().getTime())
      throw errors.field(['token'], 'O link de envio expirou. Peça um novo.');
    return { key: data.k, contentType: data.t, contentSize: data.s, expiresAt: new Date(data.e * 1000) };
  }

  downloadUrl(key: string): string {
    return `${this.config.publicUrl}/api/file/${key}`;
  }

  private pathOf(key: string): string {
    const [professionalId, ...rest] = key.split('_');
    return path.join(this.config.uploadsDir, professionalId!, rest.join('_'));
  }

  /**
   * Streams the upload to a temporary file beside its place, never holding it in memory, and moves it in
   * only when exactly `size` bytes arrived. Throws 400 on `contentSize` otherwise (the temporary file is gone).
   */
  async write(key: string, body: NodeJS.ReadableStream, contentType: string, size: number): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > size) done(new SizeMismatch());
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, counter, fs.createWriteStream(tmp));
      if (received !== size) throw new SizeMismatch();
      await fs.promises.writeFile(`${file}.meta.json`, JSON.stringify({ contentType, size }));
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      if (err instanceof SizeMismatch)
        throw errors.field(['contentSize'], `O arquivo deve ter exatamente ${size} bytes, como informado.`);
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(`${file}.meta.json`, { force: true });
  }

  async put(key: string, source: string, contentType: string): Promise<number> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await pipeline(fs.createReadStream(source), fs.createWriteStream(tmp));
      const { size } = await fs.promises.stat(tmp);
      await fs.promises.writeFile(`${file}.meta.json`, JSON.stringify({ contentType, size }));
      await fs.promises.rename(tmp, file);
      return size;
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    const file = this.pathOf(key);
    try {
      const meta = JSON.parse(await fs.promises.readFile(`${file}.meta.json`, 'utf8')) as {
        contentType: string;
        size: number;
      };
      const stat = await fs.promises.stat(file);
      return { stream: fs.createReadStream(file), contentType: meta.contentType, size: stat.size };
    } catch {
      return undefined;
    }
  }
}

class SizeMismatch extends Error {}

/**
 * The HMAC secret of upload tokens and signed read links: derived from JWT_SECRET when set, else generated
 * once and kept in app_settings (shared by every API process).
 */
export async function fileSecret(db: Db, config: AppConfig): Promise<Buffer> {
  if (config.jwtSecret) return createHmac('sha256', config.jwtSecret).update('acompanha:uploads').digest();
  await db
    .insert(appSettings)
    .values({ key: 'upload_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'upload_secret'));
  if (!row) throw new Error('upload secret missing');
  return Buffer.from(row.value);
}

/** A safe file name: accents removed, only [A-Za-z0-9._-], at most 80 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 80);
  return clean || 'arquivo';
}

export function newFileKey(professionalId: string, name: string): string {
  return `${professionalId}_${randomBytes(16).toString('hex')}_${safeFileName(name)}`;
}
