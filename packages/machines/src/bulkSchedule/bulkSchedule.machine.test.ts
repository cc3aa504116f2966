import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  bulkScheduleMachine,
  isPatientSelected,
  progressPercent,
  selectedCount,
  succeededCount,
  type BulkScheduleEvent,
  type BulkScheduleInput,
  type BulkStatus,
  type BulkStatusDetail,
  type ResolvePatientsInput,
  type SubmitBulkInput,
} from './index';

const TODAY = '2026-12-01';
const QUIZ = 'quiz-1';
const POLL = 1000;

const status = (
  state: BulkStatus['state'],
  processed = 0,
  details: BulkStatusDetail[] = [],
  total = 3,
): BulkStatus => ({
  quizId: QUIZ,
  kind: state === 'idle' ? null : 'insert',
  state,
  total: state === 'idle' ? 0 : total,
  processed,
  details,
  startedAt: state === 'idle' ? null : '2026-12-01T12:00:00.000Z',
  finishedAt: state === 'done' || state === 'failed' ? '2026-12-01T12:00:05.000Z' : null,
});
const noService: BulkStatusDetail = {
  patientId: 'p2',
  patientName: 'Carlos Pereira',
  application_error_code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
  message: 'Sem serviço ativo.',
};
/** What the API client throws: an error with a code (and details). */
const apiError = (code: string, details?: unknown) => Object.assign(new Error(code), { code, details });

