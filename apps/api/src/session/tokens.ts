import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { createVerifier } from 'fast-jwt';
import { SignJWT } from 'jose';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import { appSettings, followUpVersions, patientListVersions, sessions } from '../db/schema.js';
import { errors } from '../errors/app-error.js';

const SECRET_KEY = 'jwt_secret';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthInfo {
  professionalId: string;
  jti: string;
  /**
   * The version of the professional's patient data (patient_list_versions), read with the session in the same
   * round trip, before anything the request reads: what the patient-list cache is keyed by.
   */
  patientListVersion: number;
  /** The version of her follow-up data (follow_up_versions), read the same way: what the summary cache is keyed by. */
  followUpVersion: number;
}

const prepareSessionQuery = (db: Db) =>
  db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      patientListVersion: patientListVersions.version,
      followUpVersion: followUpVersions.version,
    })
    .from(sessions)
    .leftJoin(patientListVersions, eq(patientListVersions.professionalId, sessions.professionalId))
    .leftJoin(followUpVersions, eq(followUpVersions.professionalId, sessions.professionalId))
    .where(and(eq(sessions.jti, sql.placeholder('jti')), eq(sessions.professionalId, sql.placeholder('sub'))))
    .prepare('auth_session_by_jti');

/** Issues, verifies and revokes session JWTs (HS256, one `sessions` row per jti). */
export class TokenService {
  private secret?: Promise<Uint8Array>;
  private verifying?: Promise<(token: string) => { sub?: unknown; jti?: unknown; exp?: unknown }>;
  private prepared?: { db: Db; query: ReturnType<typeof prepareSessionQuery> };

  constructor(
    private readonly getDb: () => Db,
    private readonly config: AppConfig,
  ) {}

  /** JWT_SECRET, else a secret generated once and shared through app_settings. */
  private key(executor?: Executor): Promise<Uint8Array> {
    if (this.secret) return this.secret;
    // Inside a transaction, read through it (the embedded database has a single connection) and
    // do not cache: the transaction could still roll back.
    if (executor) return this.loadKey(executor);
    const loading = this.loadKey(this.getDb()).catch((err) => {
      this.secret = undefined;
      throw err;
    });
    this.secret = loading;
    return loading;
  }

  /**
   * A synchronous HS256 verifier (fast-jwt, node:crypto) over the key. jose verifies through WebCrypto,
   * whose asynchronous HMAC job was the largest single cost of an authenticated request (~15% of its CPU).
   * Expiry is checked against the app's clock in verify(), as tests move that clock.
   */
  private verifier(): Promise<(token: string) => { sub?: unknown; jti?: unknown; exp?: unknown }> {
    this.verifying ??= this.key()
      .then((key) =>
        createVerifier({ key: Buffer.from(key), algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true }),
      )
      .catch((err: unknown) => {
        this.verifying = undefined;
        throw err;
      });
    return this.verifying;
  }

  /** The HS256 key, shared with the survey tokens (src/quiz-answer/token.ts). */
  signingKey(): Promise<Uint8Array> {
    return this.key();
  }

  private async loadKey(db: Executor): Promise<Uint8Array> {
    if (this.config.jwtSecret) return new TextEncoder().encode(this.config.jwtSecret);
    await db
      .insert(appSettings)
      .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY));
    if (!row) throw new Error('jwt secret missing');
    return new TextEncoder().encode(row.value);
  }

  /** @param tx the transaction to write the session row in, if any. */
  async issue(professionalId: string, meta: { ip?: string; userAgent?: string } = {}, tx?: Executor): Promise<string> {
    const db = tx ?? this.getDb();
    const key = await this.key(tx);
    const jti = randomUUID();
    const now = this.config.now();
    const expiresAt = new Date(now.getTime() + this.config.jwtTtlSeconds * 1000);
    await db.insert(sessions).values({
      jti,
      professionalId,
      createdAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(professionalId)
      .setJti(jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /**
   * The session lookup that every authenticated request makes, as a named prepared statement: parsed and
   * planned once per connection instead of per request.
   */
  private sessionQuery() {
    const db = this.getDb();
    if (this.prepared?.db !== db) this.prepared = { db, query: prepareSessionQuery(db) };
    return this.prepared.query;
  }

  /** Throws INVALID_JWT for a bad signature, an expired token or a revoked session. */
  async verify(token: string): Promise<AuthInfo> {
    let sub: string | undefined;
    let jti: string | undefined;
    try {
      const payload = (await this.verifier())(token);
      if (typeof payload.exp !== 'number' || payload.exp * 1000 <= this.config.now().getTime())
        throw errors.invalidJwt();
      if (typeof payload.sub === 'string') sub = payload.sub;
      if (typeof payload.jti === 'string') jti = payload.jti;
    } catch {
      throw errors.invalidJwt();
    }
    if (!sub || !jti || !UUID.test(sub) || !UUID.test(jti)) throw errors.invalidJwt();
    const [session] = await this.sessionQuery().execute({ jti, sub });
    if (!session || session.revokedAt || session.expiresAt <= this.config.now()) throw errors.invalidJwt();
    return {
      professionalId: sub,
      jti,
      patientListVersion: session.patientListVersion ?? 0,
      followUpVersion: session.followUpVersion ?? 0,
    };
  }

  async revoke(jti: string): Promise<void> {
    await this.getDb()
      .update(sessions)
      .set({ revokedAt: this.config.now() })
      .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
  }

  /** Revokes every live session of the professional (optionally keeping one). */
  async revokeAll(professionalId: string, db: Executor = this.getDb(), exceptJti?: string): Promise<void> {
    const conds = [eq(sessions.professionalId, professionalId), isNull(sessions.revokedAt)];
    if (exceptJti) conds.push(ne(sessions.jti, exceptJti));
    await db
      .update(sessions)
      .set({ revokedAt: this.config.now() })
      .where(and(...conds));
  }
}
