import { delay, http, HttpResponse } from 'msw';
import type {
  AnswerRequest,
  BulkDetail,
  BulkStatus,
  ErrorCode,
  Patient,
  Quiz,
  QuizSchedule,
  QuizScheduleDetail,
  RepublishResult,
  Service,
  TemplateMessage,
  UnconfirmedRequest,
} from '../gen/types.gen';
import { errorBody } from './fixtures';
import { practiceOtherPatientFixture, practicePatientFixture, practiceServiceFixtures } from './practice';
import { quizFixture } from './quizzes';
import { api, fail, nowIso, pageOf, todaySP } from './respond';

/**
 * Fixtures and stateful handlers of scheduling: schedules and their requests, the bulk process of
 * each quiz (it advances on every status read, as a background job would), requests sent but not
 * answered, and the template message. `resetSchedulingState()` before each story.
 */

const CREATED_AT = '2026-11-02T13:00:00.000Z';
const PUBLIC_URL = 'https://app.acompanha.com.br';

// ——— Quizzes ———

const { questions: _q, appearance: _a, ...weeklyQuiz } = quizFixture;

export const schedulingQuizFixtures: Quiz[] = [
  weeklyQuiz,
  {
    ...weeklyQuiz,
    id: '0b7c2f0e-1d5a-4c52-9a51-3d1f6f0c2a11',
    title: 'Avaliação inicial',
    description: 'Hábitos, rotina e objetivos.',
    questionCount: 12,
  },
];
const [WEEKLY, INITIAL] = schedulingQuizFixtures as [Quiz, Quiz];

// ——— Patients ———

const FIRST = [
  'Ana',
  'Bruno',
  'Camila',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'Júlio',
  'Larissa',
  'Marcos',
];
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Ferreira', 'Gomes', 'Lopes', 'Moreira', 'Nunes', 'Ribeiro'];
const [MONTHLY_SERVICE] = practiceServiceFixtures as [Service, ...Service[]];

/**
 * 32 more active patients ("Ana Almeida", "Bruno Cardoso"…), so lists page and "select all" means
 * something; every eighth has no active service and every tenth no e-mail.
 */
export const schedulingExtraPatientFixtures: Patient[] = Array.from({ length: 32 }, (_, i) => {
  const n = i + 1;
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`;
  return {
    ...practicePatientFixture,
    id: `8b7c6d5e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    email:
      n % 10 === 0
        ? null
        : `${name
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .replace(' ', '.')}@exemplo.com.br`,
    phone: `+55119${String(80000000 + n * 1371).slice(0, 8)}`,
    document: null,
    tags: [],
    notes: null,
    preferences: { channel: n % 3 === 0 ? 'email' : 'whatsapp', reminders: false, reminderHour: null },
    currentService: n % 8 === 0 ? null : { id: MONTHLY_SERVICE.id, name: MONTHLY_SERVICE.name, endsAt: '2026-12-20' },
  } satisfies Patient;
});

/** Mariana (with service), Carlos (without) and the 32 others. */
export const schedulingPatientFixtures: Patient[] = [
  practicePatientFixture,
  practiceOtherPatientFixture,
  ...schedulingExtraPatientFixtures,
];

// ——— Schedules ———

const request = (
  r: Pick<AnswerRequest, 'id' | 'quizScheduleId' | 'dueAt' | 'status'> & Partial<AnswerRequest>,
): AnswerRequest => ({
  kind: 'scheduled',
  sentAt: r.status === 'scheduled' ? null : r.dueAt,
  answeredAt: null,
  attempts: r.status === 'scheduled' ? 0 : 1,
  lastError: null,
  lastErrorCode: null,
  ...r,
});

