import { z } from 'zod';
import { fileLink } from '../lib/file-link.js';
import { multiline } from '../lib/input-guard.js';
import { ResolvedAppearanceSchema } from '../appearance/schemas.js';
import { hexColor } from '../lib/text.js';
import { QuestionSchema } from '../question/schemas.js';

export const QuizFolderSchema = z
  .object({
    title: z.string().nullable(),
    image: z.string().nullable(),
    subtitle: z.string().nullable(),
    quizTitle: z.string().nullable(),
    titlesColor: z.string().nullable(),
    buttonTitle: z.string().nullable(),
    buttonColors: z.object({ background: z.string().nullable(), text: z.string().nullable() }),
  })
  .meta({ id: 'QuizFolder', description: "The quiz's cover (the spec's folder)." });

export const ChosenQuestionSchema = z
  .object({
    id: z.uuid(),
    enabled: z.boolean(),
    subquestions: z.array(z.object({ id: z.uuid() })).meta({
      description: "Chosen sub-questions; each must be offered by one of this question's alternatives.",
    }),
  })
  .meta({ id: 'ChosenQuestion' });

export const QuizSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    isActive: z.boolean(),
    appearanceId: z.uuid().nullable().meta({ description: "null: the professional's default appearance." }),
    folder: QuizFolderSchema,
    questionsList: z.array(z.uuid()).meta({ description: 'The flowchart order (question ids).' }),
    chosenQuestions: z.array(ChosenQuestionSchema),
    questionCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Quiz' });

export const QuizDetailSchema = QuizSchema.extend({
  questions: z.array(QuestionSchema).meta({ description: 'Every question and sub-question the flowchart uses.' }),
  appearance: ResolvedAppearanceSchema,
}).meta({ id: 'QuizDetail', description: 'A quiz with its resolved questions and appearance (builder and preview).' });

export const QuizPageSchema = z
  .object({ items: z.array(QuizSchema), total: z.number().int() })
  .meta({ id: 'QuizPage' });

export const QuizPatientSchema = z
  .object({ patientId: z.uuid(), name: z.string(), quizScheduleId: z.uuid(), enabled: z.boolean() })
  .meta({ id: 'QuizPatient' });

export const QuizPatientPageSchema = z
  .object({ items: z.array(QuizPatientSchema), total: z.number().int() })
  .meta({ id: 'QuizPatientPage' });

const optText = (max: number) => z.string().trim().max(max).nullable().optional();

const FolderBody = z
  .object({
    title: optText(200),
    image: fileLink().nullable().optional(),
    subtitle: optText(300),
    quizTitle: optText(200),
    titlesColor: hexColor().nullable().optional(),
    buttonTitle: optText(60),
    buttonColors: z
      .object({ background: hexColor().nullable().optional(), text: hexColor().nullable().optional() })
      .strict()
      .optional(),
  })
  .strict();

const ChosenQuestionBody = z
  .object({
    id: z.uuid(),
    enabled: z.boolean().optional().meta({ description: 'Default true.' }),
    subquestions: z
      .array(z.object({ id: z.uuid() }).strict())
      .max(50)
      .optional(),
  })
  .strict();

export const CreateQuizBody = z
  .object({
    title: z.string().trim().min(1, 'Informe o título.').max(200),
    description: multiline(z.string().trim().max(2000)).nullable().optional(),
    appearanceId: z.uuid().nullable().optional(),
    folder: FolderBody.optional(),
    chosenQuestions: z.array(ChosenQuestionBody).max(200).optional(),
  })
  .strict();

export const UpdateQuizBody = CreateQuizBody.partial().strict();

export const AddQuizQuestionBody = z
  .object({
    questionId: z.uuid(),
    index: z.number().int().min(0).optional().meta({ description: 'Position in the flowchart (default: at the end).' }),
  })
  .strict();

export const ListQuizzesQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});

export const IdParams = z.object({ id: z.uuid() });
export const QuizQuestionParams = z.object({ id: z.uuid(), questionId: z.uuid() });
export const QuizIdParams = z.object({ quizId: z.uuid() });