type Src = 'getStatus' | 'resolvePatients' | 'submit' | 'acknowledge';
interface Call {
  src: Src;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A started actor whose side effects wait for the test to answer them. */
function harness(input: Partial<BulkScheduleInput> = {}) {
  const calls: Call[] = [];
  const fake = <O, I>(src: Src) =>
    fromPromise<O, I>(
      ({ input: callInput }) =>
        new Promise<O>((resolve, reject) =>
          calls.push({ src, input: callInput, resolve: resolve as Call['resolve'], reject }),
        ),
    );
  const machine = bulkScheduleMachine.provide({
    actors: {
      getStatus: fake<BulkStatus, { quizId: string }>('getStatus'),
      resolvePatients: fake<string[], ResolvePatientsInput>('resolvePatients'),
      submit: fake<BulkStatus, SubmitBulkInput>('submit'),
      acknowledge: fake<BulkStatus, { quizId: string }>('acknowledge'),
    },
  });
  const actor = createActor(machine, { input: { quizId: QUIZ, today: TODAY, pollIntervalMs: POLL, ...input } }).start();
  const flush = () => vi.advanceTimersByTimeAsync(0);
  /** The newest call of `src` that the test has not answered yet. */
  const take = (src: Src) => {
    const i = calls.map((c) => c.src).lastIndexOf(src);
    expect(i, `a pending ${src} call`).toBeGreaterThanOrEqual(0);
    return calls.splice(i, 1)[0]!;
  };
  return {
    actor,
    calls,
    take,
    async answer(src: Src, value: unknown) {
      take(src).resolve(value);
      await flush();
    },
    async fail(src: Src, error: unknown) {
      take(src).reject(error);
      await flush();
    },
    async tick() {
      await vi.advanceTimersByTimeAsync(POLL);
      await flush();
    },
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Opens the dialog on a quiz without a process: straight to choosing patients. */
async function opened(input: Partial<BulkScheduleInput> = {}) {
  const h = harness(input);
  expect(h.value()).toBe('checking');
  await h.answer('getStatus', status('idle'));
  expect(h.value()).toBe('choosing');
  return h;
}

describe('bulkScheduleMachine — choosing patients', () => {
  it('picks patients one by one, and goes on only with someone picked', async () => {
    const h = await opened();
    h.actor.send({ type: 'step.next' });
    expect(h.value()).toBe('choosing');
    h.actor.send({ type: 'patients.toggle', patientId: 'p1', selected: true });
    h.actor.send({ type: 'patients.toggle', patientId: 'p2', selected: true });
    h.actor.send({ type: 'patients.toggle', patientId: 'p1', selected: true });
    h.actor.send({ type: 'patients.toggle', patientId: 'p2', selected: false });
    expect(h.context().selection).toEqual({ ids: ['p1'], all: null });
    h.actor.send({ type: 'step.next' });
    expect(h.value()).toEqual({ recurrence: 'editing' });
    h.actor.send({ type: 'step.back' });
    expect(h.value()).toBe('choosing');
    expect(selectedCount(h.context().selection)).toBe(1);
  });

  it('selects every patient of a filter but the ones unticked, and forgets it when the filter changes', async () => {
    const h = await opened({ patientIds: ['p9'] });
    h.actor.send({ type: 'patients.selectAll', filter: { status: 'active' }, total: 1200 });
    h.actor.send({ type: 'patients.toggle', patientId: 'p3', selected: false });
    const { selection } = h.context();
    expect(selectedCount(selection)).toBe(1199);
    expect(isPatientSelected(selection, 'p3')).toBe(false);
    expect(isPatientSelected(selection, 'p4')).toBe(true);
    h.actor.send({ type: 'patients.toggle', patientId: 'p3', selected: true });
    expect(selectedCount(h.context().selection)).toBe(1200);
    h.actor.send({ type: 'patients.filterChanged' });
    expect(h.context().selection).toEqual({ ids: [], all: null });
  });

  it('keeps patients picked one by one when the search changes', async () => {
    const h = await opened();
    h.actor.send({ type: 'patients.set', patientIds: ['p1', 'p2', 'p1'] });
    h.actor.send({ type: 'patients.filterChanged' });
    expect(h.context().selection.ids).toEqual(['p1', 'p2']);
    h.actor.send({ type: 'patients.clear' });
    expect(selectedCount(h.context().selection)).toBe(0);
  });

  it('closes without sending anything', async () => {
    const h = await opened();
    h.actor.send({ type: 'bulk.close' });
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.value()).toBe('closed');
    expect(h.calls).toEqual([]);
  });
});

describe('bulkScheduleMachine — recurrence and sending', () => {
  it('refuses an invalid form without calling the API, and says which fields', async () => {
    const h = await opened({ patientIds: ['p1'] });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'recurrence.change', patch: { periodicity: 'weekly', startDate: '2026-11-20' } });
    h.actor.send({ type: 'bulk.submit' });
    expect(h.value()).toEqual({ recurrence: 'editing' });
    expect(h.context().showRecurrenceErrors).toBe(true);
    expect(h.context().recurrenceErrors).toEqual({ startDate: 'past', weekdays: 'required' });
    expect(h.calls).toEqual([]);
    h.actor.send({ type: 'recurrence.change', patch: { startDate: TODAY, weekdays: [1, 3] } });
    expect(h.context().recurrenceErrors).toEqual({});
  });

  it('sends the picked patients with the recurrence, follows the process to the end and acknowledges it', async () => {
    const h = await opened({ patientIds: ['p1', 'p2', 'p3'] });
    h.actor.send({ type: 'step.next' });
    h.actor.send({
      type: 'recurrence.change',
      patch: { periodicity: 'days', intervalDays: 3, hour: 19, channel: 'email' },
    });
    h.actor.send({ type: 'bulk.submit' });
    expect(h.value()).toEqual({ sending: 'submitting' });
    const submit = h.take('submit');
    expect(submit.input).toEqual({
      quizId: QUIZ,
      kind: 'insert',
      patientIds: ['p1', 'p2', 'p3'],
      recurrence: { startDate: TODAY, hour: 19, periodicity: 'days', intervalDays: 3, channel: 'email' },
    });
    submit.resolve(status('processing', 0));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.value()).toEqual({ polling: 'waiting' });
    expect(h.context().startedHere).toBe(true);

    await h.tick();
    expect(h.value()).toEqual({ polling: 'fetching' });
    await h.answer('getStatus', status('processing', 2));
    expect(h.value()).toEqual({ polling: 'waiting' });
    expect(progressPercent(h.context().status)).toBe(67);

    await h.tick();
    await h.answer('getStatus', status('done', 3, [noService]));
    expect(h.value()).toEqual({ done: 'result' });
    expect(succeededCount(h.context().status)).toBe(2);
    expect(h.context().status?.details).toEqual([noService]);

    h.actor.send({ type: 'bulk.acknowledge' });
    expect(h.value()).toEqual({ done: 'acknowledging' });
    const ack = h.take('acknowledge');
    expect(ack.input).toEqual({ quizId: QUIZ });
    ack.resolve(status('idle'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.value()).toBe('acknowledged');
  });

  it('ends in `acknowledged` once the API clears the result', async () => {
    const h = await opened({ patientIds: ['p1'] });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    await h.answer('submit', status('done', 1, [], 1));
    expect(h.value()).toEqual({ done: 'result' });
    h.actor.send({ type: 'bulk.acknowledge' });
    await h.fail('acknowledge', apiError('BULK_PROCESS_IN_PROGRESS'));
    expect(h.value()).toEqual({ done: 'result' });
    expect(h.context().error).toMatchObject({ code: 'BULK_PROCESS_IN_PROGRESS' });
    h.actor.send({ type: 'bulk.acknowledge' });
    await h.answer('acknowledge', status('idle'));
    expect(h.value()).toBe('acknowledged');
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('resolves "select all" to ids only when sending, without the unticked ones', async () => {
    const h = await opened();
    h.actor.send({ type: 'patients.selectAll', filter: { nameTerm: 'ana' }, total: 3 });
    h.actor.send({ type: 'patients.toggle', patientId: 'p2', selected: false });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    expect(h.value()).toEqual({ sending: 'resolving' });
    const resolve = h.take('resolvePatients');
    expect(resolve.input).toEqual({ filter: { nameTerm: 'ana' }, excludedIds: ['p2'] });
    resolve.resolve(['p1', 'p3']);
    await vi.advanceTimersByTimeAsync(0);
    expect((h.take('submit').input as { patientIds: string[] }).patientIds).toEqual(['p1', 'p3']);
  });

  it('sends each resolved id once, and keeps the form when resolving fails', async () => {
    const h = await opened();
    h.actor.send({ type: 'patients.selectAll', filter: {}, total: 2 });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    await h.fail('resolvePatients', apiError('NETWORK_ERROR'));
    expect(h.value()).toEqual({ recurrence: 'submitFailed' });
    h.actor.send({ type: 'bulk.submit' });
    await h.answer('resolvePatients', ['p1', 'p3', 'p1']);
    expect(h.value()).toEqual({ sending: 'submitting' });
    expect((h.take('submit').input as { patientIds: string[] }).patientIds).toEqual(['p1', 'p3']);
  });

  it('keeps the form when the API refuses the request, with the per-patient details to show', async () => {
    const h = await opened({ patientIds: ['p1', 'gone'] });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    const refused = apiError('WRONG_COMMAND_PARAMETERS', [
      { path: ['patientIds', 1], message: 'Paciente não encontrado.' },
    ]);
    await h.fail('submit', refused);
    expect(h.value()).toEqual({ recurrence: 'submitFailed' });
    expect(h.context().error).toBe(refused);
    expect(h.context().recurrence.startDate).toBe(TODAY);
    // Back to the patients to untick the one that is gone, then send again.
    h.actor.send({ type: 'step.back' });
    expect(h.context().error).toBeNull();
    h.actor.send({ type: 'patients.toggle', patientId: 'gone', selected: false });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    expect((h.take('submit').input as { patientIds: string[] }).patientIds).toEqual(['p1']);
  });

  it('follows a process someone else started when the API answers BULK_PROCESS_IN_PROGRESS', async () => {
    const h = await opened({ patientIds: ['p1'] });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'bulk.submit' });
    await h.fail('submit', apiError('BULK_PROCESS_IN_PROGRESS'));
    expect(h.value()).toEqual({ polling: 'waiting' });
    expect(h.context().startedHere).toBe(false);
    await h.tick();
    await h.answer('getStatus', status('done', 3));
    expect(h.value()).toEqual({ done: 'result' });
    h.actor.send({ type: 'bulk.acknowledge' });
    await h.answer('acknowledge', status('idle'));
    // Their result acknowledged, the professional goes on with their own.
    expect(h.value()).toBe('choosing');
    expect(h.context().status).toBeNull();
    expect(h.context().selection.ids).toEqual(['p1']);
  });
});

