import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { errors } from '../errors/app-error.js';
import { FILE_KEY_SOURCE } from '../lib/file-link.js';
import { fileSecret } from './store.js';

/**
 * Who may read a file, and the short-lived links that let a page show one.
 *
 * The database keeps a file's stable address (`<PUBLIC_URL>/api/file/<key>`, or its key); nothing that address
 * serves is public. Every JSON answer that leaves the API carries, in its place, a link signed for a short
 * while (`?exp=…&sig=…`, HMAC-SHA256 of key and expiry): the serializer rewrites them all ({@link replacer}),
 * so no screen or DTO can forget. A signed link the portal sends back (an editor saving what it loaded) is
 * stored stable again ({@link stableFileUrls}, on every input), and a link to another professional's file is
 * refused. Reading without a valid signature needs the owner's session. {@link registerFileLinks} wires all of it.
 */

/** How long a link shown in a page works: at least two hours (a patient's survey session), at most three. */
export const READ_LINK_SECONDS = 2 * 60 * 60;
/** Links in exported spreadsheets and printouts, which are read later: seven days. */
export const EXPORT_LINK_SECONDS = 7 * 24 * 60 * 60;

const FILE_URL = new RegExp(`^(?:https?://[^/?#]+)?/api/file/(${FILE_KEY_SOURCE})(?:\\?[^#]*)?$`);

/** The key of one of our file addresses (signed or not), else undefined. */
export function fileKeyOf(url: string): string | undefined {
  return url.includes('/api/file/') ? FILE_URL.exec(url)?.[1] : undefined;
}

export class FileAccess {
  private secret?: Buffer;

  constructor(
    private readonly getDb: () => Db,
    private readonly config: AppConfig,
  ) {}

  /** Loads the signing secret (once; the app's onReady hook does it before any request). */
  async load(): Promise<void> {
    this.secret ??= await fileSecret(this.getDb(), this.config);
  }

  private mac(key: string, exp: number): string {
    if (!this.secret) throw new Error('FileAccess used before load()');
    return createHmac('sha256', this.secret).update(`read:${key}:${exp}`).digest('base64url');
  }

  /**
   * A signed read link. The expiry is rounded up to the hour, so a page gets the same link for an hour
   * (its images stay in the browser's cache) and every link lives between `ttl` and `ttl` + 1 hour.
   */
  signedUrl(key: string, ttlSeconds = READ_LINK_SECONDS): string {
    const now = Math.floor(this.config.now().getTime() / 1000);
    const exp = Math.ceil((now + ttlSeconds) / 3600) * 3600;
    return `${this.config.publicUrl}/api/file/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** A signed read link that stops working exactly at `until` (a data export's link, sent to be read later). */
  signedUrlUntil(key: string, until: Date): string {
    const exp = Math.floor(until.getTime() / 1000);
    return `${this.config.publicUrl}/api/file/${key}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** Whether `sig` signs `key` until `exp`, and `exp` has not passed. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expiry = Number(exp);
    if (expiry * 1000 <= this.config.now().getTime()) return false;
    const expected = Buffer.from(this.mac(key, expiry));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** JSON.stringify's replacer for every answer: each of our file addresses becomes a fresh signed link. */
  readonly replacer = (_key: string, value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const fileKey = fileKeyOf(value);
    return fileKey ? this.signedUrl(fileKey) : value;
  };
}

/** The stable address of a file link (signature dropped); any other string unchanged. */
export function stableFileUrl(value: string, publicUrl: string): string {
  const key = fileKeyOf(value.trim());
  return key ? `${publicUrl}/api/file/${key}` : value;
}

/** Every file link inside an input value, back to its stable address (what the database keeps). */
export function stableFileUrls(value: unknown, publicUrl: string, depth = 0): unknown {
  if (depth > 32) return value;
  if (typeof value === 'string') return stableFileUrl(value, publicUrl);
  if (Array.isArray(value)) return value.map((v) => stableFileUrls(v, publicUrl, depth + 1));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = stableFileUrls(v, publicUrl, depth + 1);
    return out;
  }
  return value;
}

/**
 * The paths of file links inside an input that point at another professional's file. Keys start with their
 * owner's id, so a link pasted from someone else's page is refused instead of being stored and then signed
 * for its new "owner".
 */
export function foreignFileLinks(value: unknown, professionalId: string, path: string[] = [], depth = 0): string[][] {
  if (depth > 32) return [];
  if (typeof value === 'string') {
    const key = fileKeyOf(value);
    return key && !key.startsWith(`${professionalId}_`) ? [path] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((v, i) => foreignFileLinks(v, professionalId, [...path, String(i)], depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => foreignFileLinks(v, professionalId, [...path, k], depth + 1));
  }
  return [];
}

/**
 * The file links of every request and answer, in one place: the serializer signs each file address on the
 * way out (the secret is loaded before the first request); before validation, a body's links to another
 * professional's files are refused and signed links are turned back into stable ones.
 */
export function registerFileLinks(app: FastifyInstance, files: FileAccess, config: AppConfig): void {
  app.setSerializerCompiler(createSerializerCompiler({ replacer: files.replacer }));
  app.addHook('onReady', () => files.load());
  app.addHook('preValidation', async (request) => {
    if (!request.body || typeof request.body !== 'object') return;
    if (request.auth) {
      const foreign = foreignFileLinks(request.body, request.auth.professionalId);
      if (foreign.length > 0)
        throw errors.validation(
          foreign.map((path) => ({ path, message: 'Arquivo não encontrado. Envie a imagem de novo.' })),
        );
    }
    request.body = stableFileUrls(request.body, config.publicUrl);
  });
}
