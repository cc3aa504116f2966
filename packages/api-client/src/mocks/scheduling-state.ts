/** The scheduling mock's state, and what its handlers do to it (schedule, bulk processes, unconfirmed requests). */
import { HttpResponse } from 'msw';
import type {
  AnswerRequest,
  BulkDetail,
  BulkStatus,
  ErrorCode,
  Patient,
  Quiz,
  QuizSchedule,
  UnconfirmedRequest,
} from '../gen/types.gen';
import { errorBody } from './fixtures';
import { fail, nowIso } from './respond';
import {
  request,
  schedulingPatientFixtures,
  schedulingQuizFixtures,
  schedulingScheduleFixtures,
} from './scheduling-fixtures';
import { PUBLIC_URL } from './scheduling-fixtures';

// ——— State ———

interface BulkRun {
  status: BulkStatus;
  /** What happens when the run ends. */
  apply: () => void;
}

export const idle = (quizId: string): BulkStatus => ({
  quizId,
  kind: null,
  state: 'idle',
  total: 0,
  processed: 0,
  details: [],
  startedAt: null,
  finishedAt: null,
});

export const state = {
  patients: [] as Patient[],
  quizzes: [] as Quiz[],
  schedules: [] as QuizSchedule[],
  requests: new Map<string, AnswerRequest[]>(),
  bulk: new Map<string, BulkRun>(),
  template: null as string | null,
  /** Patients handled per status read by a running bulk process. */
  bulkStep: 0,
};

/** Back to the fixtures (call in each story's `beforeEach`). `bulkStep`: patients per status read (default a third). */
export function resetSchedulingState(options: { bulkStep?: number } = {}) {
  state.patients = structuredClone(schedulingPatientFixtures);
  state.quizzes = structuredClone(schedulingQuizFixtures);
  state.schedules = structuredClone(schedulingScheduleFixtures);
  state.requests = new Map(state.schedules.map((s) => [s.id, s.lastRequest ? [structuredClone(s.lastRequest)] : []]));
  state.bulk = new Map();
  state.template = null;
  state.bulkStep = options.bulkStep ?? 0;
}
resetSchedulingState();

/** Starts a story with the quiz's bulk process in a given state (e.g. running, or an unacknowledged result). */
export function setBulkStatusFixture(status: BulkStatus) {
  state.bulk.set(status.quizId, { status: structuredClone(status), apply: () => undefined });
}

/** The schedules as the handlers hold them now (stories assert on what changed). */
export function schedulingSchedules(): QuizSchedule[] {
  return state.schedules;
}

/** The instant of `hour` on a São Paulo date (UTC−3). */
export const dueOn = (date: string, hour: number) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString();

export interface RecurrenceBody {
  startDate: string;
  hour: number;
  periodicity: string;
  intervalDays?: number | null;
  weekdays?: number[] | null;
  endDate?: string | null;
  channel?: 'email' | 'whatsapp';
}

/**
 * Why one fixture patient cannot be scheduled, or null: what the fixtures model (an inactive patient, one
 * without a current service). Other refusals of the API are a story's own override of the handler.
 */
