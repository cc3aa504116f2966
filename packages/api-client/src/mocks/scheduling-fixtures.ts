/** The scheduling fixtures: the quizzes, 44 patients, their schedules and requests, the template message. */
import type { AnswerRequest, Patient, Quiz, QuizSchedule, Service, TemplateMessage } from '../gen/types.gen';
import { practiceOtherPatientFixture, practicePatientFixture, practiceServiceFixtures } from './practice-fixtures';
import { quizFixture } from './quizzes';

const CREATED_AT = '2026-11-02T13:00:00.000Z';
export const PUBLIC_URL = 'https://app.acompanha.com.br';

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

export const request = (
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
export const withAnswers = (s: QuizSchedule): QuizSchedule => ({ ...s, answers: answersSource?.(s.id) ?? s.answers });

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
export const TEMPLATE_VARIABLES: TemplateMessage['variables'] = [
  { name: 'paciente', description: 'Primeiro nome do cliente' },
  { name: 'profissional', description: 'Seu nome' },
  { name: 'questionario', description: 'Título do questionário' },
  { name: 'link', description: 'Link para responder o questionário (obrigatório)' },
  { name: 'pin', description: 'PIN de 6 dígitos que abre o questionário (obrigatório)' },
];
