import { z } from 'zod';
import { multiline } from '../lib/input-guard.js';
import { ColorSchemeSchema, ResolvedAppearanceSchema } from '../appearance/schemas.js';
import { FileContentTypeSchema, QuestionConfigSchema, QuestionTypeSchema } from '../question/schemas.js';
import { QuizFolderSchema } from '../quiz/schemas.js';

// ───────────────────────── PIN ─────────────────────────

export const ValidatePinBody = z
  .object({
    quizScheduleId: z.uuid(),
    pin: z
      .string()
      .trim()
      .max(6, 'O PIN tem 6 dígitos.')
      .regex(/^\d{6}$/, 'O PIN tem 6 dígitos.'),
  })
  .strict();

export const SurveyTokenSchema = z
  .object({
    token: z.string().meta({
      description: 'Send as `Authorization: Bearer <token>` on the quiz-answer calls and on POST /file/signed-url.',
    }),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'SurveyToken', description: 'A short-lived survey token scoped to one quiz schedule (2 hours).' });

// ───────────────────────── Answer values ─────────────────────────

export const AnswerFileSchema = z
  .object({
    key: z.string().min(1).max(400).meta({ description: 'The stored key returned by POST /file/signed-url.' }),
    name: z.string().trim().min(1).max(200).meta({ description: 'The original file name.' }),
    contentType: FileContentTypeSchema,
    size: z.number().int().min(1).meta({ description: 'Bytes.' }),
  })
  .strict()
  .meta({ id: 'AnswerFile' });

export const AnswerValueSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('multiple-choice'),
        alternativeIds: z
          .array(z.string().min(1).max(64))
          .min(1)
          .max(20)
          .meta({ description: 'One, or several when allowMultiple.' }),
      })
      .strict(),
    z.object({ type: z.literal('linear-scale'), value: z.number().int().min(0).max(10) }).strict(),
    z
      .object({
        type: z.literal('likert-scale'),
        levels: z
          .record(z.string().min(1).max(64), z.string().min(1).max(64))
          .meta({ description: 'statementId → levelId, for every statement.' }),
      })
      .strict(),
    z.object({ type: z.literal('free-field'), text: multiline(z.string().max(5000)) }).strict(),
    z.object({ type: z.literal('file-upload'), files: z.array(AnswerFileSchema).min(1).max(5) }).strict(),
    z
      .object({
        type: z.literal('metrics'),
        value: z
          .number()
          .min(-1_000_000)
          .max(1_000_000)
          .meta({ description: 'In the unit of the question, within its bounds and decimals.' }),
      })
      .strict(),
  ])
  .meta({ id: 'AnswerValue', description: 'An answer, shaped by the question type (`type` must be the question’s).' });

export type AnswerValue = z.infer<typeof AnswerValueSchema>;

// ───────────────────────── The flow ─────────────────────────

export const SurveySubQuestionSchema = z
  .object({
    questionId: z.uuid(),
    alternativeId: z.string().meta({ description: 'The alternative of the parent question that opens it.' }),
    type: QuestionTypeSchema,
    title: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    config: QuestionConfigSchema,
  })
  .meta({ id: 'SurveySubQuestion' });

export const SurveyQuestionSchema = z
  .object({
    questionId: z.uuid(),
    type: QuestionTypeSchema,
    title: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    config: QuestionConfigSchema,
    subQuestions: z.array(SurveySubQuestionSchema).meta({
      description: 'Sub-questions the quiz chose, in alternative order; each is asked after its alternative is chosen.',
    }),
  })
  .meta({ id: 'SurveyQuestion', description: 'One enabled question of the quiz flow, in order.' });

export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

export const SurveyAnswerSchema = z
  .object({
    questionId: z.uuid(),
    parentQuestionId: z
      .uuid()
      .nullable()
      .meta({ description: 'For a sub-question: the multiple-choice question that opened it.' }),
    value: AnswerValueSchema,
    answeredAt: z.iso.datetime(),
  })
  .meta({ id: 'SurveyAnswer' });

