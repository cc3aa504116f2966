import { z } from 'zod';
import { multiline } from '../lib/input-guard.js';
import { REVISION_STATUSES } from '../db/schema.js';
import { calendarDate } from '../lib/dates.js';
import { pagination } from '../lib/text.js';
import { NotificationChannelSchema } from '../patient/schemas.js';
import { FileContentTypeSchema, QuestionConfigSchema, QuestionTypeSchema } from '../question/schemas.js';
import { AnswerValueSchema } from '../quiz-answer/schemas.js';

/** A request sent this many hours ago and still not answered is delayed. */
export const DELAY_HOURS = 48;
/** Longest period of the status report and of an export, in days. */
export const MAX_PERIOD_DAYS = 366;
/** Most answers in one export. */
export const MAX_EXPORT_ROWS = 5000;
export const NOTE_MAX_LENGTH = 2000;

export const RevisionStatusSchema = z
  .enum(REVISION_STATUSES)
  .meta({ id: 'RevisionStatus', description: 'pending: waiting for the professional’s review; completed: approved.' });

// ───────────────────────── Notes ─────────────────────────

export const RevisionNoteSchema = z
  .object({
    id: z.uuid(),
    revisionId: z.uuid(),
    note: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'RevisionNote', description: "A professional's note on an answer revision." });

export const NoteBody = z
  .object({
    note: multiline(
      z
        .string()
        .trim()
        .min(1, 'Escreva a anotação.')
        .max(NOTE_MAX_LENGTH, `A anotação deve ter no máximo ${NOTE_MAX_LENGTH} caracteres.`),
    ).meta({ description: `The note's text: trimmed, 1–${NOTE_MAX_LENGTH} characters.` }),
  })
  .strict();

// ───────────────────────── Lists ─────────────────────────

export const AnswerRevisionSchema = z
  .object({
    id: z.uuid().meta({ description: 'The revision.' }),
    status: RevisionStatusSchema,
    quizAnswerId: z.uuid(),
    answerRequestId: z.uuid(),
    quizScheduleId: z.uuid(),
    patientId: z.uuid(),
    patientName: z.string(),
    quizId: z.uuid(),
    quizTitle: z.string(),
    finishedAt: z.iso.datetime().meta({ description: 'When the patient finished answering.' }),
    approvedAt: z.iso.datetime().nullable().meta({ description: 'When it was approved; null while pending.' }),
    noteCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AnswerRevision', description: 'The review of one finished quiz answer.' });

export const AnswerRevisionPageSchema = z
  .object({
    items: z.array(AnswerRevisionSchema),
    total: z
      .number()
      .int()
      .meta({ description: 'Every revision matching the filters (e.g. the drawer badge: pending with take=1).' }),
  })
  .meta({ id: 'AnswerRevisionPage' });

const periodFields = {
  from: calendarDate().optional().meta({ description: 'First São Paulo date (YYYY-MM-DD) of the period, inclusive.' }),
  to: calendarDate().optional().meta({ description: 'Last São Paulo date (YYYY-MM-DD) of the period, inclusive.' }),
};

export const ListRevisionsQuery = z.object({
  status: RevisionStatusSchema.optional(),
  quizId: z.uuid().optional(),
  patientId: z.uuid().optional(),
  ...periodFields,
  ...pagination,
});
export const ListPendingQuery = ListRevisionsQuery.omit({ status: true });
export const ListQuizRevisionsQuery = ListRevisionsQuery.omit({ quizId: true });

// ───────────────────────── Detail ─────────────────────────

export const RevisionFileSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    contentType: FileContentTypeSchema,
    size: z.number().int(),
    url: z.string().meta({ description: 'GET it to download or show the file (GET /file/{key}).' }),
  })
  .meta({ id: 'RevisionFile' });

export const PreviousAnswerSchema = z
  .object({
    quizAnswerId: z.uuid(),
    revisionId: z.uuid().nullable(),
    finishedAt: z.iso.datetime(),
    value: AnswerValueSchema,
    display: z.string(),
    files: z.array(RevisionFileSchema),
  })
  .meta({
    id: 'PreviousAnswer',
    description: 'The latest earlier answer of the same patient to the same question in the same quiz.',
  });

