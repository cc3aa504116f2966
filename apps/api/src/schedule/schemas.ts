import { z } from 'zod';
import { ANSWER_REQUEST_KINDS, ANSWER_REQUEST_STATUSES, PERIODICITIES } from '../db/schema.js';
import { ErrorCodeSchema } from '../errors/schemas.js';
import { calendarDate } from '../lib/dates.js';
import { pagination } from '../lib/text.js';
import { NotificationChannelSchema } from '../patient/schemas.js';

export const PeriodicitySchema = z.enum(PERIODICITIES).meta({
  id: 'Periodicity',
  description:
    "once; 'days' = every intervalDays days; 'weekly' = on the chosen ISO weekdays; 'monthly' = same day every month (the last day in shorter months).",
});
export const AnswerRequestStatusSchema = z.enum(ANSWER_REQUEST_STATUSES).meta({ id: 'AnswerRequestStatus' });
export const AnswerRequestKindSchema = z.enum(ANSWER_REQUEST_KINDS).meta({
  id: 'AnswerRequestKind',
  description: "scheduled: an occurrence of the recurrence; now: 'request now'; resend: a re-publication.",
});

export const AnswerRequestSchema = z
  .object({
    id: z.uuid().meta({ description: "The answer request (the spec's scheduleId / schedule answer)." }),
    quizScheduleId: z.uuid(),
    kind: AnswerRequestKindSchema,
    dueAt: z.iso.datetime(),
    status: AnswerRequestStatusSchema,
    sentAt: z.iso.datetime().nullable(),
    answeredAt: z.iso.datetime().nullable(),
    attempts: z.number().int().meta({ description: 'Delivery attempts made, failed ones included.' }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: 'Why the last delivery attempt failed (Portuguese), null when it did not.' }),
    lastErrorCode: ErrorCodeSchema.nullable().meta({
      description:
        'NOTIFICATION_CHANNEL_ERROR, WHATSAPP_INTEGRATION_ERROR, DELIVERY_RULE_EXCEPTION, PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR…',
    }),
  })
  .meta({ id: 'AnswerRequest', description: 'One due occurrence of a quiz schedule and its delivery state.' });

export const QuizScheduleSchema = z
  .object({
    id: z.uuid().meta({ description: 'quizScheduleId.' }),
    quizId: z.uuid(),
    quizTitle: z.string(),
    patientId: z.uuid(),
    patientName: z.string(),
    startDate: z.iso.date(),
    hour: z.number().int().min(0).max(23).meta({ description: 'Hour of the day in America/Sao_Paulo.' }),
    periodicity: PeriodicitySchema,
    intervalDays: z.number().int().nullable(),
    weekdays: z.array(z.number().int().min(1).max(7)).meta({ description: 'ISO weekdays, 1 = Monday … 7 = Sunday.' }),
    endDate: z.iso.date().nullable(),
    channel: NotificationChannelSchema,
    enabled: z.boolean(),
    link: z.string().meta({ description: 'The stable survey link: <publicUrl>/quiz-survey/<id>.' }),
    nextDueAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "Due time of the pending 'scheduled' request, null when none." }),
    lastRequest: AnswerRequestSchema.nullable().meta({ description: 'The most recent answer request (by due time).' }),
    pinLocked: z.boolean().meta({ description: 'Too many wrong PINs: the link is locked for a while.' }),
    answers: z
      .object({
        total: z.number().int().meta({ description: 'Answered occurrences (answer revisions) of this schedule.' }),
        pending: z.number().int().meta({ description: 'Of those, how many wait for the professional’s review.' }),
      })
      .meta({
        id: 'QuizScheduleAnswers',
        description: 'What the patient answered on this schedule, for a link to the answers.',
      }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'QuizSchedule', description: 'One patient × one quiz × a recurrence.' });

/** A schedule seen from the patient's profile (GET /patient/{patientId}/quizzes). */
export const PatientQuizSchema = QuizScheduleSchema.extend({
  quizScheduleId: z.uuid().meta({ description: 'Same as id.' }),
}).meta({ id: 'PatientQuiz', description: "One of the patient's live quiz schedules." });

export const PatientQuizPageSchema = z
  .object({ items: z.array(PatientQuizSchema), total: z.number().int() })
  .meta({ id: 'PatientQuizPage' });

export const QuizScheduleDetailSchema = QuizScheduleSchema.extend({
  requests: z.array(AnswerRequestSchema).meta({ description: 'Newest first, at most 50.' }),
}).meta({ id: 'QuizScheduleDetail' });

export const QuizSchedulePageSchema = z
  .object({ items: z.array(QuizScheduleSchema), total: z.number().int() })
  .meta({ id: 'QuizSchedulePage' });

/**
 * The recurrence as received. hour and periodicity are checked by the service (not by the schema) so
 * that a wrong value answers the spec's WRONG_HOUR_VALUE / WRONG_PERIODICITY_TIME.
 */
