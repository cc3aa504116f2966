import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { accountActivationMachine, MAX_PENDING_CHECKS, PENDING_CHECK_MS } from './accountActivation.machine';
import { activationNeed, trialDaysLeft } from './accountActivation.rules';
import type { AccountActivationEvent, ActivationSubscription } from './accountActivation.types';

const NOW = '2030-03-10T12:00:00.000Z';
const at = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000).toISOString();
const trial = (daysLeft: number): ActivationSubscription => ({
  state: 'trial',
  trialEndsAt: at(daysLeft),
  currentPeriodEnd: null,
});
const active: ActivationSubscription = { state: 'active', trialEndsAt: null, currentPeriodEnd: at(30) };
const expired: ActivationSubscription = { state: 'expired', trialEndsAt: null, currentPeriodEnd: at(-2) };
const pendingCharge: ActivationSubscription = { ...trial(-1), chargePending: true };
const refused: ActivationSubscription = { state: 'past_due', trialEndsAt: null, currentPeriodEnd: at(-1) };
const loaded = (subscription: ActivationSubscription, now = NOW): AccountActivationEvent => ({
  type: 'subscription.loaded',
  subscription,
  now,
});

describe('activationNeed', () => {
  const now = new Date(NOW);
  it('asks nothing of a paid account or of a trial with more than three days left', () => {
    expect(activationNeed(active, now)).toBe('none');
    expect(activationNeed(trial(10), now)).toBe('none');
    expect(trialDaysLeft(trial(10), now)).toBe(10);
  });
  it('reminds in the last three days of a trial or a cancelled period, and when a renewal failed', () => {
    expect(activationNeed(trial(3), now)).toBe('soon');
    expect(activationNeed(trial(0.5), now)).toBe('soon');
    expect(trialDaysLeft(trial(0.5), now)).toBe(1);
    expect(activationNeed({ state: 'cancelled', trialEndsAt: null, currentPeriodEnd: at(2) }, now)).toBe('soon');
    expect(activationNeed({ state: 'cancelled', trialEndsAt: null, currentPeriodEnd: at(20) }, now)).toBe('none');
    expect(activationNeed(refused, now)).toBe('soon');
  });
  it('is expired when nothing paid covers today', () => {
    expect(activationNeed(expired, now)).toBe('expired');
    expect(activationNeed(trial(-0.01), now)).toBe('expired');
    expect(activationNeed({ state: 'cancelled', trialEndsAt: null, currentPeriodEnd: at(-1) }, now)).toBe('expired');
    expect(trialDaysLeft(trial(-2), now)).toBe(0);
  });
});

