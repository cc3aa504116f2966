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
import { type GatewayError, isGatewayError } from './gateway/errors.js';

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

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The HTTP status of a gateway failure; `undefined` when the outcome may still change (not stored). */
function statusOf(e: GatewayError): number | undefined {
  switch (e.failure) {
    case 'refused':
    case 'pending':
      return 402;
    case 'invalid':
    case 'not_found':
      return 400;
    default:
      return undefined;
  }
}

const errorBody = (e: AppError): Record<string, unknown> => ({
  statusCode: e.statusCode,
  application_error_code: e.code,
  message: e.message,
  ...(e.details !== undefined && { details: e.details }),
});

/**
 * Runs `run` once per key and request: a final answer (success, refusal, rule) is stored for replays; an
 * unknown outcome (the gateway unavailable: 503, a rate limit: 429) is not, so the same key runs again.
 */
export async function idempotent(
  db: Db,
  k: AttemptKey,
  fingerprint: string,
  now: Date,
  run: (attempt: { attemptId: string; retry: boolean }) => Promise<Answer>,
): Promise<Answer> {
  const begun = await beginAttempt(db, k, fingerprint, now);
  if (begun.kind === 'replay') return { status: begun.status, body: begun.body };
  try {
    const answer = await run(begun);
    await finishAttempt(db, k, answer.status, answer.body);
    return answer;
  } catch (err) {
    const gatewayError = isGatewayError(err) ? err : undefined;
    const stored = gatewayError
      ? statusOf(gatewayError)
      : err instanceof AppError && err.statusCode !== 429
        ? err.statusCode
        : undefined;
    if (stored === undefined) {
      await releaseAttempt(db, k);
      if (gatewayError) throw new AppError(503, gatewayError.code, gatewayError.message);
      throw err;
    }
    const appError = gatewayError ? new AppError(stored, gatewayError.code, gatewayError.message) : (err as AppError);
    await finishAttempt(db, k, appError.statusCode, errorBody(appError));
    throw appError;
  }
}
