/**
 * `Idempotency-Key` for the calls that can charge a card. The first call with a key takes the row (and a
 * lease while it talks to the gateway); a call with the same key and the same request answers what the first
 * one answered once it is final; the same key with another request is refused. An outcome that may still
 * change (the gateway did not answer in time, a rate limit) is not stored: the next call with the key runs
 * again with the same `attemptId`, which the gateway holds as the external reference, so it finds what the
 * earlier try made instead of charging again. Rows live 24 hours.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { paymentAttempts } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { sha256Hex } from '../lib/crypto.js';

const KEEP_MS = 24 * 3_600_000;
/** Longer than a card call may take (the adapter waits up to 60 s for one). */
const LEASE_MS = 120_000;

export type Begun =
  | { kind: 'replay'; status: number; body: Record<string, unknown> }
  | { kind: 'run'; attemptId: string; retry: boolean };

export interface AttemptKey {
  professionalId: string;
  operation: string;
  idempotencyKey: string;
}

const where = (k: AttemptKey) =>
  and(
    eq(paymentAttempts.professionalId, k.professionalId),
    eq(paymentAttempts.operation, k.operation),
    eq(paymentAttempts.idempotencyKey, k.idempotencyKey),
  );

/** A stable digest of a request (callers leave the card number and security code out of it). */
export const fingerprintOf = (request: unknown): string => sha256Hex(JSON.stringify(request));

export async function beginAttempt(db: Db, k: AttemptKey, fingerprint: string, now: Date): Promise<Begun> {
  const lease = new Date(now.getTime() + LEASE_MS);
  await db.delete(paymentAttempts).where(and(where(k), lte(paymentAttempts.expiresAt, now)));
  const [created] = await db
    .insert(paymentAttempts)
    .values({ ...k, fingerprint, lockedUntil: lease, createdAt: now, expiresAt: new Date(now.getTime() + KEEP_MS) })
    .onConflictDoNothing()
    .returning({ attemptId: paymentAttempts.attemptId });
  if (created) return { kind: 'run', attemptId: created.attemptId, retry: false };

  const [row] = await db.select().from(paymentAttempts).where(where(k));
  if (!row) throw new AppError(409, 'PAYMENT_PENDING', 'Seu pagamento está sendo processado. Aguarde a confirmação.');
  if (row.fingerprint !== fingerprint) {
    throw new AppError(
      400,
      'WRONG_COMMAND_PARAMETERS',
      'Esta Idempotency-Key já foi usada com outros dados. Gere uma nova chave para um novo pedido.',
      [{ path: ['Idempotency-Key'], message: 'Chave já usada com outros dados.' }],
    );
  }
  if (row.responseStatus !== null && row.responseBody) {
    return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
  }
  const [claimed] = await db
    .update(paymentAttempts)
    .set({ lockedUntil: lease })
    .where(and(where(k), or(isNull(paymentAttempts.lockedUntil), lte(paymentAttempts.lockedUntil, now))))
    .returning({ attemptId: paymentAttempts.attemptId, tries: paymentAttempts.tries });
  if (!claimed) {
    throw new AppError(409, 'PAYMENT_PENDING', 'Um pedido com esta chave ainda está em andamento. Aguarde a resposta.');
  }
  return { kind: 'run', attemptId: claimed.attemptId, retry: claimed.tries > 0 };
}

/** Counts a try that reaches the gateway (the next one with the key looks for what this one made). */
export async function countTry(db: Db, k: AttemptKey): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ tries: sql`${paymentAttempts.tries} + 1` })
    .where(where(k));
}

/** Stores the final answer for replays and ends the lease. */
export async function finishAttempt(db: Db, k: AttemptKey, status: number, body: Record<string, unknown>) {
  await db
    .update(paymentAttempts)
    .set({ responseStatus: status, responseBody: body, lockedUntil: null })
    .where(where(k));
}

/** Ends the lease without an answer: the next call with the key runs again. */
export async function releaseAttempt(db: Db, k: AttemptKey): Promise<void> {
  await db.update(paymentAttempts).set({ lockedUntil: null }).where(where(k));
}

/** Forgets attempts older than 24 hours. */
export async function pruneAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(paymentAttempts).where(lte(paymentAttempts.expiresAt, now));
}