describe('bulkScheduleMachine — polling', () => {
  async function polling(maxStatusFailures = 3) {
    const h = harness({ maxStatusFailures });
    await h.answer('getStatus', status('processing', 1));
    expect(h.value()).toEqual({ polling: 'waiting' });
    return h;
  }

  it('follows a process already running when opened', async () => {
    const h = await polling();
    expect(h.context().status?.processed).toBe(1);
    await h.tick();
    await h.answer('getStatus', status('processing', 2));
    await h.tick();
    await h.answer('getStatus', status('done', 3));
    expect(h.value()).toEqual({ done: 'result' });
  });

  it('tolerates a few failed status reads, then gives up in `pollFailed` until retried', async () => {
    const h = await polling(3);
    await h.tick();
    await h.fail('getStatus', apiError('NETWORK_ERROR'));
    expect(h.value()).toEqual({ polling: 'waiting' });
    await h.tick();
    await h.answer('getStatus', status('processing', 2));
    expect(h.context().statusFailures).toBe(0);
    for (let i = 0; i < 3; i++) {
      await h.tick();
      await h.fail('getStatus', apiError('NETWORK_ERROR'));
    }
    expect(h.value()).toBe('pollFailed');
    await vi.advanceTimersByTimeAsync(POLL * 5);
    expect(h.calls).toEqual([]);
    h.actor.send({ type: 'bulk.retry' });
    expect(h.value()).toEqual({ polling: 'fetching' });
    await h.answer('getStatus', status('done', 3));
    expect(h.value()).toEqual({ done: 'result' });
  });

  it('lands in `failed` when the process fails, which is acknowledged too', async () => {
    const h = await polling();
    await h.tick();
    await h.answer('getStatus', status('failed', 1));
    expect(h.value()).toEqual({ failed: 'result' });
    h.actor.send({ type: 'bulk.acknowledge' });
    await h.answer('acknowledge', status('idle'));
    expect(h.value()).toBe('choosing');
  });

  it('stops asking when closed; the process goes on in the background', async () => {
    const h = await polling();
    h.actor.send({ type: 'bulk.close' });
    expect(h.value()).toBe('closed');
    await vi.advanceTimersByTimeAsync(POLL * 3);
    expect(h.calls).toEqual([]);
  });

  it('shows the unacknowledged result of an earlier process first', async () => {
    const h = harness();
    await h.answer('getStatus', status('done', 3, [noService]));
    expect(h.value()).toEqual({ done: 'result' });
    expect(h.context().startedHere).toBe(false);
  });

  it('opens on choosing when the status cannot be read', async () => {
    const h = harness();
    await h.fail('getStatus', apiError('NETWORK_ERROR'));
    expect(h.value()).toBe('choosing');
  });
});

