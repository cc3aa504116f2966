import { assign, fromPromise, setup } from 'xstate';
import { activationNeed, reminderSnoozed } from './accountActivation.rules';
import type {
  AccountActivationContext,
  AccountActivationEvent,
  AccountActivationInput,
  ActivationSubscription,
} from './accountActivation.types';

/** A pending charge is checked every few seconds, for about two minutes, before giving up on waiting. */
export const PENDING_CHECK_MS = 3000;
export const MAX_PENDING_CHECKS = 40;

type Flags = Pick<
  AccountActivationContext,
  'isAccountExpired' | 'isActivationSuccess' | 'showAccountActivationModal' | 'forceAccountActivationModal'
>;

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'PAYMENT_ATTEMPT_FAILED';

const expiredNow = (c: AccountActivationContext) =>
  c.subscription !== null && activationNeed(c.subscription, new Date(c.now)) === 'expired';

/**
 * The professional's account activation (her paid subscription), as the portal's modals see it:
 *
 * - `clear`: nothing to ask; `reminding`: the trial or the paid period ends within three days, or a renewal
 *   failed — the activation modal, dismissible for a day ("Lembrar depois");
 * - `expired`: nothing paid covers today — the modal is **forced** (no "later"); leaving it ("Só consultar
 *   meus registros") goes to `readOnly`, where the page blocker covers what she may not use and a blocked
 *   action opens the `unlock` modal. Reading, printing and exporting stay open (her duty to keep records);
 * - paying: `submitting` (the `subscribe` actor) → `success`, or `pending` while the issuer decides
 *   (PAYMENT_PENDING: the charge is followed with `loadSubscription` until it settles), or back to the modal
 *   with the error's code.
 *
 * The context carries the spec's flags (`isAccountExpired`, `isActivationSuccess`,
 * `showAccountActivationModal`, `forceAccountActivationModal`), set on entering each state.
 */
