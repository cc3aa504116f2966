/**
 * "Her notifications changed": how an open portal hears it, on whatever API process it is connected to.
 *
 * Every change (a new notification, one marked read) calls `pg_notify('acompanha_notifications', <id>)`
 * inside its own transaction, so the signal goes out exactly when the change commits. Each API process on
 * PostgreSQL holds one LISTEN connection and passes what it hears to the server-sent-event streams it
 * serves. The embedded database runs in one process (its folder is locked), where the same signal travels
 * in memory after the commit.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../db/client.js';

export const NOTIFY_CHANNEL = 'acompanha_notifications';

type Listener = () => void;

/** The streams of this process, by professional. */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(professionalId: string, listener: Listener): () => void {
    let set = this.listeners.get(professionalId);
    if (!set) this.listeners.set(professionalId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(professionalId);
    };
  }

  emit(professionalId: string): void {
    for (const listener of this.listeners.get(professionalId) ?? []) listener();
  }

  get streams(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

const hubs = new WeakMap<object, NotificationHub>();

/** The hub of the processes' streams that read from `db` (the app's `ctx.db`). */
export function hubOf(db: object): NotificationHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new NotificationHub()));
  return hub;
}

/** Inside the change's transaction: every process's streams hear it once it commits. */
export async function signalNotifications(tx: Executor, professionalIds: string[]): Promise<void> {
  for (const id of new Set(professionalIds)) await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${id})`);
}

/** After the commit, for this process's own streams (the only ones on the embedded database). */
export function emitLocally(db: object, professionalIds: string[]): void {
  const hub = hubOf(db);
  for (const id of new Set(professionalIds)) hub.emit(id);
}

/**
 * One LISTEN connection to PostgreSQL, feeding this process's hub; it reconnects when the connection drops.
 * Returns a function that stops it.
 */
export function listenForNotifications(
  connectionString: string,
  db: object,
  log?: { error(obj: unknown, msg?: string): void },
): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === NOTIFY_CHANNEL && msg.payload) hubOf(db).emit(msg.payload);
    });
    c.on('error', (err) => {
      log?.error({ err }, 'notification listener lost its connection');
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      log?.error({ err }, 'notification listener could not connect');
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
