import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { asApiError } from '@acompanha/api-client';
import { bulkScheduleMachine, type BulkScheduleMode, selectedCount } from '@acompanha/machines';
import { Button, InlineAlert, Modal, Spinner, Stack, Text } from '@acompanha/ui';
import { clientsCount, defaultStart } from './labels';
import { ChoosePatients } from './BulkChoosePatients';
import { RecurrenceStep } from './BulkRecurrenceStep';
import { notifyBulkContinues, Progress, Result } from './BulkResult';
import { bulkScheduleActors } from './bulkActors';
import { todaySP } from '../../lib/today';
import { refreshAfter } from '../../lib/refresh';

export interface BulkScheduleDialogProps {
  isOpen: boolean;
  onClose: () => void;
  quiz: { id: string; title: string };
  /** @default 'insert' */
  kind?: BulkScheduleMode;
  /** Patients already chosen (e.g. the selection of a list). */
  patientIds?: string[];
  /** Start at the recurrence step with `patientIds` (they were chosen elsewhere). */
  skipPatientStep?: boolean;
  /** Opened to see the last result: closes once it is acknowledged. */
  isResultOnly?: boolean;
  /** Poll interval, shorter in stories. @default 1000 */
  pollIntervalMs?: number;
}

/**
 * Scheduling a quiz for many patients at once, driven by `bulkScheduleMachine`: choose patients
 * (search, filters, select all) → recurrence → the background process with its progress → the
 * patients it could not schedule → "Entendi" acknowledges the result.
 */
export function BulkScheduleDialog(props: BulkScheduleDialogProps) {
  // Mounted only while open: every opening starts a fresh machine (which first reads the status).
  return props.isOpen ? <BulkFlow {...props} /> : null;
}

function BulkFlow({
  onClose,
  quiz,
  kind = 'insert',
  patientIds,
  skipPatientStep,
  isResultOnly,
  pollIntervalMs = 1000,
}: BulkScheduleDialogProps) {
  const queryClient = useQueryClient();
  const today = todaySP().toString();
  const machine = useMemo(() => bulkScheduleMachine.provide({ actors: bulkScheduleActors() }), []);
  const [state, send] = useMachine(machine, {
    input: { quizId: quiz.id, kind, today, patientIds, pollIntervalMs, recurrence: defaultStart() },
  });
  const { context } = state;

  // Patients chosen elsewhere go straight to the recurrence, once the status check lets them.
  const skipped = useRef(false);
  useEffect(() => {
    if (skipPatientStep && !skipped.current && state.matches('choosing')) {
      skipped.current = true;
      send({ type: 'step.next' });
    }
  }, [skipPatientStep, state, send]);

  // New schedules exist once a process ends: every schedule list refreshes.
  const finished = state.matches('done') || state.matches('failed');
  useEffect(() => {
    if (finished) void refreshAfter(queryClient, 'scheduleChanged');
  }, [finished, queryClient]);

  const sawResult = useRef(false);
  if (finished) sawResult.current = true;
  const leaving =
    state.matches('acknowledged') ||
    state.matches('closed') ||
    (!!isResultOnly && sawResult.current && state.matches('choosing'));
  useEffect(() => {
    if (!leaving) return;
    // Lists that show the process (a banner) read it again.
    void refreshAfter(queryClient, 'bulkProcessAcknowledged');
    onClose();
  }, [leaving, onClose, queryClient]);

  const close = () => (state.can({ type: 'bulk.close' }) ? send({ type: 'bulk.close' }) : onClose());
  const title = kind === 'insert' ? `Agendar “${quiz.title}” para vários clientes` : `Reagendar “${quiz.title}”`;
  const count = selectedCount(context.selection);
  const isSending = state.matches('sending');
  let body: ReactNode = null;
  let footer: ReactNode = null;

  if (state.matches('checking')) {
    body = (
      <Stack direction="row" gap={2} align="center">
        <Spinner label="Verificando agendamentos em andamento" />
        <Text as="span">Verificando agendamentos em andamento…</Text>
      </Stack>
    );
  } else if (state.matches('choosing')) {
    body = <ChoosePatients selection={context.selection} send={send} />;
    footer = (
      <>
        <Button variant="secondary" onPress={close}>
          Cancelar
        </Button>
        <Button isDisabled={count === 0} onPress={() => send({ type: 'step.next' })}>
          Continuar
        </Button>
      </>
    );
  } else if (state.matches('recurrence') || isSending) {
    body = (
      <RecurrenceStep
        draft={context.recurrence}
        errors={context.recurrenceErrors}
        showErrors={context.showRecurrenceErrors}
        error={state.matches({ recurrence: 'submitFailed' }) ? context.error : null}
        hasBack={!skipPatientStep}
        today={today}
        isResolving={state.matches({ sending: 'resolving' })}
        sentIds={context.patientIds}
        onChange={(patch) => send({ type: 'recurrence.change', patch })}
      />
    );
    footer = (
      <>
        <Button variant="secondary" onPress={close} isDisabled={isSending}>
          Cancelar
        </Button>
        {skipPatientStep ? null : (
          <Button variant="secondary" onPress={() => send({ type: 'step.back' })} isDisabled={isSending}>
            Voltar
          </Button>
        )}
        <Button onPress={() => send({ type: 'bulk.submit' })} isPending={isSending}>
          {`${kind === 'insert' ? 'Agendar' : 'Reagendar'} para ${clientsCount(count)}`}
        </Button>
      </>
    );
  } else if (state.matches('polling')) {
    body = (
      <Progress
        status={context.status}
        joined={asApiError(context.error).code === 'BULK_PROCESS_IN_PROGRESS' && !context.startedHere}
      />
    );
    footer = (
      <Button
        variant="secondary"
        onPress={() => {
          notifyBulkContinues();
          send({ type: 'bulk.close' });
        }}
      >
        Continuar em segundo plano
      </Button>
    );
  } else if (state.matches('pollFailed')) {
    body = (
      <InlineAlert tone="danger" title="Não conseguimos consultar o andamento">
        O agendamento pode continuar em segundo plano. Verifique sua conexão e tente de novo.
      </InlineAlert>
    );
    footer = <Button onPress={() => send({ type: 'bulk.retry' })}>Tentar novamente</Button>;
  } else if (finished) {
    body = (
      <Result
        status={context.status!}
        isFailed={state.matches('failed')}
        isEarlier={!context.startedHere}
        error={context.error}
      />
    );
    footer = (
      <>
        <Button variant="secondary" onPress={close}>
          Ver depois
        </Button>
        <Button
          onPress={() => send({ type: 'bulk.acknowledge' })}
          isPending={state.matches({ done: 'acknowledging' }) || state.matches({ failed: 'acknowledging' })}
        >
          Entendi
        </Button>
      </>
    );
  }

  return (
    <Modal isOpen onOpenChange={(open) => !open && close()} title={title} size="lg" footer={footer}>
      {body}
    </Modal>
  );
}
