import type { SubscriptionSummary } from './accountActivation.rules';

/** What the API says after a subscription attempt, or while a pending charge is followed. */
export interface ActivationSubscription extends SubscriptionSummary {
  /** A charge is still being decided (the card issuer's analysis): keep following it. */
  chargePending?: boolean;
}

export interface AccountActivationContext {
  subscription: ActivationSubscription | null;
  /** The clock as of the last event that carried it (ISO). */
  now: string;
  /** When the reminder was last dismissed (ISO), to leave her alone for a day. */
  dismissedAt: string | null;
  /** The activation modal cannot be dismissed, only left for read-only use. */
  forced: boolean;
  /** The blocked action that opened the 'unlock' modal (e.g. 'Cadastrar cliente'). */
  unlockFeature: string | null;
  /** The last payment error's application_error_code, shown in the modal. */
  errorCode: string | null;
  /** How many times a pending charge has been checked. */
  pendingChecks: number;
  // The spec's account-activation state.
  isAccountExpired: boolean;
  isActivationSuccess: boolean;
  showAccountActivationModal: boolean;
  forceAccountActivationModal: boolean;
}

export type AccountActivationEvent =
  /** The subscription as read from the API (on sign-in, on focus, after a change), with the clock. */
  | { type: 'subscription.loaded'; subscription: ActivationSubscription; now: string }
  /** "Assinar agora" from the profile, a banner or the unlock modal. */
  | { type: 'activation.open' }
  /** "Lembrar depois" on a reminder, "Só consultar meus registros" on the forced modal, or closing. */
  | { type: 'modal.close' }
  /** An expired account tried something it may not do (a new client, a new schedule, a send…). */
  | { type: 'feature.blocked'; feature: string }
  /** The plan and the card, as the screen collected them (passed to the `subscribe` actor as is). */
  | { type: 'activation.submit'; request: unknown };

export interface AccountActivationInput {
  /** Restores a reminder dismissed in an earlier visit. */
  dismissedAt?: string | null;
}
