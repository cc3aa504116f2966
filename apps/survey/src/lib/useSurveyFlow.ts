import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { SnapshotFrom, StateValue } from 'xstate';
import {
  initialSurveyFlowContext,
  isTokenValid,
  type surveyFlowMachine,
  type SurveyFlowContext,
  type SurveyFlowEvent,
  type SurveyFlowInput,
} from '@acompanha/machines';
import { afterPaint } from './afterPaint';
import type { createSurveyFlow, SurveyFlowActor } from './flow';

export type SurveyFlowSnapshot = SnapshotFrom<typeof surveyFlowMachine>;

/** xstate's `matches`: `value` is in the state `test` names (a state, or a path of states). */
function matchesState(test: StateValue, value: StateValue): boolean {
  if (typeof test === 'string') return typeof value === 'string' ? value === test : test in value;
  if (typeof value === 'string') return false;
  return Object.entries(test).every(([key, child]) => key in value && !!child && matchesState(child, value[key]!));
}

/** What the machine's snapshot would be in the states it can be in before its code has loaded. */
function standIn(value: StateValue, context: SurveyFlowContext): SurveyFlowSnapshot {
  return { value, context, matches: (test: StateValue) => matchesState(test, value) } as unknown as SurveyFlowSnapshot;
}

/** The machine's code (its own chunk, see vite.config.ts). */
export type FlowLoader = () => Promise<{ createSurveyFlow: typeof createSurveyFlow }>;
const loadFlow: FlowLoader = () => import('./flow');

/**
 * Runs the survey's flow machine for the component's lifetime and re-renders on every snapshot (what
 * `@xstate/react`'s `useMachine` does, on React's own `useSyncExternalStore`).
 *
 * The machine's code (xstate, the machine, the API client) is not needed to paint the PIN screen: on a first
 * visit it loads once that screen has painted, and until it is there a stand-in snapshot holds the state the
 * machine starts in. A PIN submitted meanwhile shows as being checked and goes to the machine as soon as it is
 * there (if its code cannot be downloaded, the PIN screen says there is no connection, as for a failed check).
 * With a kept token the machine is needed at once (it loads the survey): it loads right away.
 *
 * StrictMode mounts, unmounts and mounts again at once: the actor is stopped (or, still loading, never started)
 * only when the component stays unmounted past the current task, so the second mount keeps the same actor.
 */
export function useSurveyFlow(input: SurveyFlowInput, load: FlowLoader = loadFlow) {
  const [boot] = useState(() => {
    const context = initialSurveyFlowContext(input);
    const resumes = isTokenValid(input.token);
    // With a kept token, its download starts with the first render rather than after the first paint.
    if (resumes) void load().catch(() => {});
    return {
      context,
      resumes,
      queued: [] as SurveyFlowEvent[],
      loading: null as Promise<SurveyFlowActor | null> | null,
      actor: null as SurveyFlowActor | null,
      failed: false,
      /** Unmounted for good: a machine arriving now is not started. */
      disposed: false,
      stopTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    };
  });
  const [standInSnapshot, setStandIn] = useState(() =>
    standIn(boot.resumes ? 'loading' : { pin: 'entering' }, boot.context),
  );
  const [actor, setActor] = useState<SurveyFlowActor | null>(null);

  /** The machine, started with the events sent before it was there; once only, whoever asks first. */
  const ensureActor = useCallback(() => {
    boot.loading ??= load().then(
      ({ createSurveyFlow }) => {
        if (!boot.actor && !boot.disposed) {
          const created = createSurveyFlow(input);
          created.start();
          for (const event of boot.queued.splice(0)) created.send(event);
          boot.actor = created;
        }
        boot.failed = false;
        return boot.actor;
      },
      (error: unknown) => {
        // Its code could not be downloaded (offline): asked again by the next try.
        boot.loading = null;
        boot.failed = true;
        throw error;
      },
    );
    return boot.loading;
    // `input` and `load` are the ones of the first render: the machine starts from them once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boot]);

  const adopt = useCallback((created: SurveyFlowActor | null) => created && setActor(created), []);

  useEffect(() => {
    if (boot.stopTimer) clearTimeout(boot.stopTimer);
    boot.disposed = false;
    return () => {
      boot.stopTimer = setTimeout(() => {
        boot.disposed = true;
        boot.actor?.stop();
      }, 0);
    };
  }, [boot]);

  useEffect(() => {
    let live = true;
    const load = () =>
      ensureActor().then(
        (created) => live && adopt(created),
        () => {
          if (live && boot.resumes) setStandIn(standIn('loadFailed', boot.context));
        },
      );
    const cancel = boot.resumes ? (void load(), () => {}) : afterPaint(() => void load());
    return () => {
      live = false;
      cancel();
    };
  }, [boot, ensureActor, adopt]);

  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe({ next: onChange, error: onChange });
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const getSnapshot = useCallback(
    () => (actor ? (actor.getSnapshot() as SurveyFlowSnapshot) : standInSnapshot),
    [actor, standInSnapshot],
  );
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  const send = useCallback(
    function send(event: SurveyFlowEvent): void {
      if (boot.actor) {
        boot.actor.send(event);
        return;
      }
      // Before the machine is there: what it would do in its first states.
      if (event.type === 'network.online' || event.type === 'network.offline') {
        boot.queued.push(event);
        // Back online after the survey's code failed to load: try again.
        if (event.type === 'network.online' && boot.resumes && boot.failed) send({ type: 'load.retry' });
        return;
      }
      if (event.type === 'pin.submit' && !boot.resumes && /^\d{6}$/.test(event.pin)) {
        if (boot.queued.some((e) => e.type === 'pin.submit')) return;
        boot.queued.push(event);
        setStandIn(standIn({ pin: 'validating' }, boot.context));
        ensureActor().then(adopt, () => {
          boot.queued = boot.queued.filter((e) => e.type !== 'pin.submit');
          setStandIn(standIn({ pin: 'entering' }, { ...boot.context, pinError: 'NETWORK' }));
        });
        return;
      }
      if (event.type === 'load.retry' && boot.resumes) {
        setStandIn(standIn('loading', boot.context));
        ensureActor().then(adopt, () => setStandIn(standIn('loadFailed', boot.context)));
      }
    },
    [boot, ensureActor, adopt],
  );
  return [snapshot, send] as const;
}