export function patientProblem(patient: Patient): { code: ErrorCode; message: string } | null {
  if (patient.status !== 'active') return { code: 'PATIENT_NOT_ACTIVE', message: 'Este cliente está inativo.' };
  if (!patient.currentService)
    return { code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR', message: 'Este cliente não tem um serviço ativo.' };
  return null;
}

/** Creates or replaces the live schedule of (quiz, patient), with its first request. */
export function upsert(quiz: Quiz, patient: Patient, r: RecurrenceBody): QuizSchedule {
  const existing = state.schedules.find((s) => s.quizId === quiz.id && s.patientId === patient.id);
  const id = existing?.id ?? crypto.randomUUID();
  const first = request({
    id: crypto.randomUUID(),
    quizScheduleId: id,
    dueAt: dueOn(r.startDate, r.hour),
    status: 'scheduled',
  });
  const next: QuizSchedule = {
    id,
    quizId: quiz.id,
    quizTitle: quiz.title,
    patientId: patient.id,
    patientName: patient.name,
    startDate: r.startDate,
    hour: r.hour,
    periodicity: r.periodicity as QuizSchedule['periodicity'],
    intervalDays: r.periodicity === 'days' ? (r.intervalDays ?? null) : null,
    weekdays: r.periodicity === 'weekly' ? (r.weekdays ?? []) : [],
    endDate: r.periodicity === 'once' ? null : (r.endDate ?? null),
    channel: r.channel ?? patient.preferences.channel,
    enabled: true,
    link: `${PUBLIC_URL}/quiz-survey/${id}`,
    nextDueAt: first.dueAt,
    lastRequest: first,
    pinLocked: false,
    answers: existing?.answers ?? { total: 0, pending: 0 },
    createdAt: existing?.createdAt ?? nowIso(),
  };
  if (existing) Object.assign(existing, next);
  else state.schedules.push(next);
  state.requests.set(id, [
    first,
    ...(state.requests.get(id) ?? []).map((q) =>
      q.status === 'scheduled' ? { ...q, status: 'cancelled' as const } : q,
    ),
  ]);
  return existing ?? next;
}

export function setLast(s: QuizSchedule, r: AnswerRequest) {
  s.lastRequest = r;
  state.requests.set(s.id, [r, ...(state.requests.get(s.id) ?? []).filter((q) => q.id !== r.id)]);
}

/** Sent and unanswered: what `/resendReceived` lists. */
export function unconfirmed(quizId: string | null): UnconfirmedRequest[] {
  return state.schedules
    .filter((s) => s.lastRequest?.status === 'sent' && (!quizId || s.quizId === quizId))
    .map((s) => ({
      id: s.lastRequest!.id,
      quizScheduleId: s.id,
      quizId: s.quizId,
      quizTitle: s.quizTitle,
      patientId: s.patientId,
      patientName: s.patientName,
      channel: s.channel,
      dueAt: s.lastRequest!.dueAt,
      sentAt: s.lastRequest!.sentAt ?? s.lastRequest!.dueAt,
      attempts: s.lastRequest!.attempts,
    }))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Starts a bulk process: `handle` is run per patient when it ends and returns an error or null. */
export function startBulk(
  quizId: string,
  kind: NonNullable<BulkStatus['kind']>,
  patients: Patient[],
  handle: (p: Patient) => { code: ErrorCode; message: string } | null,
) {
  const details: BulkDetail[] = [];
  const status: BulkStatus = {
    quizId,
    kind,
    state: 'processing',
    total: patients.length,
    processed: 0,
    details: [],
    startedAt: nowIso(),
    finishedAt: null,
  };
  state.bulk.set(quizId, {
    status,
    apply: () => {
      for (const p of patients) {
        const problem = handle(p);
        if (problem)
          details.push({
            patientId: p.id,
            patientName: p.name,
            application_error_code: problem.code,
            message: problem.message,
          });
      }
      status.details = details;
    },
  });
  return status;
}

export function bulkConflict(quizId: string) {
  return state.bulk.get(quizId)?.status.state === 'processing' ? fail('BULK_PROCESS_IN_PROGRESS') : null;
}

/** Unknown ids → 400 WRONG_COMMAND_PARAMETERS listing their positions, as the API answers. */
export function unknownPatients(ids: string[]) {
  const issues = ids.flatMap((id, i) =>
    state.patients.some((p) => p.id === id)
      ? []
      : [{ path: ['patientIds', String(i)], message: `Cliente não encontrado: ${id}.` }],
  );
  if (!issues.length) return null;
  const { body } = errorBody('WRONG_COMMAND_PARAMETERS', issues);
  return HttpResponse.json(
    {
      ...body,
      message:
        issues.length === 1
          ? 'Um dos clientes informados não foi encontrado.'
          : `${issues.length} clientes informados não foram encontrados.`,
    },
    { status: 400 },
  );
}

/** The scheduling calls, answering as the API does when everything goes well (stateful). */
