/**
 * How long what would otherwise grow forever is kept (docs/DATA.md lists every table with personal data, why it is
 * kept and for how long). The housekeeping job prunes past these periods, hourly.
 */
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { events, loginAttempts, notificationDigests } from './db/schema.js';
import { ACCESS_LOG_RETENTION_YEARS, pruneAccessLog } from './access/log.js';
import { pruneAccountActivity } from './access/activity.js';

const DAY = 86_400_000;

export const RETENTION = {
  /** Events already handed to their listeners: a year (their notifications and webhook deliveries go with them). */
  eventsDays: 365,
  /** Notification digests sent or given up: 90 days. */
  notificationDigestsDays: 90,
  /** Sign-in and rate-limit counters: a day past their window (the longest window is an hour). */
  loginAttemptsDays: 1,
} as const;

/** Most rows one prune deletes per run, so a backlog never holds a long transaction. */
const BATCH = 5000;

export interface RetentionResult {
  events: number;
  notificationDigests: number;
  loginAttempts: number;
  accessLog: number;
  accountActivity: number;
}

export async function pruneByRetention(
  db: Db,
  now: Date,
  accessLogYears = ACCESS_LOG_RETENTION_YEARS,
): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY);
  const oldEvents = await db.execute(sql`
    DELETE FROM ${events} WHERE id IN (
      SELECT id FROM ${events}
      WHERE ${events.dispatchedAt} IS NOT NULL AND ${events.occurredAt} < ${before(RETENTION.eventsDays)}
      LIMIT ${BATCH})`);
  const digests = await db
    .delete(notificationDigests)
    .where(
      and(
        or(isNotNull(notificationDigests.sentAt), isNotNull(notificationDigests.failedAt)),
        lt(notificationDigests.createdAt, before(RETENTION.notificationDigestsDays)),
      ),
    )
    .returning({ id: notificationDigests.id });
  const attempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.lastFailureAt, before(RETENTION.loginAttemptsDays)))
    .returning({ key: loginAttempts.key });
  return {
    events: oldEvents.rowCount ?? 0,
    notificationDigests: digests.length,
    loginAttempts: attempts.length,
    accessLog: await pruneAccessLog(db, now, accessLogYears),
    accountActivity: await pruneAccountActivity(db, now),
  };
}