export const recurrenceFields = {
  startDate: calendarDate().meta({
    description: 'São Paulo date of the first occurrence, not before today (else WRONG_START_DATE).',
  }),
  hour: z.number().meta({
    type: 'integer',
    minimum: 0,
    maximum: 23,
    description: 'Hour of the day (0–23) in America/Sao_Paulo; else WRONG_HOUR_VALUE.',
  }),
  periodicity: z
    .string()
    .max(20)
    .meta({ enum: [...PERIODICITIES], description: 'once | days | weekly | monthly; else WRONG_PERIODICITY_TIME.' }),
  intervalDays: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ description: "For 'days': every N days (1–365), else WRONG_PERIODICITY_TIME. Ignored otherwise." }),
  weekdays: z.array(z.number().int()).max(7).nullable().optional().meta({
    description:
      "For 'weekly' (required): ISO weekdays 1 = Monday … 7 = Sunday. Given for another periodicity → WRONG_PERIODICITY_TIME.",
  }),
  endDate: calendarDate()
    .nullable()
    .optional()
    .meta({ description: 'Last São Paulo date an occurrence may fall on; not before startDate.' }),
  channel: NotificationChannelSchema.optional().meta({ description: "Default: the patient's preferred channel." }),
};

/**
 * The conditional rules validateRecurrence (recurrence-validation.ts) applies, stated in the document as
 * if/then: 'days' needs intervalDays 1–365, 'weekly' one or more weekdays 1–7, and only 'weekly' takes weekdays.
 * The schema itself stays loose so that a wrong value answers the spec's WRONG_PERIODICITY_TIME.
 */
const weekdayItems = { type: 'integer', minimum: 1, maximum: 7 };
export const RECURRENCE_RULES = {
  allOf: [
    {
      if: { properties: { periodicity: { const: 'days' } }, required: ['periodicity'] },
      then: { properties: { intervalDays: { type: 'integer', minimum: 1, maximum: 365 } }, required: ['intervalDays'] },
    },
    {
      if: { properties: { periodicity: { const: 'weekly' } }, required: ['periodicity'] },
      then: {
        properties: { weekdays: { type: 'array', minItems: 1, maxItems: 7, items: weekdayItems } },
        required: ['weekdays'],
      },
      else: { properties: { weekdays: { type: ['array', 'null'], maxItems: 0, items: weekdayItems } } },
    },
  ],
};

export const RecurrenceSchema = z
  .object(recurrenceFields)
  .strict()
  .meta({ id: 'Recurrence', ...RECURRENCE_RULES });
export type Recurrence = z.infer<typeof RecurrenceSchema>;

export const CreateQuizScheduleBody = z
  .object({ quizId: z.uuid(), patientId: z.uuid(), ...recurrenceFields })
  .strict()
  .meta(RECURRENCE_RULES);
export const RescheduleBody = z
  .object({ quizScheduleId: z.uuid(), ...recurrenceFields })
  .strict()
  .meta(RECURRENCE_RULES);
export const RequestNowBody = z.object({ quizScheduleId: z.uuid() }).strict();
export const CancelAnswerRequestBody = z
  .object({ scheduleId: z.uuid().meta({ description: 'The answer request to cancel.' }) })
  .strict();
export const RepublishBody = z
  .object({
    schedules: z
      .array(z.object({ scheduleId: z.uuid() }).strict())
      .min(1)
      .max(1000),
  })
  .strict();

export const RepublishDetailSchema = z
  .object({ scheduleId: z.uuid(), application_error_code: ErrorCodeSchema, message: z.string() })
  .meta({ id: 'RepublishDetail' });
export const RepublishResultSchema = z
  .object({
    resent: z.number().int().meta({ description: 'Requests queued again (a new PIN and a new message each).' }),
    details: z.array(RepublishDetailSchema).meta({ description: 'Requests that could not be resent, and why.' }),
  })
  .meta({ id: 'RepublishResult' });

export const ScheduleIdParams = z.object({ id: z.uuid() });
export const DeleteScheduleParams = z.object({ quizScheduleId: z.uuid(), patientId: z.uuid() });

export const ListQuizSchedulesQuery = z.object({
  quizId: z.uuid().optional(),
  patientId: z.uuid().optional(),
  status: z.enum(['enabled', 'disabled', 'pending', 'sent', 'answered']).optional().meta({
    description:
      "enabled/disabled: the schedule's flag; pending: the latest request is waiting to be sent; sent: the latest request was sent and is not answered; answered: the latest request was answered.",
  }),
  ...pagination,
});

export const UnconfirmedRequestSchema = z
  .object({
    id: z.uuid().meta({ description: 'The answer request.' }),
    quizScheduleId: z.uuid(),
    quizId: z.uuid(),
    quizTitle: z.string(),
    patientId: z.uuid(),
    patientName: z.string(),
    channel: NotificationChannelSchema,
    dueAt: z.iso.datetime(),
    sentAt: z.iso.datetime(),
    attempts: z.number().int(),
  })
  .meta({ id: 'UnconfirmedRequest', description: 'A request sent to a patient and not answered yet.' });

export const UnconfirmedRequestPageSchema = z
  .object({ items: z.array(UnconfirmedRequestSchema), total: z.number().int() })
  .meta({ id: 'UnconfirmedRequestPage' });

export const UnconfirmedQuery = z.object({ quizId: z.uuid().optional(), ...pagination });
