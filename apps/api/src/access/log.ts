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
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
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
  /** Only requests this accepts are health-data reads (e.g. a report filtered to one patient). */
  when?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accessLog?: AccessLogRoute;
  }
  interface FastifyRequest {
    /** Set by the handler once it found the record hers (`notePatientRead`): one patient, or each one a file held. */
    accessPatientId?: string | null | readonly string[];
    /** The outcome when the status alone does not say it (a filter on a patient not hers answers 200 with nothing). */
    accessOutcome?: AccessOutcome;
    /** The read was recorded already (`recordReadNow`): the hook writes nothing more. */
    accessRecorded?: boolean;
  }
}

/** Route config of a read of a patient's health data. */
export function accessLogged(
  kind: AccessKind,
  target?: string,
  when?: (request: FastifyRequest) => boolean,
): { accessLog: AccessLogRoute } {
  return { accessLog: { kind, ...(target ? { target } : {}), ...(when ? { when } : {}) } };
}

/** Names the patient(s) whose record this request read (after the service checked they are the professional's). */
export function notePatientRead(
  request: FastifyRequest,
  patientId: string | null | readonly string[],
  outcome?: AccessOutcome,
): void {
  request.accessPatientId = patientId;
  if (outcome) request.accessOutcome = outcome;
}

export interface AccessEntry {
  professionalId: string;
  patientId: string | null;
  kind: AccessKind;
  targetId: string | null;
  outcome: AccessOutcome;
  ip?: string | undefined;
}

/**
 * The id as the request named it, when the database can hold it: a refused request may name anything (a NUL
 * byte, a megabyte), and its record must still be written — without the id then.
 */
function storableTarget(id: string | null): string | null {
  // eslint-disable-next-line no-control-regex
  if (id === null || id.length > 200 || /[\u0000-\u001f\u007f]/.test(id)) return null;
  return id;
}

/** Most rows one read writes (an answers export of many patients is written in batches of this). */
const BATCH = 1000;

/**
 * Writes one row per patient (the jobs use it too, for what they read on a professional's behalf, e.g. an export).
 * `patientIds` empty writes one row without a patient.
 */
export async function recordAccess(
  db: Db,
  entry: Omit<AccessEntry, 'patientId'> & { patientId: string | null | readonly string[] },
): Promise<void> {
  const ids: Array<string | null> =
    typeof entry.patientId === 'string' || entry.patientId === null
      ? [entry.patientId]
      : entry.patientId.length > 0
        ? [...new Set(entry.patientId)]
        : [null];
  const base = {
    professionalId: entry.professionalId,
    kind: entry.kind,
    targetId: storableTarget(entry.targetId),
    outcome: entry.outcome,
    address: truncateAddress(entry.ip),
  };
  // One patient (nearly every read): a statement prepared once per connection instead of built per request.
  if (ids.length === 1) {
    await preparedOnce(db, 'access_log_one', () => prepareOne(db)).execute({ ...base, patientId: ids[0]! });
    return;
  }
  for (let i = 0; i < ids.length; i += BATCH) {
    await db.insert(accessLog).values(ids.slice(i, i + BATCH).map((patientId) => ({ ...base, patientId })));
  }
}

const prepareOne = (db: Db) =>
  db
    .insert(accessLog)
    .values({
      professionalId: sql.placeholder('professionalId'),
      patientId: sql.placeholder('patientId'),
      kind: sql.placeholder('kind'),
      targetId: sql.placeholder('targetId'),
      outcome: sql.placeholder('outcome'),
      address: sql.placeholder('address'),
    })
    .prepare('access_log_one');

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

/**
 * Records this read at once, before the handler reads on (the access log's own page shows the read that opened it).
 * Only after the service found the patient hers; a refused request is left to the hook.
 */
export async function recordReadNow(db: Db, request: FastifyRequest, patientId: string): Promise<void> {
  const route = request.routeOptions.config.accessLog;
  if (!route || !request.auth) return;
  await recordAccess(db, {
    professionalId: request.auth.professionalId,
    patientId,
    kind: route.kind,
    targetId: targetOf(request, route.target),
    outcome: 'ok',
    ip: request.ip,
  });
  request.accessRecorded = true;
}

/** Records every answer of a route marked `accessLogged` given to a professional's session. */
export function registerAccessLog(app: FastifyInstance, getDb: () => Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.config.accessLog;
    if (!route || !request.auth || request.accessRecorded || (route.when && !route.when(request))) return payload;
    await recordAccess(getDb(), {
      professionalId: request.auth.professionalId,
      patientId: request.accessPatientId ?? null,
      kind: route.kind,
      targetId: targetOf(request, route.target),
      outcome: reply.statusCode >= 400 ? outcomeOf(reply.statusCode) : (request.accessOutcome ?? 'ok'),
      ip: request.ip,
    });
    return payload;
  });
}

export interface AccessLogPage {
  total: number;
  items: Array<{
    id: number;
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
        id: accessLog.id,
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
    const gone = await tx.delete(accessLog).where(lt(accessLog.at, before)).returning({ id: accessLog.id });
    return gone.length;
  });
}