export const accountActivationMachine = setup({
  types: {
    context: {} as AccountActivationContext,
    events: {} as AccountActivationEvent,
    input: {} as AccountActivationInput,
  },
  actors: {
    subscribe: fromPromise<ActivationSubscription, { request: unknown }>(async () => {
      throw new Error('subscribe must be provided with machine.provide()');
    }),
    loadSubscription: fromPromise<ActivationSubscription, void>(async () => {
      throw new Error('loadSubscription must be provided with machine.provide()');
    }),
  },
  guards: {
    isExpired: ({ context }) => expiredNow(context),
    needsReminder: ({ context }) =>
      context.subscription !== null &&
      activationNeed(context.subscription, new Date(context.now)) === 'soon' &&
      !reminderSnoozed(context.dismissedAt, new Date(context.now)),
    isForced: ({ context }) => context.forced,
    isPendingError: (_, params: { error: unknown }) => codeOf(params.error) === 'PAYMENT_PENDING',
    isActive: (_, params: { subscription: ActivationSubscription }) => params.subscription.state === 'active',
    stillPending: ({ context }, params: { subscription: ActivationSubscription }) =>
      !!params.subscription.chargePending && context.pendingChecks < MAX_PENDING_CHECKS,
  },
  actions: {
    flags: assign((_, params: Flags) => params),
    store: assign(({ event }) =>
      event.type === 'subscription.loaded' ? { subscription: event.subscription, now: event.now } : {},
    ),
    snooze: assign(({ context }) => ({ dismissedAt: context.now })),
    setSubscription: assign((_, params: { subscription: ActivationSubscription }) => ({
      subscription: params.subscription,
    })),
    setError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
  },
}).createMachine({
  id: 'accountActivation',
  initial: 'unknown',
  context: ({ input }) => ({
    subscription: null,
    now: new Date(0).toISOString(),
    dismissedAt: input.dismissedAt ?? null,
    forced: false,
    unlockFeature: null,
    errorCode: null,
    pendingChecks: 0,
    isAccountExpired: false,
    isActivationSuccess: false,
    showAccountActivationModal: false,
    forceAccountActivationModal: false,
  }),
  // A fresher subscription re-decides everything, except while a payment is in flight (that path decides).
  on: { 'subscription.loaded': { target: '.evaluate', actions: 'store' } },
  states: {
    unknown: {},
    evaluate: {
      always: [
        { guard: 'isExpired', target: 'modal', actions: assign({ forced: true }) },
        { guard: 'needsReminder', target: 'modal', actions: assign({ forced: false }) },
        { target: 'clear' },
      ],
    },
    clear: {
      entry: [
        assign({ forced: false, unlockFeature: null }),
        {
          type: 'flags',
          params: {
            isAccountExpired: false,
            isActivationSuccess: false,
            showAccountActivationModal: false,
            forceAccountActivationModal: false,
          },
        },
      ],
      on: { 'activation.open': { target: 'modal', actions: assign({ forced: false, errorCode: null }) } },
    },
    modal: {
      entry: assign(({ context }) => ({
        isAccountExpired: context.forced,
        isActivationSuccess: false,
        showAccountActivationModal: true,
        forceAccountActivationModal: context.forced,
        unlockFeature: null,
      })),
      on: {
        'modal.close': [
          { guard: 'isForced', target: 'readOnly' },
          { target: 'clear', actions: 'snooze' },
        ],
        'activation.submit': { target: 'submitting', actions: assign({ errorCode: null }) },
      },
    },
    readOnly: {
      entry: {
        type: 'flags',
        params: {
          isAccountExpired: true,
          isActivationSuccess: false,
          showAccountActivationModal: false,
          forceAccountActivationModal: false,
        },
      },
      on: {
        'feature.blocked': { target: 'unlock', actions: assign(({ event }) => ({ unlockFeature: event.feature })) },
        'activation.open': { target: 'modal', actions: assign({ errorCode: null }) },
      },
    },
    unlock: {
      on: {
        'modal.close': { target: 'readOnly', actions: assign({ unlockFeature: null }) },
        'activation.open': { target: 'modal', actions: assign({ errorCode: null }) },
        'feature.blocked': { actions: assign(({ event }) => ({ unlockFeature: event.feature })) },
      },
    },
    submitting: {
      on: { 'subscription.loaded': { actions: 'store' } },
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ event }) => ({ request: event.type === 'activation.submit' ? event.request : null }),
        onDone: {
          target: 'success',
          actions: { type: 'setSubscription', params: ({ event }) => ({ subscription: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isPendingError', params: ({ event }) => ({ error: event.error }) },
            target: 'pending',
            actions: assign({ pendingChecks: 0 }),
          },
          { target: 'modal', actions: { type: 'setError', params: ({ event }) => ({ code: codeOf(event.error) }) } },
        ],
      },
    },
    pending: {
      on: { 'subscription.loaded': { actions: 'store' } },
      after: { [PENDING_CHECK_MS]: 'checking' },
    },
    checking: {
      on: { 'subscription.loaded': { actions: 'store' } },
      entry: assign(({ context }) => ({ pendingChecks: context.pendingChecks + 1 })),
      invoke: {
        id: 'loadSubscription',
        src: 'loadSubscription',
        onDone: [
          {
            guard: { type: 'isActive', params: ({ event }) => ({ subscription: event.output }) },
            target: 'success',
            actions: { type: 'setSubscription', params: ({ event }) => ({ subscription: event.output }) },
          },
          {
            guard: { type: 'stillPending', params: ({ event }) => ({ subscription: event.output }) },
            target: 'pending',
          },
          {
            target: 'modal',
            actions: [
              { type: 'setSubscription', params: ({ event }) => ({ subscription: event.output }) },
              {
                type: 'setError',
                params: ({ event }) => ({
                  code: event.output.chargePending ? 'PAYMENT_PENDING' : 'PAYMENT_ATTEMPT_FAILED',
                }),
              },
            ],
          },
        ],
        // The check itself failed (network): try again after the same pause.
        onError: 'pending',
      },
    },
    success: {
      on: { 'subscription.loaded': { actions: 'store' }, 'modal.close': 'evaluate' },
      entry: assign({
        forced: false,
        isAccountExpired: false,
        isActivationSuccess: true,
        showAccountActivationModal: true,
        forceAccountActivationModal: false,
      }),
    },
  },
});