function schedule(s: Pick<QuizSchedule, 'id' | 'quizId' | 'patientId'> & Partial<QuizSchedule>): QuizSchedule {
  const quiz = schedulingQuizFixtures.find((q) => q.id === s.quizId)!;
  const patient = schedulingPatientFixtures.find((p) => p.id === s.patientId)!;
  return {
    quizTitle: quiz.title,
    patientName: patient.name,
    startDate: '2026-11-09',
    hour: 8,
    periodicity: 'weekly',
    intervalDays: null,
    weekdays: [1, 4],
    endDate: null,
    channel: patient.preferences.channel,
    enabled: true,
    link: `${PUBLIC_URL}/quiz-survey/${s.id}`,
    nextDueAt: '2026-11-23T11:00:00.000Z',
    lastRequest: null,
    pinLocked: false,
    answers: { total: 0, pending: 0 },
    createdAt: CREATED_AT,
    ...s,
  };
}

/**
 * What the patient answered on a schedule, as the answers mock knows it (it registers itself here, so the
 * two mocks agree without importing each other both ways); a schedule's own `answers` otherwise.
 */
let answersSource: ((scheduleId: string) => QuizSchedule['answers'] | undefined) | undefined;
export function setScheduleAnswersSource(source: (scheduleId: string) => QuizSchedule['answers'] | undefined) {
  answersSource = source;
}
const withAnswers = (s: QuizSchedule): QuizSchedule => ({ ...s, answers: answersSource?.(s.id) ?? s.answers });

const sid = (n: number) => `4d5e6f70-0000-4a00-8000-${String(n).padStart(12, '0')}`;
const rid = (n: number) => `6e7f8091-0000-4b00-8000-${String(n).padStart(12, '0')}`;

/** Mariana's two schedules: the weekly quiz (sent, waiting) and the initial assessment (answered). */
export const marianaWeeklyScheduleFixture = schedule({
  id: sid(1),
  quizId: WEEKLY.id,
  patientId: practicePatientFixture.id,
  lastRequest: request({ id: rid(1), quizScheduleId: sid(1), dueAt: '2026-11-19T11:00:00.000Z', status: 'sent' }),
});
export const marianaInitialScheduleFixture = schedule({
  id: sid(2),
  quizId: INITIAL.id,
  patientId: practicePatientFixture.id,
  periodicity: 'once',
  weekdays: [],
  startDate: '2026-11-03',
  hour: 14,
  nextDueAt: null,
  lastRequest: request({
    id: rid(2),
    quizScheduleId: sid(2),
    dueAt: '2026-11-03T17:00:00.000Z',
    status: 'answered',
    answeredAt: '2026-11-04T12:20:00.000Z',
  }),
});

/** The weekly quiz for 23 of the other patients, in every state a list can show. */
const weeklyForOthers: QuizSchedule[] = schedulingExtraPatientFixtures.slice(0, 23).map((p, i) => {
  const id = sid(100 + i);
  const kind = i % 6;
  const due = `2026-11-${String(12 + (i % 8)).padStart(2, '0')}T11:00:00.000Z`;
  const last =
    kind === 0 || kind === 3
      ? request({ id: rid(100 + i), quizScheduleId: id, dueAt: due, status: 'sent', attempts: kind === 3 ? 2 : 1 })
      : kind === 1
        ? request({
            id: rid(100 + i),
            quizScheduleId: id,
            dueAt: due,
            status: 'answered',
            answeredAt: due.replace('T11', 'T15'),
          })
        : kind === 2
          ? request({ id: rid(100 + i), quizScheduleId: id, dueAt: '2026-11-23T11:00:00.000Z', status: 'scheduled' })
          : kind === 4
            ? request({
                id: rid(100 + i),
                quizScheduleId: id,
                dueAt: due,
                status: 'expired',
                sentAt: null,
                attempts: 0,
                lastError: 'Este cliente não tem um serviço ativo.',
                lastErrorCode: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
              })
            : null;
  return schedule({
    id,
    quizId: WEEKLY.id,
    patientId: p.id,
    enabled: kind !== 5,
    nextDueAt: kind === 5 ? null : '2026-11-23T11:00:00.000Z',
    pinLocked: i === 3,
    lastRequest: last,
  });
});

