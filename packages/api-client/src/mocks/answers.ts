import { delay, http, HttpResponse } from 'msw';
import type {
  AnswerRevision,
  AnswerRevisionDetail,
  AnswerRevisionDetailPage,
  AnswerRevisionPage,
  AnswerSeries,
  AnswerValue,
  DelayedRequest,
  DelayedRequestPage,
  LikertScaleConfig,
  MetricsConfig,
  MultipleChoiceConfig,
  PatientSeries,
  QuestionConfig,
  QuestionType,
  RevisionAnswer,
  RevisionFile,
  RevisionNote,
  RevisionSubAnswer,
  StatusBucket,
  StatusCounts,
  StatusReport,
} from '../gen/types.gen';
import { professionalFixture } from './fixtures';
import { practicePatientFixture } from './practice';
import {
  marianaInitialScheduleFixture,
  marianaWeeklyScheduleFixture,
  schedulingExtraPatientFixtures,
  schedulingPatientFixtures,
  schedulingQuizFixtures,
  schedulingSchedules,
  setScheduleAnswersSource,
} from './scheduling';
import { addDays, api, fail, isUuid, nowIso, pageOf, spDate } from './respond';

/**
 * Fixtures and stateful handlers of answer review and reports (`/answer-revision…`): revisions with
 * their answers question by question, what changed since the previous answer, notes, the patient's
 * metric and scale series, delayed requests, the status report and the export. Mariana Souza answers
 * the weekly check-in every Thursday (weight in kg going down week by week); 30 other patients answer
 * it once each. `resetAnswersState()` before each story (the delayed list also reads the scheduling
 * state: `resetSchedulingState()` too).
 */

// ——— Questions (as the starter library has them) ———

const qid = (n: number) => `7a8b9c0d-0000-4c00-8000-${String(n).padStart(12, '0')}`;

export const ANSWER_QUESTION_IDS = {
  craving: qid(1),
  cravingFood: qid(2),
  weight: qid(3),
  waist: qid(4),
  sleep: qid(5),
  likert: qid(6),
  week: qid(7),
  photos: qid(8),
} as const;
const Q = ANSWER_QUESTION_IDS;

interface QuestionDef {
  questionId: string;
  type: QuestionType;
  title: string;
  acronym: string | null;
  description: string | null;
  config: QuestionConfig;
}

const QUESTIONS: Record<keyof typeof ANSWER_QUESTION_IDS, QuestionDef> = {
  craving: {
    questionId: Q.craving,
    type: 'multiple-choice',
    title: 'Você teve vontade intensa de comer algum alimento específico?',
    acronym: 'VONTADE',
    description: null,
    config: {
      allowMultiple: false,
      alternatives: [
        { id: 'sim', label: 'Sim', order: 0, subQuestionIds: [Q.cravingFood] },
        { id: 'nao', label: 'Não', order: 1, subQuestionIds: [] },
      ],
    } satisfies MultipleChoiceConfig,
  },
  cravingFood: {
    questionId: Q.cravingFood,
    type: 'free-field',
    title: 'Qual alimento?',
    acronym: null,
    description: null,
    config: { multiline: false, maxLength: 200 },
  },
  weight: {
    questionId: Q.weight,
    type: 'metrics',
    title: 'Qual é o seu peso hoje?',
    acronym: 'PESO',
    description: 'Pese-se em jejum, pela manhã.',
    config: { unit: 'kg', decimals: 1, min: 30, max: 300 } satisfies MetricsConfig,
  },
  waist: {
    questionId: Q.waist,
    type: 'metrics',
    title: 'Qual é a medida da sua cintura?',
    acronym: 'CINTURA',
    description: null,
    config: { unit: 'cm', decimals: 0, min: 40, max: 200 } satisfies MetricsConfig,
  },
  sleep: {
    questionId: Q.sleep,
    type: 'linear-scale',
    title: 'Como você avalia a qualidade do seu sono?',
    acronym: 'SONO',
    description: null,
    config: { min: 1, max: 5, minLabel: 'Muito ruim', maxLabel: 'Excelente' },
  },
  likert: {
    questionId: Q.likert,
    type: 'likert-scale',
    title: 'O quanto você concorda com as frases sobre o seu plano alimentar?',
    acronym: 'ADESÃO',
    description: null,
    config: {
      statements: [
        { id: 's1', text: 'Consigo seguir o plano nos dias de semana.' },
        { id: 's2', text: 'Consigo seguir o plano nos fins de semana.' },
      ],
      levels: [
        { id: 'l1', label: 'Discordo totalmente' },
        { id: 'l2', label: 'Discordo' },
        { id: 'l3', label: 'Neutro' },
        { id: 'l4', label: 'Concordo' },
        { id: 'l5', label: 'Concordo totalmente' },
      ],
    } satisfies LikertScaleConfig,
  },
  week: {
    questionId: Q.week,
    type: 'free-field',
    title: 'Como foi sua semana?',
    acronym: null,
    description: null,
    config: { multiline: true, maxLength: 2000 },
  },
  photos: {
    questionId: Q.photos,
    type: 'file-upload',
    title: 'Envie fotos das suas refeições',
    acronym: null,
    description: 'Até 5 arquivos (foto ou PDF).',
    config: { acceptedTypes: ['image/jpeg', 'image/png', 'application/pdf'], maxSizeMb: 10 },
  },
};
const ORDER: (keyof typeof QUESTIONS)[] = ['craving', 'weight', 'waist', 'sleep', 'likert', 'week', 'photos'];

