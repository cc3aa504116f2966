/**
 * The account activation in the private area: reads the subscription (again on window focus), feeds it to
 * `accountActivationMachine`, renders the reminder / forced / unlock modals, and gives every screen
 * `useActivation()` to guard its write actions.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { asApiError, subscribe, type ApiError, type PlanId } from '@acompanha/api-client';
import { accountActivationMachine, type ActivationSubscription } from '@acompanha/machines';
import { ActivationContext, onAccountExpiredError, type ActivationContextValue } from '../../lib/activation';
import { store, usePersisted } from '../../app/store';
import { ActivationModal } from './ActivationModal';
import type { CardFormValues } from './CardForm';
import { CARD_FORM_META, refreshSubscription, signatureOptions } from './queries';
import { useIdempotencyKey } from './useIdempotencyKey';

export type ActivationRequest = CardFormValues & { plan: PlanId };

export function ActivationProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const signedIn = usePersisted((s) => !!s.session.jwt);
  const { data: signature } = useQuery({ ...signatureOptions(), enabled: signedIn, refetchOnWindowFocus: true });
  const key = useIdempotencyKey();
  const keyRef = useRef(key);
  keyRef.current = key;
  const [lastError, setLastError] = useState<ApiError | null>(null);
  const [plan, setPlan] = useState<PlanId>('monthly');
  // "Assinar agora" from a screen opens the form itself; a reminder first says why it appeared.
  const [isFormFirst, setFormFirst] = useState(false);

  const machine = useMemo(
    () =>
      accountActivationMachine.provide({
        actors: {
          subscribe: fromPromise<ActivationSubscription, { request: unknown }>(async ({ input }) => {
            setLastError(null);
            try {
              const { data } = await subscribe({
                body: input.request as ActivationRequest,
                headers: { 'idempotency-key': keyRef.current.current() },
                meta: CARD_FORM_META,
                throwOnError: true,
              });
              keyRef.current.settle();
              await refreshSubscription(queryClient);
              return data;
            } catch (raw) {
              keyRef.current.settle(raw);
              const error = asApiError(raw);
              if (error.code !== 'PAYMENT_PENDING') setLastError(error);
              throw error;
            }
          }),
          loadSubscription: fromPromise<ActivationSubscription, void>(async () => {
            const data = await queryClient.fetchQuery({ ...signatureOptions(), staleTime: 0 });
            if (!data.chargePending) await refreshSubscription(queryClient);
            return data;
          }),
        },
      }),
    [queryClient],
  );
  const [state, send] = useMachine(machine, {
    input: { dismissedAt: store.getState().activationDismissedAt },
  });

  // "Lembrar depois" survives a reload: the machine's snooze is kept in the persisted state.
  const dismissedAt = state.context.dismissedAt;
  useEffect(() => {
    if (dismissedAt !== store.getState().activationDismissedAt) store.setActivationDismissedAt(dismissedAt);
  }, [dismissedAt]);

  // Only a changed subscription is news (structural sharing keeps an unchanged answer's reference).
  useEffect(() => {
    if (signature) send({ type: 'subscription.loaded', subscription: signature, now: new Date().toISOString() });
  }, [signature, send]);

  const isShown = state.context.showAccountActivationModal;
  useEffect(() => {
    if (!isShown) setFormFirst(false);
  }, [isShown]);

  const isAccountExpired = state.context.isAccountExpired;
  const blocked = useCallback(
    (feature: string) => {
      if (!isAccountExpired) return false;
      send({ type: 'feature.blocked', feature });
      return true;
    },
    [isAccountExpired, send],
  );
  // The API refused a write with ACCOUNT_EXPIRED: already read-only, the unlock modal names no action; else
  // the subscription changed since it was read (the trial ended a minute ago): read it again, which forces
  // the activation modal.
  const expiredRef = useRef(isAccountExpired);
  expiredRef.current = isAccountExpired;
  useEffect(
    () =>
      onAccountExpiredError(() => {
        if (expiredRef.current) send({ type: 'feature.blocked', feature: 'Esta ação' });
        else void refreshSubscription(queryClient);
      }),
    [send, queryClient],
  );

  const value = useMemo<ActivationContextValue>(
    () => ({
      isAccountExpired,
      blocked,
      openActivation: (chosen?: PlanId) => {
        if (chosen) setPlan(chosen);
        setLastError(null);
        setFormFirst(true);
        send({ type: 'activation.open' });
      },
    }),
    [isAccountExpired, blocked, send],
  );

  return (
    <ActivationContext.Provider value={value}>
      {children}
      <ActivationModal
        state={state}
        send={send}
        signature={signature ?? null}
        plan={plan}
        onPlanChange={setPlan}
        lastError={lastError}
        isFormFirst={isFormFirst}
      />
    </ActivationContext.Provider>
  );
}