describe('bulkScheduleMachine — model-based paths', () => {
  // The machine's own graph, walked with every event the UI and the services can produce, gives the
  // shortest path to each reachable state; each path is replayed on a real actor whose services
  // answer as the path says (resolve/reject) and whose poll timer really runs.
  type Snapshot = SnapshotFrom<typeof bulkScheduleMachine>;
  type AnyEvent = BulkScheduleEvent | { type: string; output?: unknown; error?: unknown };
  const done = (id: string, output: unknown): AnyEvent => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string, code: string): AnyEvent => ({ type: `xstate.error.actor.${id}`, error: { code } });
  const AFTER = 'xstate.after.pollInterval.bulkSchedule.polling.waiting';

  function eventsFor(s: Snapshot): AnyEvent[] {
    if (s.matches('checking'))
      return [
        done('getStatus', status('idle')),
        done('getStatus', status('processing', 1)),
        done('getStatus', status('done', 3, [noService])),
        fail('getStatus', 'NETWORK_ERROR'),
      ];
    if (s.matches('choosing'))
      return [
        { type: 'patients.toggle', patientId: 'p1', selected: true },
        { type: 'patients.toggle', patientId: 'p1', selected: false },
        { type: 'patients.selectAll', filter: { status: 'active' }, total: 2 },
        { type: 'patients.filterChanged' },
        { type: 'step.next' },
        { type: 'bulk.close' },
      ];
    if (s.matches('recurrence'))
      return [
        { type: 'recurrence.change', patch: { hour: 24 } },
        { type: 'recurrence.change', patch: { hour: 9 } },
        { type: 'bulk.submit' },
        { type: 'step.back' },
      ];
    if (s.matches({ sending: 'resolving' }))
      return [done('resolvePatients', ['p1', 'p2']), fail('resolvePatients', 'NETWORK_ERROR')];
    if (s.matches({ sending: 'submitting' }))
      return [
        done('submit', status('processing', 0)),
        fail('submit', 'BULK_PROCESS_IN_PROGRESS'),
        fail('submit', 'WRONG_START_DATE'),
      ];
    if (s.matches({ polling: 'waiting' })) return [{ type: AFTER }, { type: 'bulk.close' }];
    if (s.matches({ polling: 'fetching' }))
      return [
        done('getStatus', status('processing', 2)),
        done('getStatus', status('done', 3)),
        done('getStatus', status('failed', 1)),
        fail('getStatus', 'NETWORK_ERROR'),
      ];
    if (s.matches('pollFailed')) return [{ type: 'bulk.retry' }, { type: 'bulk.close' }];
    if (s.matches({ done: 'result' }) || s.matches({ failed: 'result' }))
      return [{ type: 'bulk.acknowledge' }, { type: 'bulk.close' }];
    if (s.matches({ done: 'acknowledging' }) || s.matches({ failed: 'acknowledging' }))
      return [done('acknowledge', status('idle')), fail('acknowledge', 'NETWORK_ERROR')];
    return [];
  }

  const input = { quizId: QUIZ, today: TODAY, pollIntervalMs: POLL, maxStatusFailures: 2 };
  const paths = getShortestPaths(bulkScheduleMachine, {
    input,
    events: eventsFor as (s: Snapshot) => BulkScheduleEvent[],
    // Distinct states: where the machine is and what the professional would see differ.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        selectedCount(s.context.selection),
        !!s.context.selection.all,
        s.context.recurrence.hour,
        s.context.showRecurrenceErrors,
        s.context.status?.state ?? null,
        s.context.status?.processed ?? null,
        s.context.status?.details.length ?? null,
        s.context.statusFailures,
        s.context.startedHere,
        !!s.context.error,
      ]),
  });

  it('explores a meaningful number of states, including every top-level one', () => {
    expect(paths.length).toBeGreaterThan(40);
    const reached = new Set(
      paths.map((p) => (typeof p.state.value === 'string' ? p.state.value : Object.keys(p.state.value)[0])),
    );
    for (const state of [
      'checking',
      'choosing',
      'recurrence',
      'sending',
      'polling',
      'pollFailed',
      'done',
      'failed',
      'acknowledged',
      'closed',
    ]) {
      expect(reached, state).toContain(state);
    }
  });

  it.each(paths.map((p, i) => [i, JSON.stringify(p.state.value), p] as const))(
    'path %i to %s replays on a real actor',
    async (_i, _name, path) => {
      const h = harness(input);
      for (const step of path.steps) {
        const event = step.event as AnyEvent;
        const src = /^xstate\.(done|error)\.actor\.(\w+)/.exec(event.type);
        if (src) {
          const call = h.take(src[2] as Src);
          if (src[1] === 'done') call.resolve((event as { output: unknown }).output);
          else call.reject((event as { error: unknown }).error);
          await vi.advanceTimersByTimeAsync(0);
        } else if (event.type === AFTER) {
          await h.tick();
        } else {
          h.actor.send(event as BulkScheduleEvent);
        }
        expect(h.value()).toEqual(step.state.value);
      }
      const real = h.context();
      const model = path.state.context;
      expect(real.selection).toEqual(model.selection);
      expect(real.recurrence).toEqual(model.recurrence);
      expect(real.status).toEqual(model.status);
      expect(real.statusFailures).toBe(model.statusFailures);
      // Invariants a person relies on: nothing is sent without patients and a valid form, and a result
      // is only ever left by acknowledging or closing.
      const submits = path.steps.filter((s) => /^xstate\.(done|error)\.actor\.submit$/.test(s.event.type as string));
      for (const s of submits) expect(selectedCount(s.state.context.selection)).toBeGreaterThan(0);
      if (h.actor.getSnapshot().matches('acknowledged')) expect(real.startedHere).toBe(true);
    },
  );
});
