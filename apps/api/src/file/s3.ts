import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';
import type { S3Config } from '../config.js';
import type { FileStore, StoredFile, UploadInstructions, UploadTicket } from './store.js';

export type { S3Config } from '../config.js';
export { s3ConfigFromEnv } from '../config.js';

/**
 * Uploads go straight from the browser to the bucket with a presigned PUT (SigV4 query signature)
 * bound to the key, the content type and the exact size, expiring with the ticket; downloads go
 * through `GET /api/file/{key}`, which redirects to a short-lived presigned GET.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;

  constructor(
    private readonly s3: S3Config,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private presign(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    expiresInSeconds: number,
    headers: Record<string, string> = {},
  ): string {
    const base = new URL(this.s3.endpoint);
    const host = this.s3.forcePathStyle ? base.host : `${this.s3.bucket}.${base.host}`;
    const objectPath = `${this.s3.forcePathStyle ? `/${this.s3.bucket}` : ''}/${encodeURIComponent(key)}`;
    const signed = aws4.sign(
      {
        host,
        method,
        path: `${objectPath}?X-Amz-Expires=${Math.max(1, Math.min(604_800, Math.round(expiresInSeconds)))}`,
        service: 's3',
        region: this.s3.region,
        signQuery: true,
        headers,
      },
      { accessKeyId: this.s3.accessKeyId, secretAccessKey: this.s3.secretAccessKey },
    );
    return `${base.protocol}//${host}${signed.path}`;
  }

  async signUpload(ticket: UploadTicket): Promise<UploadInstructions> {
    const seconds = (ticket.expiresAt.getTime() - this.now().getTime()) / 1000;
    // If-None-Match: * makes the bucket refuse a second PUT to the key (a conditional write): the link works once.
    const headers = {
      'Content-Type': ticket.contentType,
      'Content-Length': String(ticket.contentSize),
      'If-None-Match': '*',
    };
    return {
      url: this.presign('PUT', ticket.key, seconds, headers),
      // Content-Length is signed too: the browser sends it by itself for the file body.
      metadata: { method: 'PUT', headers: { 'Content-Type': ticket.contentType, 'If-None-Match': '*' } },
    };
  }

  /** Deletes the object (a presigned DELETE, sent from here); a missing object is not an error. */
  async remove(key: string): Promise<void> {
    const res = await fetch(this.presign('DELETE', key, 60), { method: 'DELETE', signal: AbortSignal.timeout(10_000) });
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE answered ${res.status}`);
  }

  /** Streams an object from the bucket (a data export reads her files); undefined when it is not there. */
  async read(key: string): Promise<StoredFile | undefined> {
    const res = await fetch(this.presign('GET', key, 300), { signal: AbortSignal.timeout(120_000) });
    if (res.status === 404 || res.status === 403) return undefined;
    if (!res.ok || !res.body) throw new Error(`S3 GET answered ${res.status}`);
    return {
      stream: Readable.fromWeb(res.body as WebReadableStream),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      size: Number(res.headers.get('content-length') ?? 0),
    };
  }

  /** Uploads a file from disk with a presigned PUT, streamed (a single PUT takes up to 5 GB). */
  async put(key: string, source: string, contentType: string): Promise<number> {
    const { size } = await fs.promises.stat(source);
    const headers = { 'Content-Type': contentType, 'Content-Length': String(size) };
    const res = await fetch(this.presign('PUT', key, 900, headers), {
      method: 'PUT',
      headers,
      body: Readable.toWeb(fs.createReadStream(source)) as never,
      duplex: 'half',
      signal: AbortSignal.timeout(15 * 60_000),
    } as RequestInit);
    if (!res.ok) throw new Error(`S3 PUT answered ${res.status}`);
    return size;
  }

  /** A presigned GET that lives five minutes: what `GET /api/file/{key}` redirects to. */
  readUrl(key: string): string {
    return this.presign('GET', key, 300);
  }

  downloadUrl(key: string): string {
    return `${this.publicUrl}/api/file/${key}`;
  }
}
