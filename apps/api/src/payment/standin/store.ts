/**
 * The stand-in's storage: every object in `gateway_standin_objects` (one row each, its Asaas JSON in
 * `data`), shared by every API process through the database. Writers lock the row they change
 * (`FOR UPDATE`), so two processes never charge the same renewal twice.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { GatewayStandinConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import { appSettings, gatewayStandinObjects as objects, type GatewayStandinKind } from '../../db/schema.js';
import { eventBody, type AsaasObject } from './objects.js';

export type StandinRow = typeof objects.$inferSelect;

export interface NewObject {
  id: string;
  kind: GatewayStandinKind;
  data: AsaasObject;
  state?: Record<string, unknown>;
  externalReference?: string | null;
  parentId?: string | null;
  dueAt?: Date | null;
}

export async function insertObject(tx: Executor, o: NewObject, now: Date): Promise<void> {
  await tx.insert(objects).values({
    id: o.id,
    kind: o.kind,
    data: o.data,
    state: o.state ?? {},
    externalReference: o.externalReference ?? null,
    parentId: o.parentId ?? null,
    dueAt: o.dueAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

/** One object of `kind`; `lock` takes its row lock until the transaction ends. */
export async function getObject(
  tx: Executor,
  kind: GatewayStandinKind,
  id: string,
  lock = false,
): Promise<StandinRow | undefined> {
  const q = tx
    .select()
    .from(objects)
    .where(and(eq(objects.id, id), eq(objects.kind, kind)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateObject(
  tx: Executor,
  id: string,
  patch: { data?: AsaasObject; state?: Record<string, unknown>; dueAt?: Date | null },
  now: Date,
): Promise<void> {
  await tx
    .update(objects)
    .set({ ...patch, updatedAt: now })
    .where(eq(objects.id, id));
}

export interface Page {
  offset: number;
  limit: number;
}

/** A page of objects, oldest first (`newestFirst`: newest first), and how many match in all. */
export async function listObjects(
  db: Executor,
  kind: GatewayStandinKind,
  filter: { externalReference?: string; parentId?: string; includeDeleted?: boolean },
  page: Page,
  newestFirst = false,
): Promise<{ rows: StandinRow[]; total: number }> {
  const conditions: SQL[] = [eq(objects.kind, kind)];
  if (filter.externalReference !== undefined) conditions.push(eq(objects.externalReference, filter.externalReference));
  if (filter.parentId !== undefined) conditions.push(eq(objects.parentId, filter.parentId));
  if (!filter.includeDeleted) conditions.push(sql`coalesce((${objects.data}->>'deleted')::boolean, false) = false`);
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(objects).where(where);
  const order = newestFirst ? [desc(objects.createdAt), desc(objects.id)] : [asc(objects.createdAt), asc(objects.id)];
  const rows = await db
    .select()
    .from(objects)
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  return { rows, total };
}

/** Ids of objects of `kind` whose next step is due. */
export async function dueIds(db: Db, kind: GatewayStandinKind, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.kind, kind), isNotNull(objects.dueAt), lte(objects.dueAt, now)))
    .orderBy(asc(objects.dueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes up to `limit` due webhook events for `leaseMs` (`FOR UPDATE SKIP LOCKED`: two senders never take
 * the same one) and counts the attempt. One that is not marked sent before the lease ends is sent again.
 */
export async function claimEvents(db: Db, now: Date, limit: number, leaseMs: number): Promise<StandinRow[]> {
  const candidates = db
    .select({ id: objects.id })
    .from(objects)
    .where(and(eq(objects.kind, 'event'), isNotNull(objects.dueAt), lte(objects.dueAt, now)))
    .orderBy(asc(objects.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(objects)
    .set({
      dueAt: new Date(now.getTime() + leaseMs),
      state: sql`jsonb_set(${objects.state}, '{attempts}', to_jsonb(coalesce((${objects.state}->>'attempts')::int, 0) + 1))`,
      updatedAt: now,
    })
    .where(inArray(objects.id, candidates))
    .returning();
}

/** Deletes the webhook events finished (sent or given up) before `before`. */
export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.delete(objects).where(and(eq(objects.kind, 'event'), isNull(objects.dueAt), lt(objects.updatedAt, before)));
}

/** Queues an Asaas webhook event about `object` (sent by the tick, at least once, in any order). */
export async function emit(
  tx: Executor,
  now: Date,
  event: string,
  object: { payment: AsaasObject } | { subscription: AsaasObject },
): Promise<void> {
  const body = eventBody(event, now, object);
  const about = 'payment' in object ? object.payment.id : object.subscription.id;
  await insertObject(
    tx,
    { id: body.id, kind: 'event', data: body, state: { attempts: 0 }, parentId: String(about), dueAt: now },
    now,
  );
}

export interface StandinSecrets {
  /** What callers must send in `access_token`. */
  apiKey: string;
  /** What the stand-in sends in `asaas-access-token` with each webhook. */
  webhookToken: string;
}

async function setting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`${key} missing`);
  return row.value;
}

/** The configured key and token, else ones generated once per database and kept in app_settings. */
export async function standinSecrets(db: Db, config: GatewayStandinConfig): Promise<StandinSecrets> {
  const apiKey =
    config.apiKey ?? (await setting(db, 'gateway_standin_api_key', () => `standin_${randomBytes(32).toString('hex')}`));
  const webhookToken =
    config.webhookToken ??
    (await setting(db, 'gateway_standin_webhook_token', () => `whk_standin_${randomBytes(24).toString('hex')}`));
  return { apiKey, webhookToken };
}