function start(
  services: { subscribe?: () => Promise<ActivationSubscription>; load?: () => Promise<ActivationSubscription> } = {},
  dismissedAt: string | null = null,
) {
  const machine = accountActivationMachine.provide({
    actors: {
      subscribe: fromPromise(services.subscribe ?? (async () => active)),
      loadSubscription: fromPromise(services.load ?? (async () => active)),
    },
  });
  return createActor(machine, { input: { dismissedAt } }).start();
}
const flags = (actor: ReturnType<typeof start>) => {
  const c = actor.getSnapshot().context;
  return {
    isAccountExpired: c.isAccountExpired,
    isActivationSuccess: c.isActivationSuccess,
    showAccountActivationModal: c.showAccountActivationModal,
    forceAccountActivationModal: c.forceAccountActivationModal,
  };
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('accountActivationMachine', () => {
  it('shows nothing to a paying account or early in the trial', () => {
    const actor = start();
    actor.send(loaded(trial(12)));
    expect(actor.getSnapshot().value).toBe('clear');
    expect(flags(actor)).toEqual({
      isAccountExpired: false,
      isActivationSuccess: false,
      showAccountActivationModal: false,
      forceAccountActivationModal: false,
    });
  });

  it('reminds near the trial end; "Lembrar depois" keeps it away for a day', () => {
    const actor = start();
    actor.send(loaded(trial(2)));
    expect(flags(actor)).toMatchObject({ showAccountActivationModal: true, forceAccountActivationModal: false });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('clear');
    actor.send(loaded(trial(1.9), at(0.1)));
    expect(actor.getSnapshot().value).toBe('clear');
    actor.send(loaded(trial(0.9), at(1.1)));
    expect(actor.getSnapshot().value).toBe('modal');
  });

  it('forces the modal once expired; leaving it keeps reading open and blocked actions ask to unlock', () => {
    const actor = start();
    actor.send(loaded(expired));
    expect(flags(actor)).toEqual({
      isAccountExpired: true,
      isActivationSuccess: false,
      showAccountActivationModal: true,
      forceAccountActivationModal: true,
    });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('readOnly');
    expect(flags(actor)).toMatchObject({ isAccountExpired: true, showAccountActivationModal: false });
    actor.send({ type: 'feature.blocked', feature: 'Cadastrar cliente' });
    expect(actor.getSnapshot().value).toBe('unlock');
    expect(actor.getSnapshot().context.unlockFeature).toBe('Cadastrar cliente');
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('readOnly');
    actor.send({ type: 'feature.blocked', feature: 'Agendar questionário' });
    actor.send({ type: 'activation.open' });
    expect(flags(actor)).toMatchObject({ showAccountActivationModal: true, forceAccountActivationModal: true });
  });

  it('activates: success, and the account is clear again after closing', async () => {
    const actor = start({ subscribe: async () => active });
    actor.send(loaded(expired));
    actor.send({ type: 'activation.submit', request: { plan: 'monthly' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(actor.getSnapshot().value).toBe('success');
    expect(flags(actor)).toEqual({
      isAccountExpired: false,
      isActivationSuccess: true,
      showAccountActivationModal: true,
      forceAccountActivationModal: false,
    });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('clear');
  });

  it('a refused card goes back to the modal with its code', async () => {
    const actor = start({ subscribe: () => Promise.reject({ code: 'PAYMENT_ATTEMPT_FAILED' }) });
    actor.send(loaded(trial(1)));
    actor.send({ type: 'activation.submit', request: {} });
    await settle();
    expect(actor.getSnapshot().value).toBe('modal');
    expect(actor.getSnapshot().context.errorCode).toBe('PAYMENT_ATTEMPT_FAILED');
  });

  describe('a pending charge', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('is followed until it settles', async () => {
      const answers = [pendingCharge, pendingCharge, active];
      const actor = start({
        subscribe: () => Promise.reject({ code: 'PAYMENT_PENDING' }),
        load: async () => answers.shift()!,
      });
      actor.send(loaded(expired));
      actor.send({ type: 'activation.submit', request: {} });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('pending');
      expect(flags(actor).showAccountActivationModal).toBe(true);
      await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS * 3);
      expect(actor.getSnapshot().value).toBe('success');
      expect(actor.getSnapshot().context.pendingChecks).toBe(3);
    });

    it('ends in the modal when the charge is refused, or still undecided after the last check', async () => {
      const refusedActor = start({
        subscribe: () => Promise.reject({ code: 'PAYMENT_PENDING' }),
        load: async () => refused,
      });
      refusedActor.send(loaded(expired));
      refusedActor.send({ type: 'activation.submit', request: {} });
      await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS + 1);
      expect(refusedActor.getSnapshot().value).toBe('modal');
      expect(refusedActor.getSnapshot().context.errorCode).toBe('PAYMENT_ATTEMPT_FAILED');

      const waiting = start({
        subscribe: () => Promise.reject({ code: 'PAYMENT_PENDING' }),
        load: async () => pendingCharge,
      });
      waiting.send(loaded(expired));
      waiting.send({ type: 'activation.submit', request: {} });
      await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS * (MAX_PENDING_CHECKS + 1));
      expect(waiting.getSnapshot().value).toBe('modal');
      expect(waiting.getSnapshot().context.errorCode).toBe('PAYMENT_PENDING');
      expect(waiting.getSnapshot().context.pendingChecks).toBe(MAX_PENDING_CHECKS);
    });
  });
});

