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
}

export const ActivationContext = createContext<ActivationContextValue>({
  isAccountExpired: false,
  blocked: () => false,
  openActivation: () => undefined,
});

export const useActivation = () => useContext(ActivationContext);
