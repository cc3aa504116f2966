/**
 * The account activation in the private area: reads the subscription (again on window focus), feeds it to
 * `accountActivationMachine`, renders the reminder / forced / unlock modals, and gives every screen
 * `useActivation()` to guard its write actions.
 *
 * The machine and its modals (`ActivationMachine`, with xstate) load once the subscription is known, after
 * the layout's first paint. Until the machine runs, the account counts as expired by the same rule the machine
 * applies (`activationNeed`), and what a screen asks (an unlock, "Assinar agora") waits for it.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@acompanha/api-client';
import { activationNeed } from '@acompanha/machines';
import { ActivationContext, onAccountExpiredError, type ActivationContextValue } from '../../lib/activation';
import { usePersisted } from '../../app/store';
import { refreshSubscription, signatureOptions } from './queries';
import type { ActivationEvent, ActivationMachineProps } from './ActivationMachine';

const ActivationMachine = lazy(() => import('./ActivationMachine').then((m) => ({ default: m.ActivationMachine })));

type Running = Parameters<ActivationMachineProps['onState']>[0];

export function ActivationProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const signedIn = usePersisted((s) => !!s.session.jwt);
  const { data: signature } = useQuery({ ...signatureOptions(), enabled: signedIn, refetchOnWindowFocus: true });
  const [plan, setPlan] = useState<PlanId>('monthly');
  // "Assinar agora" from a screen opens the form itself; a reminder first says why it appeared.
  const [isFormFirst, setFormFirst] = useState(false);
  const onClosed = useCallback(() => setFormFirst(false), []);
  const [reminderHolds, setReminderHolds] = useState(0);
  const holdReminder = useCallback(() => {
    setReminderHolds((n) => n + 1);
    return () => setReminderHolds((n) => n - 1);
  }, []);

  // The running machine, and what was asked before it ran (sent to it, in order, once it does).
  const [running, setRunning] = useState<Running | null>(null);
  const sendRef = useRef<Running['send'] | null>(null);
  const waiting = useRef<ActivationEvent[]>([]);
  const onState = useCallback((next: Running) => {
    sendRef.current = next.send;
    waiting.current.splice(0).forEach((event) => next.send(event));
    setRunning((was) => (was?.send === next.send && was.isAccountExpired === next.isAccountExpired ? was : next));
  }, []);
  const send = useCallback((event: ActivationEvent) => {
    if (sendRef.current) sendRef.current(event);
    else waiting.current.push(event);
  }, []);

  const isAccountExpired = running
    ? running.isAccountExpired
    : !!signature && activationNeed(signature, new Date()) === 'expired';
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
        setFormFirst(true);
        send({ type: 'activation.open' });
      },
      holdReminder,
    }),
    [isAccountExpired, blocked, send, holdReminder],
  );

  return (
    <ActivationContext.Provider value={value}>
      {children}
      {signature && (
        <Suspense fallback={null}>
          <ActivationMachine
            signature={signature}
            plan={plan}
            onPlanChange={setPlan}
            isFormFirst={isFormFirst}
            isReminderHeld={reminderHolds > 0}
            onClosed={onClosed}
            onState={onState}
          />
        </Suspense>
      )}
    </ActivationContext.Provider>
  );
}
