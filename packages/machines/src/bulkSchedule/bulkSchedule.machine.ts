import { assign, fromPromise, setup } from 'xstate';
import {
  emptyRecurrence,
  isRecurrenceValid,
  type RecurrenceDraft,
  toRecurrence,
  validateRecurrence,
} from './recurrence';
import type {
  BulkScheduleContext,
  BulkScheduleEvent,
  BulkScheduleInput,
  BulkStatus,
  PatientFilter,
  ResolvePatientsInput,
  SubmitBulkInput,
} from './bulkSchedule.types';
import { EMPTY_SELECTION, errorCodeOf, selectedCount } from './selection';

/**
 * A finished process (done or failed) waits to be acknowledged. Acknowledging the result of a
 * process started elsewhere leads on to choosing patients for a new one.
 */
function resultState() {
  return {
    initial: 'result' as const,
    on: { 'bulk.close': { target: '#bulkSchedule.closed' } },
    states: {
      result: { on: { 'bulk.acknowledge': { target: 'acknowledging' } } },
      acknowledging: {
        invoke: {
          id: 'acknowledge',
          src: 'acknowledge' as const,
          input: ({ context }: { context: BulkScheduleContext }) => ({ quizId: context.quizId }),
          onDone: [
            { guard: 'startedHere' as const, target: '#bulkSchedule.acknowledged' },
            { target: '#bulkSchedule.choosing', actions: 'forgetResult' as const },
          ],
          onError: {
            target: 'result',
            actions: {
              type: 'setError' as const,
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
          },
        },
      },
    },
  };
}

/**
 * Scheduling a quiz for many patients: choose patients (one by one, or every patient of a filter)
 * → recurrence → submit → poll the background process (`after` → status actor → `always` guards),
 * with a named `failed` state for a process that failed and `pollFailed` once the status could not
 * be read `maxStatusFailures` times in a row → per-patient errors → acknowledge.
 *
 * Opening it first reads the quiz's status: a process already running is followed, and the result
 * of an earlier one is shown to be acknowledged before a new one starts. Side effects are the
 * `getStatus`, `resolvePatients`, `submit` and `acknowledge` actors the app provides.
 */
export const bulkScheduleMachine = setup({
  types: {
    context: {} as BulkScheduleContext,
    events: {} as BulkScheduleEvent,
    input: {} as BulkScheduleInput,
  },
  actors: {
    getStatus: fromPromise<BulkStatus, { quizId: string }>(async () => {
      throw new Error('getStatus must be provided with machine.provide()');
    }),
    resolvePatients: fromPromise<string[], ResolvePatientsInput>(async () => {
      throw new Error('resolvePatients must be provided with machine.provide()');
    }),
    submit: fromPromise<BulkStatus, SubmitBulkInput>(async () => {
      throw new Error('submit must be provided with machine.provide()');
    }),
    acknowledge: fromPromise<BulkStatus, { quizId: string }>(async () => {
      throw new Error('acknowledge must be provided with machine.provide()');
    }),
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
  },
  guards: {
    hasSelection: ({ context }) => selectedCount(context.selection) > 0,
    isRecurrenceValid: ({ context }) => isRecurrenceValid(context.recurrence, context.today),
    needsResolving: ({ context }) => context.selection.all !== null,
    isProcessing: ({ context }) => context.status?.state === 'processing',
    isFailed: ({ context }) => context.status?.state === 'failed',
    isDone: ({ context }) => context.status?.state === 'done',
    isInProgressError: ({ event }) => errorCodeOf((event as { error?: unknown }).error) === 'BULK_PROCESS_IN_PROGRESS',
    tooManyStatusFailures: ({ context }) => context.statusFailures >= context.maxStatusFailures,
    startedHere: ({ context }) => context.startedHere,
  },
  actions: {
    toggle: assign({
      selection: ({ context }, params: { patientId: string; selected: boolean }) => {
        const { ids, all } = context.selection;
        if (all) {
          const excludedIds = params.selected
            ? all.excludedIds.filter((id) => id !== params.patientId)
            : [...new Set([...all.excludedIds, params.patientId])];
          return { ids, all: { ...all, excludedIds } };
        }
        return {
          ids: params.selected ? [...new Set([...ids, params.patientId])] : ids.filter((id) => id !== params.patientId),
          all: null,
        };
      },
    }),
    setIds: assign({
      selection: (_, params: { patientIds: string[] }) => ({ ids: [...new Set(params.patientIds)], all: null }),
    }),
    selectAll: assign({
      selection: (_, params: { filter: PatientFilter; total: number }) => ({
        ids: [],
        all: { filter: params.filter, total: params.total, excludedIds: [] },
      }),
    }),
    clearSelection: assign({ selection: EMPTY_SELECTION }),
    dropAll: assign({ selection: ({ context }) => (context.selection.all ? EMPTY_SELECTION : context.selection) }),
    changeRecurrence: assign(({ context }, params: { patch: Partial<RecurrenceDraft> }) => {
      const recurrence = { ...context.recurrence, ...params.patch };
      return { recurrence, recurrenceErrors: validateRecurrence(recurrence, context.today), error: null };
    }),
    revealErrors: assign({
      showRecurrenceErrors: true,
      recurrenceErrors: ({ context }) => validateRecurrence(context.recurrence, context.today),
    }),
    useSelectedIds: assign({ patientIds: ({ context }) => context.selection.ids }),
    setStatus: assign({ status: (_, params: { status: BulkStatus }) => params.status, statusFailures: 0 }),
    setError: assign({ error: (_, params: { error: unknown }) => params.error }),
    clearError: assign({ error: null }),
    countStatusFailure: assign({ statusFailures: ({ context }) => context.statusFailures + 1 }),
    resetStatusFailures: assign({ statusFailures: 0, error: null }),
    markStarted: assign({ startedHere: true }),
    forgetResult: assign({ status: null, error: null }),
  },
}).createMachine({
  id: 'bulkSchedule',
  context: ({ input }) => ({
    quizId: input.quizId,
    kind: input.kind ?? 'insert',
    today: input.today,
    pollIntervalMs: input.pollIntervalMs ?? 1000,
    maxStatusFailures: input.maxStatusFailures ?? 5,
    selection: { ids: [...new Set(input.patientIds ?? [])], all: null },
    recurrence: emptyRecurrence(input.today, input.recurrence),
    recurrenceErrors: {},
    showRecurrenceErrors: false,
    patientIds: [],
    status: null,
    statusFailures: 0,
    startedHere: false,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'getStatus',
        src: 'getStatus',
        input: ({ context }) => ({ quizId: context.quizId }),
        onDone: [
          {
            guard: ({ event }) => event.output.state === 'processing',
            target: 'polling',
            actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: ({ event }) => event.output.state === 'done',
            target: 'done',
            actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: ({ event }) => event.output.state === 'failed',
            target: 'failed',
            actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'choosing' },
        ],
        // Not knowing is not blocking: a process still running answers the submit with 409.
        onError: { target: 'choosing' },
      },
    },
    choosing: {
      on: {
        'patients.toggle': {
          actions: {
            type: 'toggle',
            params: ({ event }) => ({ patientId: event.patientId, selected: event.selected }),
          },
        },
        'patients.set': { actions: { type: 'setIds', params: ({ event }) => ({ patientIds: event.patientIds }) } },
        'patients.selectAll': {
          actions: { type: 'selectAll', params: ({ event }) => ({ filter: event.filter, total: event.total }) },
        },
        'patients.clear': { actions: 'clearSelection' },
        'patients.filterChanged': { actions: 'dropAll' },
        'step.next': { guard: 'hasSelection', target: 'recurrence' },
        'bulk.close': { target: 'closed' },
      },
    },
    recurrence: {
      initial: 'editing',
      on: {
        'recurrence.change': { actions: { type: 'changeRecurrence', params: ({ event }) => ({ patch: event.patch }) } },
        'step.back': { target: 'choosing', actions: 'clearError' },
        'bulk.close': { target: 'closed' },
      },
      states: {
        editing: {
          on: {
            'bulk.submit': [
              { guard: 'isRecurrenceValid', target: '#bulkSchedule.sending' },
              { actions: 'revealErrors' },
            ],
          },
        },
        /** The API refused the request as a whole (recurrence, unknown patients…): `error` says why. */
        submitFailed: {
          on: {
            'bulk.submit': [
              { guard: 'isRecurrenceValid', target: '#bulkSchedule.sending' },
              { target: 'editing', actions: 'revealErrors' },
            ],
          },
        },
      },
    },
    sending: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: 'needsResolving', target: 'resolving' },
            { target: 'submitting', actions: 'useSelectedIds' },
          ],
        },
        resolving: {
          invoke: {
            id: 'resolvePatients',
            src: 'resolvePatients',
            input: ({ context }) => ({
              filter: context.selection.all!.filter,
              excludedIds: context.selection.all!.excludedIds,
            }),
            onDone: {
              target: 'submitting',
              actions: assign({ patientIds: ({ event }) => [...new Set(event.output)] }),
            },
            onError: {
              target: '#bulkSchedule.recurrence.submitFailed',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => ({
              quizId: context.quizId,
              kind: context.kind,
              patientIds: context.patientIds,
              recurrence: toRecurrence(context.recurrence),
            }),
            onDone: {
              target: '#bulkSchedule.polling',
              actions: [
                { type: 'setStatus', params: ({ event }) => ({ status: event.output }) },
                'markStarted',
                'clearError',
              ],
            },
            onError: [
              // Another tab (or a colleague) started one first: follow it instead of failing.
              {
                guard: 'isInProgressError',
                target: '#bulkSchedule.polling',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: '#bulkSchedule.recurrence.submitFailed',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    polling: {
      initial: 'checkingStatus',
      on: { 'bulk.close': { target: 'closed' } },
      states: {
        checkingStatus: {
          always: [
            { guard: 'isProcessing', target: 'waiting' },
            { guard: 'isDone', target: '#bulkSchedule.done' },
            { guard: 'isFailed', target: '#bulkSchedule.failed' },
            // No status yet (409 on submit) or 'idle' (not picked up yet): ask again.
            { target: 'waiting' },
          ],
        },
        waiting: {
          after: { pollInterval: 'fetching' },
        },
        fetching: {
          invoke: {
            id: 'getStatus',
            src: 'getStatus',
            input: ({ context }) => ({ quizId: context.quizId }),
            onDone: {
              target: 'checkingStatus',
              actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) },
            },
            onError: {
              target: 'failedRead',
              actions: ['countStatusFailure', { type: 'setError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
        failedRead: {
          always: [{ guard: 'tooManyStatusFailures', target: '#bulkSchedule.pollFailed' }, { target: 'waiting' }],
        },
      },
    },
    /** The status could not be read `maxStatusFailures` times in a row; the process may still be running. */
    pollFailed: {
      on: {
        'bulk.retry': { target: 'polling.fetching', actions: 'resetStatusFailures' },
        'bulk.close': { target: 'closed' },
      },
    },
    /** The process finished; `status.details` lists the patients it could not schedule. */
    done: resultState(),
    /** The process as a whole failed (the server gave up); it is acknowledged like a result. */
    failed: resultState(),
    acknowledged: { type: 'final' },
    closed: { type: 'final' },
  },
});
