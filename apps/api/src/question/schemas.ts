import { z } from 'zod';
import { fileLink } from '../lib/file-link.js';
import { multiline } from '../lib/input-guard.js';
import { QUESTION_TYPES } from '../db/schema.js';

export const QuestionTypeSchema = z.enum(QUESTION_TYPES).meta({ id: 'QuestionType' });

const itemId = () => z.string().trim().min(1).max(64);
const label = (max = 200) => z.string().trim().min(1, 'Informe o texto.').max(max);

export const AlternativeSchema = z
  .strictObject({
    id: itemId(),
    label: label(),
    order: z.number().int().min(0).max(100),
    subQuestionIds: z
      .array(z.uuid())
      .max(10)
      .meta({ description: 'Sub-questions opened when this alternative is chosen.' }),
  })
  .meta({ id: 'Alternative' });

export const MultipleChoiceConfigSchema = z
  .strictObject({
    allowMultiple: z.boolean(),
    alternatives: z
      .array(AlternativeSchema)
      .min(2, 'Informe pelo menos 2 alternativas.')
      .max(20, 'No máximo 20 alternativas.'),
  })
  .superRefine((c, ctx) => {
    const seen = new Map<string, number>();
    const ids = new Set<string>();
    c.alternatives.forEach((a, i) => {
      const key = a.label.trim().toLocaleLowerCase('pt-BR');
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['alternatives', i, 'label'], message: 'Alternativas repetidas.' });
      seen.set(key, i);
      if (ids.has(a.id))
        ctx.addIssue({ code: 'custom', path: ['alternatives', i, 'id'], message: 'Id de alternativa repetido.' });
      ids.add(a.id);
    });
  })
  .meta({ id: 'MultipleChoiceConfig' });

export const LinearScaleConfigSchema = z
  .strictObject({
    min: z.union([z.literal(0), z.literal(1)]),
    max: z.number().int().min(2).max(10),
    minLabel: z.string().trim().max(60).optional(),
    maxLabel: z.string().trim().max(60).optional(),
  })
  .refine((c) => c.min < c.max, { path: ['max'], message: 'O máximo deve ser maior que o mínimo.' })
  .meta({ id: 'LinearScaleConfig' });

export const LikertScaleConfigSchema = z
  .strictObject({
    statements: z
      .array(z.strictObject({ id: itemId(), text: label(300) }))
      .min(1)
      .max(20),
    levels: z
      .array(z.strictObject({ id: itemId(), label: label(60) }))
      .min(3)
      .max(7),
  })
  .meta({ id: 'LikertScaleConfig' });

export const FreeFieldConfigSchema = z
  .strictObject({ multiline: z.boolean(), maxLength: z.number().int().min(1).max(5000) })
  .meta({ id: 'FreeFieldConfig' });

export const FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export const FileContentTypeSchema = z.enum(FILE_TYPES).meta({ id: 'FileContentType' });

export const FileUploadConfigSchema = z
  .strictObject({
    acceptedTypes: z.array(FileContentTypeSchema).min(1).max(FILE_TYPES.length),
    maxSizeMb: z.number().int().min(1).max(20),
  })
  .meta({ id: 'FileUploadConfig' });

export const METRIC_UNITS = ['kg', 'cm', '%', 'mg/dL', 'L', 'mL', 'kcal', 'bpm', 'mmHg', 'h', 'passos'] as const;

export const MetricsConfigSchema = z
  .strictObject({
    unit: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .meta({ description: `One of ${METRIC_UNITS.join(', ')} or a custom unit (up to 12 characters).` }),
    decimals: z.number().int().min(0).max(3),
    min: z.number().min(-1_000_000).max(1_000_000).optional(),
    max: z.number().min(-1_000_000).max(1_000_000).optional(),
  })
  .refine((c) => c.min === undefined || c.max === undefined || c.min < c.max, {
    path: ['max'],
    message: 'O máximo deve ser maior que o mínimo.',
  })
  .meta({ id: 'MetricsConfig' });

/** A draft's configuration: anything object-shaped, completed before the question is published. */
export const DraftQuestionConfigSchema = z
  .record(z.string().max(64), z.unknown())
  .meta({ id: 'DraftQuestionConfig', description: 'Incomplete configuration of a draft question.' });

