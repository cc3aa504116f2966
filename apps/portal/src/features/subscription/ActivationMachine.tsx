/**
 * The account activation's machine (`accountActivationMachine`, xstate) and its modals. Loaded by
 * `ActivationProvider` once the subscription is known (the machine waits for it anyway), so neither
 * xstate nor the card form is on the private layout's first paint.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise, type EventFrom } from 'xstate';
import { useQueryClient } from '@tanstack/react-query';
import { asApiError, subscribe, type ApiError, type PlanId, type SignatureDetail } from '@acompanha/api-client';
import { accountActivationMachine, type ActivationSubscription } from '@acompanha/machines';
import { store } from '../../app/store';
import type { CardFormValues } from './CardForm';
import { CARD_FORM_META, refreshSubscription, signatureOptions } from './queries';
import { useIdempotencyKey } from './useIdempotencyKey';

export type ActivationRequest = CardFormValues & { plan: PlanId };
export type ActivationEvent = EventFrom<typeof accountActivationMachine>;

// The card form and its fields load when a modal first opens.
const ActivationModal = lazy(() => import('./ActivationModal').then((m) => ({ default: m.ActivationModal })));

export interface ActivationMachineProps {
  signature: SignatureDetail;
  plan: PlanId;
  onPlanChange: (plan: PlanId) => void;
  isFormFirst: boolean;
  /** The subscription panel is on screen (`holdReminder`): a dismissible reminder counts as seen. */
  isReminderHeld: boolean;
  /** The modal closed: the next opening starts from the reminder again. */
  onClosed: () => void;
  /** The machine is running: its `send` and whether the account is read-only, whenever that changes. */
  onState: (machine: { send: (event: ActivationEvent) => void; isAccountExpired: boolean }) => void;
}

export function ActivationMachine({
  signature,
  plan,
  onPlanChange,
  isFormFirst,
  isReminderHeld,
  onClosed,
  onState,
}: ActivationMachineProps) {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  const keyRef = useRef(key);
  keyRef.current = key;
  const [lastError, setLastError] = useState<ApiError | null>(null);
  // "Assinar agora" starts without the last attempt's error.
  const [wasFormFirst, setWasFormFirst] = useState(isFormFirst);
  if (isFormFirst !== wasFormFirst) {
    setWasFormFirst(isFormFirst);
    if (isFormFirst) setLastError(null);
  }

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
    send({ type: 'subscription.loaded', subscription: signature, now: new Date().toISOString() });
  }, [signature, send]);

  // Handed to the provider once the machine has read the subscription (until then the provider's own reading
  // of it stands, so the expired banner does not blink).
  const isAccountExpired = state.context.isAccountExpired;
  const isDeciding = state.matches('unknown');
  useEffect(() => {
    if (!isDeciding) onState({ send, isAccountExpired });
  }, [send, isAccountExpired, isDeciding, onState]);

  // A plain reminder (not forced, no error of a payment, not opened by her) while the panel that says the same
  // is on screen: closed as seen (snoozed for a day), never drawn.
  const isHeldReminder =
    isReminderHeld &&
    state.matches('modal') &&
    !state.context.forceAccountActivationModal &&
    state.context.errorCode === null &&
    !isFormFirst;
  useEffect(() => {
    if (isHeldReminder) send({ type: 'modal.close' });
  }, [isHeldReminder, send]);

  const isShown = state.context.showAccountActivationModal && !isHeldReminder;
  useEffect(() => {
    if (!isShown) onClosed();
  }, [isShown, onClosed]);

  // Mounted from the first opening on, so closing plays the modal's exit.
  const isOpen = isShown || state.matches('unlock');
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  if (!wasOpened || isHeldReminder) return null;
  return (
    <Suspense fallback={null}>
      <ActivationModal
        state={state}
        send={send}
        signature={signature}
        plan={plan}
        onPlanChange={onPlanChange}
        lastError={lastError}
        isFormFirst={isFormFirst}
      />
    </Suspense>
  );
}