describe('accountActivationMachine — model-based paths', () => {
  // The machine's own graph, walked with every event the screens and the API can produce, gives the shortest
  // path to each reachable state; each path is replayed on a real actor whose services answer as it says.
  type Snapshot = SnapshotFrom<typeof accountActivationMachine>;
  type AnyEvent = AccountActivationEvent | { type: string; output?: unknown; error?: unknown };
  const done = (id: string, output: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string, code: string): AnyEvent => ({ type: `xstate.error.actor.${id}`, error: { code } });
  const AFTER = `xstate.after.${PENDING_CHECK_MS}.accountActivation.pending`;

  function eventsFor(s: Snapshot): AnyEvent[] {
    if (s.matches('submitting'))
      return [
        done('subscribe', active),
        fail('subscribe', 'PAYMENT_PENDING'),
        fail('subscribe', 'PAYMENT_ATTEMPT_FAILED'),
      ];
    if (s.matches('pending')) return [{ type: AFTER }];
    if (s.matches('checking')) return [done('loadSubscription', active), done('loadSubscription', refused)];
    return [
      loaded(trial(12)),
      loaded(trial(2)),
      loaded(expired),
      { type: 'activation.open' },
      { type: 'modal.close' },
      { type: 'feature.blocked', feature: 'Cadastrar cliente' },
      { type: 'activation.submit', request: {} },
    ];
  }

  const paths = getShortestPaths(accountActivationMachine, {
    events: eventsFor as never,
    input: { dismissedAt: null },
    serializeState: (s) => JSON.stringify([s.value, s.context.forced, s.context.isActivationSuccess]),
  });

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of [
      'unknown',
      'clear',
      'modal',
      'readOnly',
      'unlock',
      'submitting',
      'pending',
      'checking',
      'success',
    ])
      expect(reached, state).toContain(JSON.stringify(state));
  });

  for (const path of paths) {
    it(`replays ${path.steps.map((s) => s.event.type.replace(/^xstate\./, '')).join(' → ') || '(start)'}`, async () => {
      vi.useFakeTimers();
      try {
        // What the services answer next (from the path's following step); nothing: they are still working.
        type Answer = ActivationSubscription | { code: string };
        let next: { subscribe?: Answer; load?: ActivationSubscription } = {};
        const hang = () => new Promise<never>(() => {});
        const actor = start({
          subscribe: async () => {
            const answer = next.subscribe;
            if (!answer) return hang();
            if ('code' in answer) throw answer;
            return answer;
          },
          load: async () => next.load ?? hang(),
        });
        for (const [i, step] of path.steps.entries()) {
          const event = step.event as AnyEvent;
          const following = path.steps[i + 1]?.event as AnyEvent | undefined;
          // Service answers come from the path's next step; the UI's events are sent as they are.
          if (event.type.startsWith('xstate.done.actor') || event.type.startsWith('xstate.error.actor')) continue;
          if (event.type === AFTER) {
            next = { load: (following as { output?: ActivationSubscription } | undefined)?.output };
            await vi.advanceTimersByTimeAsync(PENDING_CHECK_MS);
            continue;
          }
          if (following?.type.startsWith('xstate.done.actor.subscribe'))
            next = { subscribe: (following as { output: ActivationSubscription }).output };
          else if (following?.type.startsWith('xstate.error.actor.subscribe'))
            next = { subscribe: (following as { error: { code: string } }).error };
          else next = {};
          actor.send(event as AccountActivationEvent);
          await vi.advanceTimersByTimeAsync(0);
        }
        const real = actor.getSnapshot();
        expect(real.value).toEqual(path.state.value);
        expect(real.context.forced).toBe(path.state.context.forced);
        expect(real.context.showAccountActivationModal).toBe(path.state.context.showAccountActivationModal);
        expect(real.context.forceAccountActivationModal).toBe(path.state.context.forceAccountActivationModal);
        expect(real.context.isAccountExpired).toBe(path.state.context.isAccountExpired);
        actor.stop();
      } finally {
        vi.useRealTimers();
      }
    });
  }
});