/** The initial assessment for three more patients: sent and waiting, scheduled, disabled. */
const [ANA, BRUNO, CAMILA] = schedulingExtraPatientFixtures as [Patient, Patient, Patient];
const initialForOthers: QuizSchedule[] = [
  schedule({
    id: sid(200),
    quizId: INITIAL.id,
    patientId: ANA.id,
    periodicity: 'once',
    weekdays: [],
    startDate: '2026-11-16',
    nextDueAt: null,
    lastRequest: request({ id: rid(200), quizScheduleId: sid(200), dueAt: '2026-11-16T11:00:00.000Z', status: 'sent' }),
  }),
  schedule({
    id: sid(201),
    quizId: INITIAL.id,
    patientId: BRUNO.id,
    periodicity: 'days',
    intervalDays: 15,
    weekdays: [],
    startDate: '2026-11-25',
    hour: 18,
    nextDueAt: '2026-11-25T21:00:00.000Z',
    lastRequest: request({
      id: rid(201),
      quizScheduleId: sid(201),
      dueAt: '2026-11-25T21:00:00.000Z',
      status: 'scheduled',
    }),
  }),
  schedule({
    id: sid(202),
    quizId: INITIAL.id,
    patientId: CAMILA.id,
    periodicity: 'monthly',
    weekdays: [],
    enabled: false,
    nextDueAt: null,
  }),
];

export const schedulingScheduleFixtures: QuizSchedule[] = [
  marianaWeeklyScheduleFixture,
  marianaInitialScheduleFixture,
  ...weeklyForOthers,
  ...initialForOthers,
];

// ——— Template message ———

export const DEFAULT_TEMPLATE_MESSAGE_FIXTURE =
  'Olá, {{paciente}}! {{profissional}} enviou o questionário "{{questionario}}". Responda em {{link}} com o PIN {{pin}}.';
const TEMPLATE_VARIABLES: TemplateMessage['variables'] = [
  { name: 'paciente', description: 'Primeiro nome do cliente' },
  { name: 'profissional', description: 'Seu nome' },
  { name: 'questionario', description: 'Título do questionário' },
  { name: 'link', description: 'Link para responder o questionário (obrigatório)' },
  { name: 'pin', description: 'PIN de 6 dígitos que abre o questionário (obrigatório)' },
];

// ——— State ———

interface BulkRun {
  status: BulkStatus;
  /** What happens when the run ends. */
  apply: () => void;
}

const idle = (quizId: string): BulkStatus => ({
  quizId,
  kind: null,
  state: 'idle',
  total: 0,
  processed: 0,
  details: [],
  startedAt: null,
  finishedAt: null,
});