const answerFields = {
  questionId: z.uuid(),
  type: QuestionTypeSchema,
  title: z.string(),
  acronym: z.string().nullable(),
  description: z.string().nullable(),
  config: QuestionConfigSchema,
  value: AnswerValueSchema,
  display: z
    .string()
    .meta({ description: 'The answer as pt-BR text (numbers with a decimal comma and the unit, choices by label).' }),
  files: z.array(RevisionFileSchema).meta({ description: 'The uploaded files (file-upload answers), else empty.' }),
  answeredAt: z.iso.datetime(),
  previous: PreviousAnswerSchema.nullable(),
  changed: z
    .boolean()
    .nullable()
    .meta({ description: 'Differs from `previous`; null when there is no previous answer.' }),
};

export const RevisionSubAnswerSchema = z
  .object({
    ...answerFields,
    parentQuestionId: z.uuid(),
    alternativeId: z.string().meta({ description: 'The chosen alternative of the parent that opened it.' }),
  })
  .meta({
    id: 'RevisionSubAnswer',
    description: 'The answer to a sub-question opened by the parent’s chosen alternative.',
  });

export const RevisionAnswerSchema = z
  .object({
    ...answerFields,
    subAnswers: z.array(RevisionSubAnswerSchema).meta({ description: 'Answered sub-questions, in alternative order.' }),
  })
  .meta({
    id: 'RevisionAnswer',
    description: 'One question of the quiz as answered (from the snapshot taken when the patient started).',
  });

export const AnswerRevisionDetailSchema = AnswerRevisionSchema.extend({
  professionalName: z.string(),
  quizDescription: z.string().nullable(),
  answers: z
    .array(RevisionAnswerSchema)
    .meta({ description: 'Question by question, in the order the patient saw them.' }),
  notes: z.array(RevisionNoteSchema).meta({ description: 'Oldest first.' }),
  previousRevisionId: z
    .uuid()
    .nullable()
    .meta({ description: "The revision of the same patient's previous answer to this quiz." }),
  nextRevisionId: z
    .uuid()
    .nullable()
    .meta({ description: "The revision of the same patient's next answer to this quiz." }),
}).meta({
  id: 'AnswerRevisionDetail',
  description: 'One answered quiz for review: answers, what changed since the previous one, notes.',
});

export const AnswerRevisionDetailPageSchema = z
  .object({ items: z.array(AnswerRevisionDetailSchema), total: z.number().int() })
  .meta({ id: 'AnswerRevisionDetailPage' });

// ───────────────────────── Series ─────────────────────────

export const SeriesPointSchema = z
  .object({
    date: z.iso.datetime().meta({ description: 'When the answer was finished.' }),
    value: z.number(),
    quizAnswerId: z.uuid(),
    quizId: z.uuid(),
  })
  .meta({ id: 'SeriesPoint' });

export const AnswerSeriesSchema = z
  .object({
    questionId: z.uuid(),
    title: z.string(),
    acronym: z.string().nullable(),
    type: z.enum(['metrics', 'linear-scale', 'likert-scale']),
    unit: z.string().nullable().meta({ description: 'Metrics: the unit (kg, cm…); null for scales.' }),
    decimals: z.number().int().meta({ description: 'Decimals to show (0 for linear scales).' }),
    min: z.number().nullable(),
    max: z.number().nullable(),
    points: z.array(SeriesPointSchema).meta({ description: 'Oldest first.' }),
  })
  .meta({
    id: 'AnswerSeries',
    description:
      'One question answered over time. Metrics: the value in the unit; linear scale: the chosen value; Likert scale: the mean ' +
      'position of the chosen levels (1 = first level … max = last level).',
  });

export const PatientSeriesSchema = z
  .object({
    patientId: z.uuid(),
    series: z.array(AnswerSeriesSchema).meta({ description: 'In the order the questions were last asked.' }),
  })
  .meta({ id: 'PatientSeries' });

export const SeriesQuery = z.object({
  questionId: z.uuid().optional().meta({ description: 'Only this question.' }),
  quizId: z.uuid().optional().meta({ description: 'Only answers to this quiz.' }),
  ...periodFields,
});

// ───────────────────────── Delayed ─────────────────────────