export const QuestionConfigSchema = z
  .union([
    MultipleChoiceConfigSchema,
    LinearScaleConfigSchema,
    LikertScaleConfigSchema,
    FreeFieldConfigSchema,
    FileUploadConfigSchema,
    MetricsConfigSchema,
    DraftQuestionConfigSchema,
  ])
  .meta({
    id: 'QuestionConfig',
    description:
      'The configuration of the question `type` (MultipleChoiceConfig, …); drafts may hold an incomplete one.',
  });

/** Strict validation of a published question: the config schema chosen by `type`. */
export const TypedConfigSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('multiple-choice'), config: MultipleChoiceConfigSchema }),
  z.object({ type: z.literal('linear-scale'), config: LinearScaleConfigSchema }),
  z.object({ type: z.literal('likert-scale'), config: LikertScaleConfigSchema }),
  z.object({ type: z.literal('free-field'), config: FreeFieldConfigSchema }),
  z.object({ type: z.literal('file-upload'), config: FileUploadConfigSchema }),
  z.object({ type: z.literal('metrics'), config: MetricsConfigSchema }),
]);

export const QuestionSchema = z
  .object({
    id: z.uuid(),
    draft: z.boolean(),
    image: z.string().nullable(),
    title: z.string(),
    iconId: z.string().nullable(),
    acronym: z.string().nullable(),
    categoryId: z.uuid(),
    description: z.string().nullable(),
    isDefault: z
      .boolean()
      .meta({ description: "The spec's is{product}Default: part of the starter library (read-only, copyable)." }),
    isActive: z
      .boolean()
      .meta({ description: 'false once removed from the bank (kept for the quizzes that used it).' }),
    type: QuestionTypeSchema,
    config: QuestionConfigSchema,
    copiedFromId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Question' });

export const QuestionPageSchema = z
  .object({ items: z.array(QuestionSchema), total: z.number().int() })
  .meta({ id: 'QuestionPage' });

const nullableText = (max: number) => z.string().trim().max(max).nullable();

const questionFields = {
  draft: z.boolean().meta({ description: 'Saved with relaxed validation; cannot be added to a quiz.' }),
  image: fileLink().nullable(),
  title: z.string().trim().min(1, 'Informe o título.').max(300),
  iconId: nullableText(60),
  acronym: nullableText(20),
  categoryId: z.uuid(),
  description: multiline(z.string().trim().max(2000)).nullable(),
  type: QuestionTypeSchema,
  config: QuestionConfigSchema,
};

export const CreateQuestionBody = z
  .object({
    ...questionFields,
    draft: questionFields.draft.optional(),
    image: questionFields.image.optional(),
    iconId: questionFields.iconId.optional(),
    acronym: questionFields.acronym.optional(),
    description: questionFields.description.optional(),
    config: questionFields.config.optional(),
  })
  .strict()
  .meta({
    // What the service checks (TypedConfigSchema), stated: a published question carries its type's config.
    allOf: (
      [
        ['multiple-choice', 'MultipleChoiceConfigInput'],
        ['linear-scale', 'LinearScaleConfigInput'],
        ['likert-scale', 'LikertScaleConfigInput'],
        ['free-field', 'FreeFieldConfigInput'],
        ['file-upload', 'FileUploadConfigInput'],
        ['metrics', 'MetricsConfigInput'],
      ] as const
    ).map(([type, config]) => ({
      if: { properties: { type: { const: type }, draft: { const: false } }, required: ['type'] },
      then: { properties: { config: { $ref: `#/components/schemas/${config}` } }, required: ['config'] },
    })),
  });

export const UpdateQuestionBody = z.object(questionFields).partial().strict();

export const QuestionOriginSchema = z.enum(['default', 'own', 'all']);

export const ListQuestionsQuery = z.object({
  categoryId: z.uuid().optional(),
  type: QuestionTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
  origin: QuestionOriginSchema.default('all'),
  includeDrafts: z.enum(['true', 'false']).optional().meta({ description: 'Include own drafts (default false).' }),
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});

export const DeleteQuestionResultSchema = z
  .object({
    id: z.uuid(),
    mode: z.enum(['deleted', 'disabled']).meta({
      description:
        'deleted: removed for good; disabled: used by a quiz (or as a sub-question), so only removed from the bank.',
    }),
  })
  .meta({ id: 'DeleteQuestionResult' });

export const IdParams = z.object({ id: z.uuid() });