// ——— Raw answers ———

/** What one patient answered in one sitting (by question key); sub-answers sit under `cravingFood`. */
interface RawAnswers {
  craving?: 'sim' | 'nao';
  cravingFood?: string;
  weight?: number;
  waist?: number;
  sleep?: number;
  likert?: [string, string];
  week?: string;
  photos?: { key: string; name: string; contentType: RevisionFile['contentType']; size: number }[];
}

interface StoredRevision {
  id: string;
  status: 'pending' | 'completed';
  quizAnswerId: string;
  answerRequestId: string;
  quizScheduleId: string;
  patientId: string;
  patientName: string;
  quizId: string;
  quizTitle: string;
  finishedAt: string;
  approvedAt: string | null;
  answers: RawAnswers;
  notes: RevisionNote[];
  createdAt: string;
  updatedAt: string;
}

const rvid = (n: number) => `5b6c7d8e-0000-4d00-8000-${String(n).padStart(12, '0')}`;
const qaid = (n: number) => `5b6c7d8e-0000-4e00-8000-${String(n).padStart(12, '0')}`;
const arid = (n: number) => `5b6c7d8e-0000-4f00-8000-${String(n).padStart(12, '0')}`;
const nid = (n: number) => `5b6c7d8e-0000-4a00-8000-${String(n).padStart(12, '0')}`;

const [WEEKLY, INITIAL] = schedulingQuizFixtures as [
  (typeof schedulingQuizFixtures)[0],
  (typeof schedulingQuizFixtures)[0],
];

/** Mariana's six weekly check-ins (Thursdays, 10:30 in São Paulo), oldest first. */
const MARIANA_WEEKS: { date: string; answers: RawAnswers }[] = [
  {
    date: '2026-10-15',
    answers: {
      craving: 'sim',
      cravingFood: 'Pão francês',
      weight: 78.4,
      waist: 92,
      sleep: 3,
      likert: ['l4', 'l2'],
      week: 'Semana corrida no trabalho, jantei tarde quase todos os dias.',
    },
  },
  {
    date: '2026-10-22',
    answers: {
      craving: 'nao',
      weight: 77.9,
      waist: 91,
      sleep: 3,
      likert: ['l4', 'l3'],
      week: 'Consegui levar marmita em quatro dias.',
    },
  },
  {
    date: '2026-10-29',
    answers: {
      craving: 'nao',
      weight: 77.5,
      waist: 91,
      sleep: 4,
      likert: ['l5', 'l3'],
      week: 'Voltei a caminhar de manhã.',
    },
  },
  {
    date: '2026-11-05',
    answers: {
      craving: 'sim',
      cravingFood: 'Chocolate',
      weight: 77.5,
      waist: 90,
      sleep: 3,
      likert: ['l4', 'l2'],
      week: 'Aniversário da minha mãe no sábado: exagerei um pouco.',
    },
  },
  {
    date: '2026-11-12',
    answers: {
      craving: 'nao',
      weight: 76.8,
      waist: 89,
      sleep: 4,
      likert: ['l5', 'l4'],
      week: 'Semana tranquila, segui o plano.',
      photos: [
        { key: 'answers/cafe-da-manha.jpg', name: 'cafe-da-manha.jpg', contentType: 'image/jpeg', size: 182_400 },
      ],
    },
  },
  {
    date: '2026-11-19',
    answers: {
      craving: 'sim',
      cravingFood: 'Chocolate',
      weight: 76.2,
      waist: 88,
      sleep: 4,
      likert: ['l5', 'l3'],
      week: 'Semana boa, consegui seguir o plano quase todos os dias.\nSó no domingo comi fora.',
      photos: [
        { key: 'answers/almoco.jpg', name: 'almoco.jpg', contentType: 'image/jpeg', size: 245_760 },
        { key: 'answers/jantar.png', name: 'jantar.png', contentType: 'image/png', size: 198_312 },
        {
          key: 'answers/exame-de-sangue.pdf',
          name: 'exame-de-sangue.pdf',
          contentType: 'application/pdf',
          size: 512_000,
        },
      ],
    },
  },
];

