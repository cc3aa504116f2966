/**
 * The professional's own account activity ("Atividade da conta" on /profile): what she — or someone with her
 * password — did to the account itself. Written in the change's own transaction where there is one; rows are
 * never updated (migration 0024's trigger) and leave with the account or past the retention period.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { accountActivity } from '../db/schema.js';
import { truncateAddress } from './address.js';

export const ACTIVITY_KINDS = [
  'sign_in',
  'sign_in_new_address',
  'password_changed',
  'password_reset',
  'export_requested',
  'webhook_created',
  'webhook_secret_rotated',
  'webhook_deleted',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export type ActivityDetail = Record<string, string | number | boolean | null>;

export async function recordActivity(
  db: Executor,
  professionalId: string,
  kind: ActivityKind,
  meta: { ip?: string | undefined } = {},
  detail?: ActivityDetail,
): Promise<void> {
  await db
    .insert(accountActivity)
    .values({ professionalId, kind, address: truncateAddress(meta.ip), detail: detail ?? null });
}

/**
 * A sign-in, marked `sign_in_new_address` when she has signed in before but never from this network
 * (the address's /24 or /48).
 */
export async function recordSignIn(db: Db, professionalId: string, ip: string | undefined): Promise<void> {
  const address = truncateAddress(ip);
  const signIns = inArray(accountActivity.kind, ['sign_in', 'sign_in_new_address']);
  const [seen] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      here: sql<boolean>`bool_or(${accountActivity.address} IS NOT DISTINCT FROM ${address})`,
    })
    .from(accountActivity)
    .where(and(eq(accountActivity.professionalId, professionalId), signIns));
  const isNew = !!seen?.any && !seen.here;
  await recordActivity(db, professionalId, isNew ? 'sign_in_new_address' : 'sign_in', { ip });
}

export async function listActivity(
  db: Db,
  professionalId: string,
  page: { take: number; skip: number },
): Promise<{
  total: number;
  items: Array<{ id: number; at: Date; kind: string; address: string | null; detail: ActivityDetail | null }>;
}> {
  const mine = eq(accountActivity.professionalId, professionalId);
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: accountActivity.id,
        at: accountActivity.at,
        kind: accountActivity.kind,
        address: accountActivity.address,
        detail: accountActivity.detail,
      })
      .from(accountActivity)
      .where(mine)
      .orderBy(desc(accountActivity.at), desc(accountActivity.id))
      .limit(page.take)
      .offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(accountActivity)
      .where(mine),
  ]);
  return { total: count?.n ?? 0, items };
}

/** Account activity is kept 5 years (the account's security history; the access log keeps 20). */
export const ACCOUNT_ACTIVITY_RETENTION_YEARS = 5;

export async function pruneAccountActivity(db: Db, now: Date): Promise<number> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - ACCOUNT_ACTIVITY_RETENTION_YEARS);
  const gone = await db
    .delete(accountActivity)
    .where(lt(accountActivity.at, before))
    .returning({ id: accountActivity.id });
  return gone.length;
}
