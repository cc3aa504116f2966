/** The answer fixtures: the starter library's questions, each patient's raw answers, the revisions built from them. */
import type {
  LikertScaleConfig,
  MetricsConfig,
  MultipleChoiceConfig,
  QuestionConfig,
  QuestionType,
  RevisionFile,
  RevisionNote,
} from '../gen/types.gen';
import { practicePatientFixture } from './practice-fixtures';
import {
  marianaInitialScheduleFixture,
  marianaWeeklyScheduleFixture,
  schedulingExtraPatientFixtures,
  schedulingQuizFixtures,
} from './scheduling-fixtures';
import { schedulingSchedules } from './scheduling-state';

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
export const Q = ANSWER_QUESTION_IDS;

interface QuestionDef {
  questionId: string;
  type: QuestionType;
  title: string;
  acronym: string | null;
  description: string | null;
  config: QuestionConfig;
}

export const QUESTIONS: Record<keyof typeof ANSWER_QUESTION_IDS, QuestionDef> = {
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
export const ORDER: (keyof typeof QUESTIONS)[] = ['craving', 'weight', 'waist', 'sleep', 'likert', 'week', 'photos'];

// ——— Raw answers ———

/** What one patient answered in one sitting (by question key); sub-answers sit under `cravingFood`. */
export interface RawAnswers {
  craving?: 'sim' | 'nao';
  cravingFood?: string;
  weight?: number;
  waist?: number;
  sleep?: number;
  likert?: [string, string];
  week?: string;
  photos?: { key: string; name: string; contentType: RevisionFile['contentType']; size: number }[];
}

export interface StoredRevision {
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

export const [WEEKLY, INITIAL] = schedulingQuizFixtures as [
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

export function buildRevisions(): StoredRevision[] {
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