export const SurveyNextSchema = z
  .object({ questionId: z.uuid(), parentQuestionId: z.uuid().nullable() })
  .nullable()
  .meta({
    id: 'SurveyNext',
    description: 'The question to answer now; null when every question is answered (then finish).',
  });

export const QuizAnswerProgressSchema = z
  .object({
    quizAnswerId: z.uuid(),
    status: z.enum(['in_progress', 'finished']),
    answers: z.array(SurveyAnswerSchema).meta({ description: 'In answering order.' }),
    next: SurveyNextSchema,
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'QuizAnswerProgress' });

export type QuizAnswerProgress = z.infer<typeof QuizAnswerProgressSchema>;

export const SurveyStateSchema = z
  .object({
    quizScheduleId: z.uuid(),
    state: z.enum(['open', 'answered', 'nothing-pending']).meta({
      description:
        'open: a sent request waits for answers; answered: the latest one was answered; nothing-pending: nothing to answer now.',
    }),
    answerRequestId: z.uuid().nullable(),
    quizAnswerId: z.uuid().nullable().meta({ description: 'Set once the patient started (POST /quiz-answer).' }),
    quiz: z.object({ id: z.uuid(), title: z.string(), description: z.string().nullable() }),
    professionalName: z.string(),
    folder: QuizFolderSchema,
    appearance: ResolvedAppearanceSchema.nullable().meta({
      description: "The quiz's appearance, else the professional's default, else the built-in one.",
    }),
    questions: z.array(SurveyQuestionSchema).meta({
      description: 'The flow: the snapshot taken when the patient started, else the quiz as it is now.',
    }),
    answers: z.array(SurveyAnswerSchema),
    next: SurveyNextSchema,
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({
    id: 'SurveyState',
    description: 'Everything the survey needs to show the quiz and resume where the patient stopped.',
  });

export type SurveyState = z.infer<typeof SurveyStateSchema>;

// ───────────────────────── Bodies and params ─────────────────────────

export const StartQuizAnswerBody = z.object({ quizScheduleId: z.uuid(), answerRequestId: z.uuid() }).strict();

export const SaveQuizAnswerBody = z
  .object({
    idempotencyKey: z.string().trim().min(8).max(100).meta({
      description:
        'Chosen by the client per save (e.g. a UUID); a retried request with the same key is stored once and answers the same.',
    }),
    answer: z
      .object({
        questionId: z.uuid(),
        parentQuestionId: z.uuid().nullable().optional().meta({ description: 'Required for a sub-question.' }),
        value: AnswerValueSchema,
        replace: z
          .boolean()
          .optional()
          .meta({
            description:
              'Change an answer already given (the patient went back): the stored answer takes this value, and the ' +
              'sub-answers its parent no longer opens are dropped. Without it, an answered question → 409 ANSWER_ALREADY_REGISTERED.',
          }),
      })
      .strict()
      .optional(),
    finish: z
      .boolean()
      .optional()
      .meta({ description: 'Finish after saving `answer` (if any); only when `next` is null.' }),
  })
  .strict()
  .refine((b) => b.answer !== undefined || b.finish === true, {
    message: 'Envie uma resposta ou finalize.',
    path: ['answer'],
  });

/** The professional's public presentation on a survey link: shown before the PIN, never anything of the patient. */
export const SurveyBrandSchema = z
  .object({
    professionalName: z.string(),
    profilePic: z.string().nullable().meta({ description: 'A short-lived signed link, like every file address.' }),
    subtitle: z.string().meta({ description: "Under her name ('Nutricionista' by default)." }),
    colorScheme: ColorSchemeSchema,
    forwardText: z.string().meta({ description: "The label that moves between questions ('Prosseguir' by default)." }),
  })
  .meta({
    id: 'SurveyBrand',
    description:
      "Who sent the survey: the professional's name and the quiz's appearance, so the patient recognises it before the PIN.",
  });

export type SurveyBrand = z.infer<typeof SurveyBrandSchema>;

export const ScheduleIdParams = z.object({
  scheduleId: z.uuid().meta({ description: 'The quizScheduleId (the survey link).' }),
});
export const QuizAnswerIdParams = z.object({ quizAnswerId: z.uuid() });
