/**
 * In-process wake-up of the delivery worker: when an API call creates a request that is due now, the worker
 * running in the same process (if any) sweeps at once instead of waiting for its next tick. Workers in other
 * processes find the request on their own periodic sweep, so nothing depends on this hint. Schedules and bulk
 * runs raise it; `delivery/worker.ts` listens (the signal lives with the requests, below the worker).
 */
type Listener = () => void;

const listeners = new WeakMap<object, Set<Listener>>();

/** `key` is the database handle the worker delivers from (the app's `ctx.db`). */
export function onDueRequests(key: object, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function notifyDueRequests(key: object): void {
  for (const listener of listeners.get(key) ?? []) listener();
}
