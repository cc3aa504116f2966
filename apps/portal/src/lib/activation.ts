/**
 * What any screen needs to know of the account's activation (its paid subscription): whether it is
 * expired (read-only), and a guard for write actions. The provider sits in the private layout
 * (`features/subscription/ActivationProvider`); outside it nothing is blocked.
 */
import { createContext, useContext } from 'react';

export interface ActivationContextValue {
  /** Nothing paid covers today: reading, printing and exporting stay open; new sends, clients, schedules do not. */
  isAccountExpired: boolean;
  /**
   * Call before a write action: on an expired account it opens the unlock modal naming `feature`
   * ("Cadastrar cliente") and returns true, so the screen does not send the request.
   */
  blocked: (feature: string) => boolean;
  /** Opens the activation modal ("Assinar agora"), with `plan` chosen when given. */
  openActivation: (plan?: 'monthly' | 'yearly') => void;
  /**
   * The subscription panel is on screen: it says what the dismissible reminder would ("Pagamento em atraso",
   * the days left), so the reminder counts as seen instead of opening over the panel (and over a card form
   * she may be filling). Returns the release. A forced modal is never held.
   */
  holdReminder: () => () => void;
}

export const ActivationContext = createContext<ActivationContextValue>({
  isAccountExpired: false,
  blocked: () => false,
  openActivation: () => undefined,
  holdReminder: () => () => undefined,
});

export const useActivation = () => useContext(ActivationContext);

const expiredListeners = new Set<() => void>();

/** The provider listens for calls the API refused with ACCOUNT_EXPIRED (returns the unsubscribe). */
export function onAccountExpiredError(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/**
 * A call was refused with ACCOUNT_EXPIRED (the account expired since the screen last knew): the provider
 * shows the unlock or forced modal. False when nothing listens (then the caller shows the toast).
 */
export function reportAccountExpiredError(): boolean {
  expiredListeners.forEach((listener) => listener());
  return expiredListeners.size > 0;
}