/** The revision of Mariana's latest weekly check-in (pending, no notes). */
export const MARIANA_LATEST_REVISION_ID = rvid(6);
/** The one before it (approved, with one note). */
export const MARIANA_PREVIOUS_REVISION_ID = rvid(5);
/** Mariana's initial assessment (pending). */
export const MARIANA_INITIAL_REVISION_ID = rvid(7);

const spInstant = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-03:00`).toISOString();

function buildRevisions(): StoredRevision[] {
  const mariana = practicePatientFixture;
  const weekly: StoredRevision[] = MARIANA_WEEKS.map((w, i) => {
    const n = i + 1;
    const finishedAt = spInstant(w.date, '10:30');
    const pending = n === MARIANA_WEEKS.length;
    return {
      id: rvid(n),
      status: pending ? 'pending' : 'completed',
      quizAnswerId: qaid(n),
      answerRequestId: arid(n),
      quizScheduleId: marianaWeeklyScheduleFixture.id,
      patientId: mariana.id,
      patientName: mariana.name,
      quizId: WEEKLY.id,
      quizTitle: WEEKLY.title,
      finishedAt,
      approvedAt: pending ? null : spInstant(w.date, '18:00'),
      answers: w.answers,
      notes:
        n === 5
          ? [
              {
                id: nid(1),
                revisionId: rvid(n),
                note: 'Boa evolução: perdeu 0,7 kg na semana. Manter o café da manhã reforçado.',
                createdAt: spInstant(w.date, '17:55'),
                updatedAt: spInstant(w.date, '17:55'),
              },
            ]
          : [],
      createdAt: finishedAt,
      updatedAt: finishedAt,
    };
  });

  const initialFinished = marianaInitialScheduleFixture.lastRequest?.answeredAt ?? '2026-11-04T12:20:00.000Z';
  const initial: StoredRevision = {
    id: MARIANA_INITIAL_REVISION_ID,
    status: 'pending',
    quizAnswerId: qaid(7),
    answerRequestId: marianaInitialScheduleFixture.lastRequest?.id ?? arid(7),
    quizScheduleId: marianaInitialScheduleFixture.id,
    patientId: mariana.id,
    patientName: mariana.name,
    quizId: INITIAL.id,
    quizTitle: INITIAL.title,
    finishedAt: initialFinished,
    approvedAt: null,
    answers: { weight: 77.6, waist: 90, sleep: 3, week: 'Quero emagrecer com saúde e ter mais disposição.' },
    notes: [],
    createdAt: initialFinished,
    updatedAt: initialFinished,
  };

  // 30 other patients, one weekly check-in each, between 01/11 and 18/11; every fourth is approved.
  const others: StoredRevision[] = Array.from({ length: 30 }, (_, i) => {
    const n = 100 + i;
    const patient = schedulingExtraPatientFixtures[i % schedulingExtraPatientFixtures.length]!;
    const day = String(1 + ((i * 7) % 18)).padStart(2, '0');
    const finishedAt = spInstant(`2026-11-${day}`, `${String(8 + (i % 12)).padStart(2, '0')}:${i % 2 ? '15' : '40'}`);
    const completed = i % 4 === 0;
    const schedule = schedulingSchedules().find((s) => s.patientId === patient.id && s.quizId === WEEKLY.id);
    return {
      id: rvid(n),
      status: completed ? 'completed' : 'pending',
      quizAnswerId: qaid(n),
      answerRequestId: arid(n),
      quizScheduleId: schedule?.id ?? `4d5e6f70-0000-4a00-8000-${String(900 + i).padStart(12, '0')}`,
      patientId: patient.id,
      patientName: patient.name,
      quizId: WEEKLY.id,
      quizTitle: WEEKLY.title,
      finishedAt,
      approvedAt: completed ? finishedAt : null,
      answers: {
        craving: i % 3 === 0 ? 'sim' : 'nao',
        ...(i % 3 === 0 ? { cravingFood: ['Doces', 'Pizza', 'Salgadinhos'][i % 3]! } : {}),
        weight: Math.round((58 + ((i * 37) % 40) + (i % 10) / 10) * 10) / 10,
        waist: 70 + ((i * 13) % 35),
        sleep: 1 + (i % 5),
        likert: [`l${1 + (i % 5)}`, `l${1 + ((i + 2) % 5)}`],
        week: [
          'Semana tranquila.',
          'Muito trabalho, comi fora duas vezes.',
          'Treinei três vezes!',
          'Dormi mal, muita ansiedade.',
        ][i % 4]!,
      },
      notes: [],
      createdAt: finishedAt,
      updatedAt: finishedAt,
    };
  });

  return [...weekly, initial, ...others];
}

// ——— State ———

const state = { revisions: [] as StoredRevision[] };

// The schedules list says how many answers each schedule has, from this state.
setScheduleAnswersSource((scheduleId) => {
  const of = state.revisions.filter((r) => r.quizScheduleId === scheduleId);
  return { total: of.length, pending: of.filter((r) => r.status === 'pending').length };
});

/** Back to the fixtures (call in each story's `beforeEach`). */
export function resetAnswersState() {
  state.revisions = structuredClone(buildRevisions());
}
resetAnswersState();

/** The revisions as the handlers hold them now (stories assert on what changed). */
export function answerRevisionsState(): AnswerRevision[] {
  return state.revisions.map(toItem);
}

// ——— Rendering (as the API renders answers in pt-BR) ———

const number = (value: number, decimals: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);

const fileUrl = (key: string) => `/api/file/${key}`;

function valueOf(key: keyof typeof QUESTIONS, raw: RawAnswers): AnswerValue | null {
  switch (key) {
    case 'craving':
      return raw.craving ? { type: 'multiple-choice', alternativeIds: [raw.craving] } : null;
    case 'cravingFood':
      return raw.cravingFood !== undefined ? { type: 'free-field', text: raw.cravingFood } : null;
    case 'weight':
      return raw.weight !== undefined ? { type: 'metrics', value: raw.weight } : null;
    case 'waist':
      return raw.waist !== undefined ? { type: 'metrics', value: raw.waist } : null;
    case 'sleep':
      return raw.sleep !== undefined ? { type: 'linear-scale', value: raw.sleep } : null;
    case 'likert':
      return raw.likert ? { type: 'likert-scale', levels: { s1: raw.likert[0], s2: raw.likert[1] } } : null;
    case 'week':
      return raw.week !== undefined ? { type: 'free-field', text: raw.week } : null;
    case 'photos':
      return raw.photos?.length ? { type: 'file-upload', files: raw.photos } : null;
  }
}

function display(value: AnswerValue, config: QuestionConfig): string {
  switch (value.type) {
    case 'multiple-choice': {
      const alts = (config as MultipleChoiceConfig).alternatives;
      return value.alternativeIds.map((id) => alts.find((a) => a.id === id)?.label ?? id).join('; ');
    }
    case 'linear-scale':
      return number(value.value, 0);
    case 'likert-scale': {
      const c = config as LikertScaleConfig;
      return c.statements
        .filter((s) => s.id in value.levels)
        .map(
          (s) =>
            `${s.text.replace(/[.:;\s]+$/, '')}: ${c.levels.find((l) => l.id === value.levels[s.id])?.label ?? value.levels[s.id]}`,
        )
        .join('; ');
    }
    case 'free-field':
      return value.text;
    case 'file-upload':
      return value.files.map((f) => `${f.name} (${fileUrl(f.key)})`).join('; ');
    case 'metrics': {
      const c = config as MetricsConfig;
      return `${number(value.value, c.decimals)} ${c.unit}`;
    }
  }
}

const canonical = (v: AnswerValue) =>
  JSON.stringify(v.type === 'multiple-choice' ? { ...v, alternativeIds: [...v.alternativeIds].sort() } : v);
const filesOf = (v: AnswerValue): RevisionFile[] =>
  v.type === 'file-upload' ? v.files.map((f) => ({ ...f, url: fileUrl(f.key) })) : [];

function toItem(r: StoredRevision): AnswerRevision {
  const { answers: _a, notes, ...rest } = r;
  return { ...rest, noteCount: notes.length };
}

/** The same patient's answers to the same quiz, oldest first. */
const siblingsOf = (r: StoredRevision) =>
  state.revisions
    .filter((x) => x.patientId === r.patientId && x.quizId === r.quizId)
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));

function previousOf(r: StoredRevision, key: keyof typeof QUESTIONS) {
  const earlier = siblingsOf(r).filter((x) => x.finishedAt < r.finishedAt);
  for (let i = earlier.length - 1; i >= 0; i--) {
    const prev = earlier[i]!;
    const v = valueOf(key, prev.answers);
    if (v) {
      return {
        quizAnswerId: prev.quizAnswerId,
        revisionId: prev.id,
        finishedAt: prev.finishedAt,
        value: v,
        display: display(v, QUESTIONS[key].config),
        files: filesOf(v),
      };
    }
  }
  return null;
}

function answerOf(r: StoredRevision, key: keyof typeof QUESTIONS, at: string) {
  const value = valueOf(key, r.answers);
  if (!value) return null;
  const q = QUESTIONS[key];
  const previous = previousOf(r, key);
  return {
    ...q,
    value,
    display: display(value, q.config),
    files: filesOf(value),
    answeredAt: at,
    previous,
    changed: previous ? canonical(previous.value) !== canonical(value) : null,
  };
}

function detailOf(r: StoredRevision): AnswerRevisionDetail {
  const answers: RevisionAnswer[] = [];
  ORDER.forEach((key, i) => {
    const at = new Date(Date.parse(r.finishedAt) - (ORDER.length - i) * 40_000).toISOString();
    const a = answerOf(r, key, at);
    if (!a) return;
    const subAnswers: RevisionSubAnswer[] = [];
    if (key === 'craving' && r.answers.craving === 'sim') {
      const sub = answerOf(r, 'cravingFood', at);
      if (sub) subAnswers.push({ ...sub, parentQuestionId: Q.craving, alternativeId: 'sim' });
    }
    answers.push({ ...a, subAnswers });
  });
  const siblings = siblingsOf(r);
  const at = siblings.findIndex((x) => x.id === r.id);
  return {
    ...toItem(r),
    professionalName: professionalFixture.name,
    quizDescription: r.quizId === WEEKLY.id ? (WEEKLY.description ?? null) : (INITIAL.description ?? null),
    answers,
    notes: [...r.notes].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    previousRevisionId: siblings[at - 1]?.id ?? null,
    nextRevisionId: siblings[at + 1]?.id ?? null,
  };
}

// ——— Series ———

const SERIES_KEYS = ['weight', 'waist', 'sleep', 'likert'] as const;

function seriesOf(patientId: string, q: URLSearchParams): AnswerSeries[] {
  const from = q.get('from');
  const to = q.get('to');
  const revisions = state.revisions
    .filter((r) => r.patientId === patientId)
    .filter((r) => !q.get('quizId') || r.quizId === q.get('quizId'))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  return SERIES_KEYS.filter((key) => !q.get('questionId') || QUESTIONS[key].questionId === q.get('questionId'))
    .map((key): AnswerSeries => {
      const def = QUESTIONS[key];
      const metric = def.type === 'metrics' ? (def.config as MetricsConfig) : null;
      const points = revisions.flatMap((r) => {
        const v = valueOf(key, r.answers);
        if (!v) return [];
        const value =
          v.type === 'metrics' || v.type === 'linear-scale'
            ? v.value
            : v.type === 'likert-scale'
              ? Object.values(v.levels).reduce((sum, l) => sum + Number(l.slice(1)), 0) / Object.values(v.levels).length
              : NaN;
        return [{ date: r.finishedAt, value, quizAnswerId: r.quizAnswerId, quizId: r.quizId }];
      });
      return {
        questionId: def.questionId,
        title: def.title,
        acronym: def.acronym,
        type: def.type as AnswerSeries['type'],
        unit: metric?.unit ?? null,
        decimals: metric?.decimals ?? (def.type === 'likert-scale' ? 1 : 0),
        min: metric?.min ?? (def.type === 'linear-scale' ? 1 : def.type === 'likert-scale' ? 1 : null),
        max: metric?.max ?? (def.type === 'linear-scale' ? 5 : def.type === 'likert-scale' ? 5 : null),
        points,
      };
    })
    .filter((s) => s.points.length > 0);
}

// ——— Delayed requests (read from the scheduling state, so a resend takes one off the list) ———

const DELAY_MS = 48 * 3_600_000;

function delayedRequests(q: URLSearchParams): DelayedRequest[] {
  return schedulingSchedules()
    .filter(
      (s) =>
        s.lastRequest?.status === 'sent' &&
        s.lastRequest.sentAt &&
        Date.now() - Date.parse(s.lastRequest.sentAt) >= DELAY_MS,
    )
    .filter(
      (s) =>
        (!q.get('quizId') || s.quizId === q.get('quizId')) &&
        (!q.get('patientId') || s.patientId === q.get('patientId')),
    )
    .map((s, i) => {
      const r = s.lastRequest!;
      return {
        id: r.id,
        quizScheduleId: s.id,
        quizId: s.quizId,
        quizTitle: s.quizTitle,
        patientId: s.patientId,
        patientName: s.patientName,
        channel: s.channel,
        dueAt: r.dueAt,
        sentAt: r.sentAt!,
        delayedSince: new Date(Date.parse(r.sentAt!) + DELAY_MS).toISOString(),
        started: i % 3 === 1,
        attempts: r.attempts,
      };
    })
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

// ——— Status report ———

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
const empty = (): StatusCounts => ({ answered: 0, pending: 0, delayed: 0, cancelled: 0, expired: 0, total: 0 });
const add = (a: StatusCounts, b: StatusCounts) => {
  for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired', 'total'] as const) a[k] += b[k];
};

/**
 * The counts of one day, a function of the date alone (so a story's numbers do not depend on the
 * clock): a few answered every weekday, fewer at weekends; the last two days still pending.
 */
function dayCounts(date: string, today: string): StatusCounts {
  const n = Number(date.replace(/-/g, '')) % 97;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const age = dayCount(date, today) - 1;
  if (age < 0) return empty();
  const sent = weekend ? 1 + (n % 2) : 3 + (n % 4);
  const cancelled = n % 9 === 4 ? 1 : 0;
  const expired = n % 11 === 7 ? 1 : 0;
  const notAnswered = age < 2 ? 1 + (n % 2) : n % 5 === 2 ? 1 : 0;
  const pending = age < 2 ? notAnswered : 0;
  const delayed = age < 2 ? 0 : notAnswered;
  const answered = Math.max(0, sent - notAnswered);
  return { answered, pending, delayed, cancelled, expired, total: answered + pending + delayed + cancelled + expired };
}

const isoWeekStart = (date: string) => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return addDays(date, 1 - weekday);
};

export function statusReportFixture(
  options: {
    from?: string;
    to?: string;
    granularity?: 'day' | 'week';
    quizId?: string | null;
    patientId?: string | null;
  } = {},
): StatusReport {
  const today = spDate(new Date().toISOString());
  const to = options.to ?? today;
  const from = options.from ?? addDays(to, -29);
  const granularity = options.granularity ?? 'day';
  // One patient answers about a seventh of the practice's questionnaires.
  const scale = (c: StatusCounts): StatusCounts => {
    if (!options.patientId) return c;
    const s = (v: number) => Math.floor(v / 4);
    const r = {
      answered: s(c.answered),
      pending: s(c.pending),
      delayed: s(c.delayed),
      cancelled: 0,
      expired: 0,
      total: 0,
    };
    r.total = r.answered + r.pending + r.delayed;
    return r;
  };
  const days = Array.from({ length: dayCount(from, to) }, (_, i) => addDays(from, i)).map((date) => ({
    date,
    counts: scale(dayCounts(date, today)),
  }));
  const buckets: StatusBucket[] = [];
  for (const d of days) {
    const start = granularity === 'day' ? d.date : isoWeekStart(d.date) < from ? from : isoWeekStart(d.date);
    let bucket = buckets[buckets.length - 1];
    if (!bucket || bucket.start !== start) {
      bucket = { start, end: d.date, ...empty() };
      buckets.push(bucket);
    }
    bucket.end = d.date;
    add(bucket, d.counts);
  }
  const totals = empty();
  for (const b of buckets) add(totals, b);
  const split = (c: StatusCounts, share: number): StatusCounts => {
    const r = empty();
    for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired'] as const)
      r[k] = Math.round(c[k] * share);
    r.total = r.answered + r.pending + r.delayed + r.cancelled + r.expired;
    return r;
  };
  const weeklyShare = options.quizId ? (options.quizId === WEEKLY.id ? 1 : 0) : 0.75;
  const weekly = split(totals, weeklyShare);
  const initial = empty();
  for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired', 'total'] as const)
    initial[k] = totals[k] - weekly[k];
  const byQuiz = [
    { quizId: INITIAL.id, quizTitle: INITIAL.title, ...initial },
    { quizId: WEEKLY.id, quizTitle: WEEKLY.title, ...weekly },
  ].filter((q) => q.total > 0);
  const sent = totals.total - totals.cancelled;
  return { from, to, granularity, buckets, totals, answerRate: sent > 0 ? totals.answered / sent : null, byQuiz };
}

// ——— Export ———

function exportCsv(quizId: string, q: URLSearchParams): string {
  const from = q.get('from');
  const to = q.get('to');
  const status = q.get('status');
  const rows = state.revisions
    .filter((r) => r.quizId === quizId && (!status || r.status === status))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  const keys = ['craving', 'cravingFood', 'weight', 'waist', 'sleep', 'likert', 'week', 'photos'] as const;
  const header = ['Cliente', 'Respondido em', 'Status', ...keys.map((k) => QUESTIONS[k].title)];
  const cell = (t: string) => `"${(/^[=+\-@\t\r]/.test(t) ? `'${t}` : t).replace(/"/g, '""')}"`;
  const dateTime = (iso: string) => {
    const d = new Date(Date.parse(iso) - 3 * 3_600_000).toISOString();
    return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
  };
  const lines = [
    header,
    ...rows.map((r) => [
      r.patientName,
      dateTime(r.finishedAt),
      r.status === 'completed' ? 'Aprovada' : 'Pendente',
      ...keys.map((k) => {
        const v = valueOf(k, r.answers);
        return v ? display(v, QUESTIONS[k].config) : '';
      }),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(cell).join(';') + '\r\n').join('')}`;
}

// ——— Handlers ———

function listed(url: URL, fixed: { status?: string; quizId?: string } = {}): AnswerRevisionPage {
  const q = url.searchParams;
  const status = fixed.status ?? q.get('status');
  const quizId = fixed.quizId ?? q.get('quizId');
  const from = q.get('from');
  const to = q.get('to');
  const items = state.revisions
    .filter((r) => (!status || r.status === status) && (!quizId || r.quizId === quizId))
    .filter((r) => !q.get('patientId') || r.patientId === q.get('patientId'))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt))
    .map(toItem);
  return pageOf(items, url);
}

const find = (id: unknown) => state.revisions.find((r) => r.id === id);

/** An image for the uploaded photos (a plate), so thumbnails show something in stories. */
const PLATE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="#FDE68A"/><circle cx="160" cy="120" r="92" fill="#FFFFFF" stroke="#D1D5DB" stroke-width="4"/><circle cx="130" cy="100" r="30" fill="#84CC16"/><rect x="150" y="110" width="60" height="40" rx="10" fill="#B45309"/><circle cx="120" cy="150" r="18" fill="#F97316"/></svg>`;

/** The answer-review calls, answering as the API does when everything goes well (stateful). */
export const answersHandlers = {
  pending: http.get(api('/answer-revision/pending'), async ({ request }) => {
    await delay(30);
    return HttpResponse.json(listed(new URL(request.url), { status: 'pending' }));
  }),
  delayed: http.get(api('/answer-revision/delayed'), async ({ request }) => {
    await delay(30);
    const url = new URL(request.url);
    return HttpResponse.json(pageOf(delayedRequests(url.searchParams), url) satisfies DelayedRequestPage);
  }),
  statusReport: http.get(api('/answer-revision/status-report'), async ({ request }) => {
    await delay(40);
    const q = new URL(request.url).searchParams;
    const from = q.get('from') ?? undefined;
    const to = q.get('to') ?? undefined;
    if (from && to && to < from) return fail('WRONG_COMMAND_PARAMETERS');
    if (from && to && dayCount(from, to) > 366) return fail('WRONG_COMMAND_PARAMETERS');
    return HttpResponse.json(
      statusReportFixture({
        from,
        to,
        granularity: q.get('granularity') === 'week' ? 'week' : 'day',
        quizId: q.get('quizId'),
        patientId: q.get('patientId'),
      }),
    );
  }),
  export: http.get(api('/answer-revision/export'), async ({ request }) => {
    await delay(40);
    const q = new URL(request.url).searchParams;
    const quizId = q.get('quizId') ?? '';
    const quiz = schedulingQuizFixtures.find((x) => x.id === quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const format = q.get('format') === 'xlsx' ? 'xlsx' : 'csv';
    const name = `respostas-${quiz.title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}.${format}`;
    const csv = exportCsv(quiz.id, q);
    const body = format === 'csv' ? csv : new Blob(['PK\u0003\u0004', csv]);
    return new HttpResponse(body, {
      headers: {
        'Content-Type':
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  }),
  quiz: http.get(api('/answer-revision/quiz/:id'), async ({ params, request }) => {
    await delay(30);
    if (!schedulingQuizFixtures.some((q) => q.id === params.id)) return fail('QUIZ_NOT_FOUND');
    return HttpResponse.json(listed(new URL(request.url), { quizId: String(params.id) }));
  }),
  series: http.get(api('/answer-revision/patient/:patientId/series'), async ({ params, request }) => {
    await delay(40);
    const patientId = String(params.patientId);
    if (
      !state.revisions.some((r) => r.patientId === patientId) &&
      !schedulingExtraPatientFixtures.some((p) => p.id === patientId)
    )
      return fail('PATIENT_NOT_FOUND_ERROR');
    return HttpResponse.json({
      patientId,
      series: seriesOf(patientId, new URL(request.url).searchParams),
    } satisfies PatientSeries);
  }),
  schedule: http.get(
    api('/answer-revision/patient/:patientId/quizSchedule/:scheduleId'),
    async ({ params, request }) => {
      await delay(40);
      const url = new URL(request.url);
      const items = state.revisions
        .filter((r) => r.patientId === params.patientId && r.quizScheduleId === params.scheduleId)
        .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
      if (items.length === 0) {
        const known = schedulingSchedules().some((s) => s.id === params.scheduleId && s.patientId === params.patientId);
        return known ? fail('SCHEDULE_NOT_ANSWERED') : fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      }
      return HttpResponse.json(pageOf(items.map(detailOf), url) satisfies AnswerRevisionDetailPage);
    },
  ),
  list: http.get(api('/answer-revision'), async ({ request }) => {
    await delay(30);
    return HttpResponse.json(listed(new URL(request.url)));
  }),
  get: http.get(api('/answer-revision/:id'), async ({ params }) => {
    // Other `/answer-revision/<word>` paths (e.g. schedules-without-confirmation) are not revisions.
    if (!isUuid(String(params.id))) return undefined;
    await delay(40);
    const r = find(params.id);
    return r ? HttpResponse.json(detailOf(r)) : fail('REVISION_NOT_FOUND');
  }),
  approve: http.post(api('/answer-revision/:id/approve'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (r.status !== 'completed') Object.assign(r, { status: 'completed', approvedAt: nowIso(), updatedAt: nowIso() });
    return HttpResponse.json(toItem(r));
  }),
  setPending: http.post(api('/answer-revision/:id/pending'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (r.status !== 'pending') Object.assign(r, { status: 'pending', approvedAt: null, updatedAt: nowIso() });
    return HttpResponse.json(toItem(r));
  }),
  addNote: http.post(api('/answer-revision/:id/note'), async ({ params, request }) => {
    const body = (await request.json()) as { note: string };
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    const text = body.note.trim();
    if (!text || text.length > 2000) return fail('WRONG_COMMAND_PARAMETERS');
    const now = nowIso();
    const note: RevisionNote = {
      id: crypto.randomUUID(),
      revisionId: r.id,
      note: text,
      createdAt: now,
      updatedAt: now,
    };
    r.notes.push(note);
    return HttpResponse.json(note, { status: 201 });
  }),
  updateNote: http.put(api('/answer-revision/:id/note/:noteId'), async ({ params, request }) => {
    const body = (await request.json()) as { note: string };
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    const note = r.notes.find((n) => n.id === params.noteId);
    if (!note) return fail('NOT_FOUND');
    const text = body.note.trim();
    if (!text || text.length > 2000) return fail('WRONG_COMMAND_PARAMETERS');
    Object.assign(note, { note: text, updatedAt: nowIso() });
    return HttpResponse.json(note);
  }),
  deleteNote: http.delete(api('/answer-revision/:id/note/:noteId'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (!r.notes.some((n) => n.id === params.noteId)) return fail('NOT_FOUND');
    r.notes = r.notes.filter((n) => n.id !== params.noteId);
    return new HttpResponse(null, { status: 204 });
  }),
  /** One patient (the filters show the chosen client's name): Mariana, Carlos and the 32 others. */
  patient: http.get(api('/patient/:id'), ({ params }) => {
    if (!isUuid(String(params.id))) return undefined;
    const patient = schedulingPatientFixtures.find((p) => p.id === params.id);
    return patient ? HttpResponse.json(patient) : fail('PATIENT_NOT_FOUND_ERROR');
  }),
  file: http.get(api('/file/answers/:name'), ({ params }) => {
    const name = String(params.name);
    if (name.endsWith('.pdf'))
      return new HttpResponse('%PDF-1.4\n%story\n', { headers: { 'Content-Type': 'application/pdf' } });
    return new HttpResponse(PLATE_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
  }),
};

/**
 * Every answer-review handler in the order MSW must try them (fixed paths before `/:id`). Put it
 * before the scheduling list when both are used; `get` lets other `/answer-revision/<word>` paths through.
 */
export const answersHandlerList = [
  answersHandlers.pending,
  answersHandlers.delayed,
  answersHandlers.statusReport,
  answersHandlers.export,
  answersHandlers.quiz,
  answersHandlers.series,
  answersHandlers.schedule,
  answersHandlers.list,
  answersHandlers.approve,
  answersHandlers.setPending,
  answersHandlers.addNote,
  answersHandlers.updateNote,
  answersHandlers.deleteNote,
  answersHandlers.get,
  answersHandlers.patient,
  answersHandlers.file,
];
