/**
 * Who read a patient's health data (ASVS 5.0 V16, LGPD art. 37).
 *
 * A route that serves her health data says so in its config, `config: accessLogged('answer', 'id')`, and its handler
 * names whose record it read with `notePatientRead(request, patientId)` once the service found it hers. When the
 * answer leaves (`onSend`, awaited before a byte is sent), one `access_log` row is written: the session's
 * professional, the patient (null when the read was refused before a patient of hers was found), the kind and id,
 * the outcome from the status (2xx/3xx ok, 4xx refused, 5xx failed) and the address truncated to /24 or /48.
 * A read whose record cannot be written is not served. The table is append-only (migration 0024's trigger); the
 * only delete is `pruneAccessLog`, past the retention period.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accessLog } from '../db/schema.js';
import { truncateAddress } from './address.js';

export const ACCESS_KINDS = [
  'answer',
  'review',
  'report',
  'series',
  'answers_export',
  'patient_export',
  'file',
  'access_log',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessOutcome = 'ok' | 'refused' | 'failed';

interface AccessLogRoute {
  kind: AccessKind;
  /** The route parameter (or query field) naming what is read. */
  target?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accessLog?: AccessLogRoute;
  }
  interface FastifyRequest {
    /** Set by the handler once it found the record hers (`notePatientRead`). */
    accessPatientId?: string | null;
  }
}

/** Route config of a read of a patient's health data. */
export function accessLogged(kind: AccessKind, target?: string): { accessLog: AccessLogRoute } {
  return { accessLog: { kind, ...(target ? { target } : {}) } };
}

/** Names the patient whose record this request read (after the service checked she is the professional's). */
export function notePatientRead(request: FastifyRequest, patientId: string | null): void {
  request.accessPatientId = patientId;
}

export interface AccessEntry {
  professionalId: string;
  patientId: string | null;
  kind: AccessKind;
  targetId: string | null;
  outcome: AccessOutcome;
  ip?: string | undefined;
}

/** Writes one row (the jobs use it for what they read on a professional's behalf, e.g. an export). */
export async function recordAccess(db: Db, entry: AccessEntry): Promise<void> {
  await db.insert(accessLog).values({
    professionalId: entry.professionalId,
    patientId: entry.patientId,
    kind: entry.kind,
    targetId: entry.targetId?.slice(0, 200) ?? null,
    outcome: entry.outcome,
    address: truncateAddress(entry.ip),
  });
}

export function outcomeOf(statusCode: number): AccessOutcome {
  if (statusCode >= 500) return 'failed';
  if (statusCode >= 400) return 'refused';
  return 'ok';
}

function targetOf(request: FastifyRequest, name: string | undefined): string | null {
  if (!name) return null;
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const value = params?.[name] ?? query?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Records every answer of a route marked `accessLogged` given to a professional's session. */
export function registerAccessLog(app: FastifyInstance, getDb: () => Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.config.accessLog;
    if (!route || !request.auth) return payload;
    await recordAccess(getDb(), {
      professionalId: request.auth.professionalId,
      patientId: request.accessPatientId ?? null,
      kind: route.kind,
      targetId: targetOf(request, route.target),
      outcome: outcomeOf(reply.statusCode),
      ip: request.ip,
    });
    return payload;
  });
}

export interface AccessLogPage {
  total: number;
  items: Array<{
    at: Date;
    kind: string;
    targetId: string | null;
    outcome: string;
    address: string | null;
    professionalId: string;
  }>;
}

/** A patient's access log, newest first (the caller checked she is the professional's). */
export async function listPatientAccess(
  db: Db,
  patientId: string,
  page: { take: number; skip: number },
): Promise<AccessLogPage> {
  const [items, [count]] = await Promise.all([
    db
      .select({
        at: accessLog.at,
        kind: accessLog.kind,
        targetId: accessLog.targetId,
        outcome: accessLog.outcome,
        address: accessLog.address,
        professionalId: accessLog.professionalId,
      })
      .from(accessLog)
      .where(eq(accessLog.patientId, patientId))
      .orderBy(desc(accessLog.at), desc(accessLog.id))
      .limit(page.take)
      .offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accessLog)
      .where(eq(accessLog.patientId, patientId)),
  ]);
  return { total: count?.n ?? 0, items };
}

/** Default retention of the access log: 20 years (Lei 13.787/2018 keeps health records that long). */
export const ACCESS_LOG_RETENTION_YEARS = 20;

/**
 * The only delete the access log allows: rows older than the retention period, in a transaction that says so
 * (`SET LOCAL acompanha.prune`, which migration 0024's trigger reads).
 */
export async function pruneAccessLog(db: Db, now: Date, retentionYears = ACCESS_LOG_RETENTION_YEARS): Promise<number> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - retentionYears);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL acompanha.prune = 'on'`);
    const gone = await tx
      .delete(accessLog)
      .where(and(lt(accessLog.at, before)))
      .returning({ id: accessLog.id });
    return gone.length;
  });
}