export const DelayedRequestSchema = z
  .object({
    id: z.uuid().meta({ description: 'The answer request (the scheduleId of PATCH /quiz/schedule/re-publish).' }),
    quizScheduleId: z.uuid(),
    quizId: z.uuid(),
    quizTitle: z.string(),
    patientId: z.uuid(),
    patientName: z.string(),
    channel: NotificationChannelSchema,
    dueAt: z.iso.datetime(),
    sentAt: z.iso.datetime(),
    delayedSince: z.iso.datetime().meta({ description: `sentAt + ${DELAY_HOURS} hours.` }),
    started: z.boolean().meta({ description: 'The patient started answering and did not finish.' }),
    attempts: z.number().int(),
  })
  .meta({
    id: 'DelayedRequest',
    description: `A request sent more than ${DELAY_HOURS} hours ago and still not answered.`,
  });

export const DelayedRequestPageSchema = z
  .object({ items: z.array(DelayedRequestSchema), total: z.number().int() })
  .meta({ id: 'DelayedRequestPage' });

export const DelayedQuery = z.object({ quizId: z.uuid().optional(), patientId: z.uuid().optional(), ...pagination });

// ───────────────────────── Status report ─────────────────────────

export const StatusCountsSchema = z
  .object({
    answered: z.number().int(),
    pending: z
      .number()
      .int()
      .meta({ description: `Sent, not answered, sent less than ${DELAY_HOURS} hours ago.` }),
    delayed: z
      .number()
      .int()
      .meta({ description: `Sent, not answered, sent ${DELAY_HOURS} hours ago or more.` }),
    cancelled: z.number().int(),
    expired: z.number().int().meta({
      description: 'Sent and closed without an answer (a newer occurrence replaced it, or the schedule was deleted).',
    }),
    total: z.number().int(),
  })
  .meta({ id: 'StatusCounts' });

export const StatusBucketSchema = StatusCountsSchema.extend({
  start: z.iso
    .date()
    .meta({ description: 'First São Paulo date of the bucket (the period start for a first partial week).' }),
  end: z.iso
    .date()
    .meta({ description: 'Last São Paulo date of the bucket (the period end for a last partial week).' }),
}).meta({ id: 'StatusBucket' });

export const QuizStatusCountsSchema = StatusCountsSchema.extend({ quizId: z.uuid(), quizTitle: z.string() }).meta({
  id: 'QuizStatusCounts',
});

export const StatusReportSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    granularity: z.enum(['day', 'week']),
    buckets: z
      .array(StatusBucketSchema)
      .meta({ description: 'Every day (or ISO week, Monday to Sunday) of the period, empty ones included.' }),
    totals: StatusCountsSchema,
    answerRate: z
      .number()
      .nullable()
      .meta({ description: 'answered / (total − cancelled), 0–1; null when nothing was sent.' }),
    byQuiz: z.array(QuizStatusCountsSchema).meta({ description: 'The same counts per quiz, by quiz title.' }),
  })
  .meta({
    id: 'StatusReport',
    description:
      'Answer requests of the period, each counted once on the São Paulo day it was sent (the due day for one cancelled before ' +
      'sending), with its status now. Requests not sent yet are not counted.',
  });

export const StatusReportQuery = z.object({
  from: calendarDate()
    .optional()
    .meta({ description: 'Period start (São Paulo date, inclusive). Default: 29 days before `to`.' }),
  to: calendarDate().optional().meta({ description: 'Period end (São Paulo date, inclusive). Default: today.' }),
  quizId: z.uuid().optional(),
  patientId: z.uuid().optional(),
  granularity: z.enum(['day', 'week']).default('day'),
});

// ───────────────────────── Export ─────────────────────────

export const ExportQuery = z.object({
  quizId: z.uuid(),
  ...periodFields,
  status: RevisionStatusSchema.optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

// ───────────────────────── Params ─────────────────────────

export const RevisionIdParams = z.object({ id: z.uuid() });
export const QuizIdParams = z.object({ id: z.uuid().meta({ description: 'The quiz.' }) });
export const NoteParams = z.object({ id: z.uuid(), noteId: z.uuid() });
export const PatientScheduleParams = z.object({
  patientId: z.uuid(),
  scheduleId: z.uuid().meta({ description: 'The quizScheduleId.' }),
});
export const PatientParams = z.object({ patientId: z.uuid() });