const state = {
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
const dueOn = (date: string, hour: number) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString();

interface RecurrenceBody {
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
function patientProblem(patient: Patient): { code: ErrorCode; message: string } | null {
  if (patient.status !== 'active') return { code: 'PATIENT_NOT_ACTIVE', message: 'Este cliente está inativo.' };
  if (!patient.currentService)
    return { code: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR', message: 'Este cliente não tem um serviço ativo.' };
  return null;
}

/** Creates or replaces the live schedule of (quiz, patient), with its first request. */
function upsert(quiz: Quiz, patient: Patient, r: RecurrenceBody): QuizSchedule {
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

function setLast(s: QuizSchedule, r: AnswerRequest) {
  s.lastRequest = r;
  state.requests.set(s.id, [r, ...(state.requests.get(s.id) ?? []).filter((q) => q.id !== r.id)]);
}

/** Sent and unanswered: what `/resendReceived` lists. */
function unconfirmed(quizId: string | null): UnconfirmedRequest[] {
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

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Starts a bulk process: `handle` is run per patient when it ends and returns an error or null. */
function startBulk(
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

function bulkConflict(quizId: string) {
  return state.bulk.get(quizId)?.status.state === 'processing' ? fail('BULK_PROCESS_IN_PROGRESS') : null;
}

/** Unknown ids → 400 WRONG_COMMAND_PARAMETERS listing their positions, as the API answers. */
function unknownPatients(ids: string[]) {
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
export const schedulingHandlers = {
  listPatients: http.get(api('/patient'), ({ request: req }) => {
    const url = new URL(req.url);
    const q = url.searchParams;
    const items = state.patients
      .filter((p) => !q.get('nameTerm') || fold(p.name).includes(fold(q.get('nameTerm')!)))
      .filter((p) => !q.get('status') || p.status === q.get('status'))
      .filter((p) => !q.get('serviceId') || p.currentService?.id === q.get('serviceId'))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    return HttpResponse.json(pageOf(items, url));
  }),
  listServices: http.get(api('/services'), () => HttpResponse.json(practiceServiceFixtures.filter((s) => s.isActive))),
  listQuizzes: http.get(api('/quiz'), ({ request: req }) => {
    const url = new URL(req.url);
    const status = url.searchParams.get('status') ?? 'active';
    return HttpResponse.json(
      pageOf(
        state.quizzes.filter((q) => status === 'all' || q.isActive === (status === 'active')),
        url,
      ),
    );
  }),
  getQuiz: http.get(api('/quiz/:id'), ({ params }) => {
    const quiz = state.quizzes.find((q) => q.id === params.id);
    return quiz ? HttpResponse.json({ ...quizFixture, ...quiz }) : fail('QUIZ_NOT_FOUND');
  }),

  // Bulk (specific paths first).
  bulkStatus: http.get(api('/quiz/schedule/bulk-insert/status/:quizId'), async ({ params }) => {
    await delay(30);
    const run = state.bulk.get(String(params.quizId));
    if (!run) return HttpResponse.json(idle(String(params.quizId)));
    const s = run.status;
    if (s.state === 'processing') {
      s.processed = Math.min(s.total, s.processed + (state.bulkStep || Math.max(1, Math.ceil(s.total / 3))));
      if (s.processed >= s.total) {
        run.apply();
        s.state = 'done';
        s.finishedAt = nowIso();
      }
    }
    return HttpResponse.json(s);
  }),
  bulkAcknowledge: http.post(api('/quiz/schedule/acknowledge-bulk-process/:quizId'), async ({ params }) => {
    await delay(30);
    const quizId = String(params.quizId);
    const conflict = bulkConflict(quizId);
    if (conflict) return conflict;
    state.bulk.delete(quizId);
    return HttpResponse.json(idle(quizId));
  }),
  bulkInsert: http.post(api('/quiz/schedule/bulk-insert/:quizId'), async ({ params, request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { patientIds: string[] };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === params.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(quiz.id);
    if (invalid) return invalid;
    const patients = [...new Set(body.patientIds)].map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(quiz.id, 'insert', patients, (p) => {
      const problem = patientProblem(p);
      if (!problem) upsert(quiz, p, body);
      return problem;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkReschedule: http.post(api('/quiz/schedule/bulk-reschedule/:quizId'), async ({ params, request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { patientIds?: string[] };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === params.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const invalid = (body.patientIds ? unknownPatients(body.patientIds) : null) ?? bulkConflict(quiz.id);
    if (invalid) return invalid;
    const ids = body.patientIds ?? state.schedules.filter((s) => s.quizId === quiz.id).map((s) => s.patientId);
    const patients = [...new Set(ids)].map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(quiz.id, 'reschedule', patients, (p) => {
      if (!state.schedules.some((s) => s.quizId === quiz.id && s.patientId === p.id))
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      const problem = patientProblem(p);
      if (!problem) upsert(quiz, p, body);
      return problem;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkDelete: http.delete(api('/quiz/schedule/bulk-delete'), async ({ request: req }) => {
    const body = (await req.json()) as { quizId: string; patientIds: string[] };
    await delay(50);
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(body.quizId);
    if (invalid) return invalid;
    const patients = body.patientIds.map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(body.quizId, 'delete', patients, (p) => {
      const found = state.schedules.find((s) => s.quizId === body.quizId && s.patientId === p.id);
      if (!found)
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      state.schedules = state.schedules.filter((s) => s !== found);
      return null;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkActiveState: http.patch(api('/quiz/schedule/bulk-change-active-state'), async ({ request: req }) => {
    const body = (await req.json()) as { quizId: string; patientIds: string[]; enabled: boolean };
    await delay(50);
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(body.quizId);
    if (invalid) return invalid;
    const patients = body.patientIds.map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(body.quizId, 'active-state', patients, (p) => {
      const found = state.schedules.find((s) => s.quizId === body.quizId && s.patientId === p.id);
      if (!found)
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      found.enabled = body.enabled;
      found.nextDueAt = body.enabled ? (found.nextDueAt ?? '2026-11-30T11:00:00.000Z') : null;
      return null;
    });
    return HttpResponse.json(status, { status: 202 });
  }),

  // One schedule.
  republish: http.patch(api('/quiz/schedule/re-publish'), async ({ request: req }) => {
    const body = (await req.json()) as { schedules: { scheduleId: string }[] };
    await delay(50);
    const result: RepublishResult = { resent: 0, details: [] };
    for (const { scheduleId } of body.schedules) {
      const s = state.schedules.find((x) => x.lastRequest?.id === scheduleId);
      if (!s || s.lastRequest?.status !== 'sent') {
        result.details.push({
          scheduleId,
          application_error_code: 'SCHEDULE_NOT_FOUND_ERROR',
          message: 'Esta solicitação não está aguardando resposta.',
        });
        continue;
      }
      setLast(s, {
        ...s.lastRequest,
        id: crypto.randomUUID(),
        kind: 'resend',
        sentAt: nowIso(),
        attempts: s.lastRequest.attempts + 1,
      });
      result.resent += 1;
    }
    return HttpResponse.json(result);
  }),
  requestNow: http.post(api('/quiz/schedule/request-now'), async ({ request: req }) => {
    const body = (await req.json()) as { quizScheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.id === body.quizScheduleId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    const last = s.lastRequest;
    if (last?.sentAt && Date.now() - Date.parse(last.sentAt) < 60_000) return fail('RETRY_SEND_LATER');
    const now = nowIso();
    const created = request({
      id: crypto.randomUUID(),
      quizScheduleId: s.id,
      kind: 'now',
      dueAt: now,
      status: 'sent',
      sentAt: now,
    });
    setLast(s, created);
    return HttpResponse.json(created, { status: 201 });
  }),
  cancel: http.post(api('/quiz/schedule/cancel'), async ({ request: req }) => {
    const body = (await req.json()) as { scheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.lastRequest?.id === body.scheduleId);
    if (!s || !s.lastRequest) return fail('SCHEDULE_NOT_FOUND_ERROR');
    if (s.lastRequest.status === 'cancelled') return fail('SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR');
    if (s.lastRequest.status === 'answered') return fail('SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR');
    if (s.lastRequest.status === 'expired') return fail('CANCEL_ANSWER_REQUEST_ERROR');
    const cancelled = { ...s.lastRequest, status: 'cancelled' as const };
    setLast(s, cancelled);
    if (cancelled.dueAt === s.nextDueAt) s.nextDueAt = null;
    return HttpResponse.json(cancelled);
  }),
  reschedule: http.post(api('/quiz/schedule/reschedule'), async ({ request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { quizScheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.id === body.quizScheduleId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    const patient = state.patients.find((p) => p.id === s.patientId)!;
    const problem = patientProblem(patient);
    if (problem) return fail(problem.code);
    return HttpResponse.json(
      upsert(
        state.quizzes.find((q) => q.id === s.quizId)!,
        patient,
        { channel: s.channel, ...body },
      ),
    );
  }),
  enable: http.put(api('/quiz/schedule/:id/enable'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    s.enabled = true;
    s.nextDueAt = dueOn(todaySP(), 23);
    return HttpResponse.json(s);
  }),
  disable: http.put(api('/quiz/schedule/:id/disable'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    s.enabled = false;
    s.nextDueAt = null;
    if (s.lastRequest?.status === 'scheduled') setLast(s, { ...s.lastRequest, status: 'cancelled' });
    return HttpResponse.json(s);
  }),
  remove: http.delete(api('/quiz/schedule/:quizScheduleId/patient/:patientId'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.quizScheduleId && x.patientId === params.patientId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    state.schedules = state.schedules.filter((x) => x !== s);
    return new HttpResponse(null, { status: 204 });
  }),
  getSchedule: http.get(api('/quiz/schedule/:id'), ({ params }) => {
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    return HttpResponse.json({
      ...withAnswers(s),
      requests: state.requests.get(s.id) ?? [],
    } satisfies QuizScheduleDetail);
  }),
  list: http.get(api('/quiz/schedule'), ({ request: req }) => {
    const url = new URL(req.url);
    const q = url.searchParams;
    const status = q.get('status');
    const items = state.schedules
      .filter((s) => !q.get('quizId') || s.quizId === q.get('quizId'))
      .filter((s) => !q.get('patientId') || s.patientId === q.get('patientId'))
      .filter(
        (s) =>
          !status ||
          (status === 'enabled' && s.enabled) ||
          (status === 'disabled' && !s.enabled) ||
          (status === 'pending' && s.lastRequest?.status === 'scheduled') ||
          (status === 'sent' && s.lastRequest?.status === 'sent') ||
          (status === 'answered' && s.lastRequest?.status === 'answered'),
      )
      .sort(
        (a, b) =>
          a.patientName.localeCompare(b.patientName, 'pt-BR') || a.quizTitle.localeCompare(b.quizTitle, 'pt-BR'),
      )
      .map(withAnswers);
    return HttpResponse.json(pageOf(items, url));
  }),
  create: http.post(api('/quiz/schedule'), async ({ request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { quizId: string; patientId: string };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === body.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const patient = state.patients.find((p) => p.id === body.patientId);
    if (!patient) return fail('PATIENT_NOT_FOUND_ERROR');
    const problem = patientProblem(patient);
    if (problem) return fail(problem.code);
    return HttpResponse.json(upsert(quiz, patient, body), { status: 201 });
  }),

  unconfirmed: http.get(api('/answer-revision/schedules-without-confirmation'), ({ request: req }) => {
    const url = new URL(req.url);
    return HttpResponse.json(pageOf(unconfirmed(url.searchParams.get('quizId')), url));
  }),

  getTemplate: http.get(api('/professional/me/template-message'), () =>
    HttpResponse.json({
      templateMessage: state.template ?? DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      isDefault: state.template === null,
      defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      variables: TEMPLATE_VARIABLES,
    } satisfies TemplateMessage),
  ),
  updateTemplate: http.put(api('/professional/me/template-message'), async ({ request: req }) => {
    const body = (await req.json()) as { templateMessage: string | null };
    await delay(50);
    if (body.templateMessage !== null) {
      const used = [...body.templateMessage.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
      const unknown = used.filter((v) => !TEMPLATE_VARIABLES.some((t) => t.name === v));
      if (unknown.length) return fail('WRONG_TEMPLATE_VARIABLES', { variables: unknown });
      const missing = ['link', 'pin'].filter((v) => !used.includes(v));
      if (missing.length) return fail('WRONG_TEMPLATE_PARAMETER', { variables: missing });
    }
    state.template = body.templateMessage?.trim() ?? null;
    return HttpResponse.json({
      templateMessage: state.template ?? DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      isDefault: state.template === null,
      defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      variables: TEMPLATE_VARIABLES,
    } satisfies TemplateMessage);
  }),
};

/**
 * Every scheduling handler in the order MSW must try them: put it before other lists (its
 * `/quiz/schedule…` paths would otherwise reach a `/quiz/:id` handler).
 */
export const schedulingHandlerList = [
  schedulingHandlers.bulkStatus,
  schedulingHandlers.bulkAcknowledge,
  schedulingHandlers.bulkInsert,
  schedulingHandlers.bulkReschedule,
  schedulingHandlers.bulkDelete,
  schedulingHandlers.bulkActiveState,
  schedulingHandlers.republish,
  schedulingHandlers.requestNow,
  schedulingHandlers.cancel,
  schedulingHandlers.reschedule,
  schedulingHandlers.enable,
  schedulingHandlers.disable,
  schedulingHandlers.remove,
  schedulingHandlers.getSchedule,
  schedulingHandlers.list,
  schedulingHandlers.create,
  schedulingHandlers.unconfirmed,
  schedulingHandlers.getTemplate,
  schedulingHandlers.updateTemplate,
  schedulingHandlers.listPatients,
  schedulingHandlers.listServices,
  schedulingHandlers.listQuizzes,
  schedulingHandlers.getQuiz,
];
