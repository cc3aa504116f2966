/**
 * What the dispatcher knows of the areas it feeds: a listener interface, nothing more. The listeners
 * (notifications and digests, webhook deliveries, late requests…) live in their own areas and are handed
 * to the dispatcher by the composition root (`event-listeners.ts`), so adding one touches no file here.
 */
import type { Db, Executor } from '../db/client.js';

/** An event as the sweeper hands it over. */
export interface DueEvent {
  id: string;
  type: string;
  professionalId: string;
}

export interface EventListener {
  /** Each sweep round, before the outbox is read, in the listeners' order (events recorded here go in the same round). */
  beforeSweep?(db: Db, now: Date): Promise<unknown>;
  /**
   * Inside the transaction that stamps `due` dispatched: what must exist exactly when the events are
   * marked (a dispatcher that dies before it commits leaves both for the next sweep).
   */
  onDispatch?(tx: Executor, due: DueEvent[], now: Date): Promise<unknown>;
  /** Whether an event of this type needs a job; an event no listener wants is stamped without one. */
  wantsJob?(type: string): boolean;
  /** A job's work for one event (each listener checks the type itself; a throw retries the job). */
  handleJob?(deps: { db: Db; now?: () => Date }, eventId: string): Promise<void>;
}
