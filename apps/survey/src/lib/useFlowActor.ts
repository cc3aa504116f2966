import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type AnyStateMachine, type EventFrom, type InputFrom, type SnapshotFrom } from 'xstate';

/**
 * Runs a machine for the component's lifetime and re-renders on every snapshot: what
 * `@xstate/react`'s `useMachine` does, on React's own `useSyncExternalStore`, without its
 * selector shim (the survey counts every kilobyte of its first screen).
 *
 * StrictMode mounts, unmounts and mounts again at once: the actor is stopped only when the
 * component stays unmounted past the current task, so the second mount keeps the same actor.
 */
export function useFlowActor<M extends AnyStateMachine>(machine: M, input: InputFrom<M>) {
  const [actor] = useState(() => createActor(machine, { input }));
  useEffect(() => {
    const timer = (actor as { _stopTimer?: ReturnType<typeof setTimeout> })._stopTimer;
    if (timer) clearTimeout(timer);
    actor.start();
    return () => {
      (actor as { _stopTimer?: ReturnType<typeof setTimeout> })._stopTimer = setTimeout(() => actor.stop(), 0);
    };
  }, [actor]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const getSnapshot = useCallback(() => actor.getSnapshot() as SnapshotFrom<M>, [actor]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const send = useCallback((event: EventFrom<M>) => actor.send(event), [actor]);
  return [snapshot, send] as const;
}
