import { z } from 'zod';
import { multiline } from '../lib/input-guard.js';
import { NOTIFICATION_CHANNELS, PATIENT_SEXES, SERVICE_MODALITIES } from '../db/schema.js';
import { ErrorCodeSchema } from '../errors/schemas.js';
import { calendarDate } from '../lib/dates.js';
import { emailField } from '../lib/zod.js';
import { pagination } from '../lib/text.js';

export const ServiceModalitySchema = z
  .enum(SERVICE_MODALITIES)
  .meta({ id: 'ServiceModality', description: 'How the patient is seen: presencial, online or hibrido.' });
export const PatientSexSchema = z.enum(PATIENT_SEXES).meta({ id: 'PatientSex' });
export const PatientStatusSchema = z
  .enum(['active', 'inactive'])
  .meta({ id: 'PatientStatus', description: 'Deleted (anonymised) patients are never returned.' });
export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS).meta({ id: 'NotificationChannel' });

export const PatientPreferencesSchema = z
  .object({
    channel: NotificationChannelSchema,
    reminders: z.boolean(),
    reminderHour: z
      .number()
      .int()
      .min(0)
      .max(23)
      .nullable()
      .meta({ description: 'São Paulo hour (0–23) for reminders; null = the quiz hour.' }),
  })
  .meta({ id: 'PatientPreferences' });

export const PatientCurrentServiceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    endsAt: z.iso.date().meta({ description: 'First day without the service (São Paulo date).' }),
  })
  .meta({ id: 'PatientCurrentService', description: "The latest paid sale's service whose period includes today." });

export const PatientSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'E.164, e.g. +5511912345678.' }),
    document: z.string().nullable().meta({ description: 'CPF, 11 digits.' }),
    birthDate: z.iso.date().nullable(),
    sex: PatientSexSchema.nullable(),
    status: PatientStatusSchema,
    serviceModality: ServiceModalitySchema,
    tags: z.array(z.string()),
    notes: z.string().nullable(),
    preferences: PatientPreferencesSchema,
    currentService: PatientCurrentServiceSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Patient' });

/**
 * A name search counts its matches up to this many and says "more" beyond: a common name ("maria") matches
 * thousands of a large practice's patients, and counting every one of them cost more than the page itself.
 */
export const PATIENT_SEARCH_TOTAL_CAP = 1000;

export const PatientPageSchema = z
  .object({
    items: z.array(PatientSchema),
    total: z
      .number()
      .int()
      .meta({
        description:
          `How many patients match. Exact without \`nameTerm\`; a name search counts up to ${PATIENT_SEARCH_TOTAL_CAP} ` +
          `matches: when more match, \`total\` is ${PATIENT_SEARCH_TOTAL_CAP} and \`totalCapped\` is true.`,
      }),
    totalCapped: z.boolean().meta({
      description:
        `true: more than \`total\` patients match (a name search stops counting at ${PATIENT_SEARCH_TOTAL_CAP}); ` +
        'pages past it are served as usual, and a page shorter than `take` is the last. false: `total` is exact.',
    }),
  })
  .meta({ id: 'PatientPage' });

export const PatientTotalsSchema = z
  .object({
    total: z.number().int(),
    byStatus: z.object({ active: z.number().int(), inactive: z.number().int() }),
    byModality: z.object({ presencial: z.number().int(), online: z.number().int(), hibrido: z.number().int() }),
  })
  .meta({ id: 'PatientTotals', description: 'Counts of the non-deleted patients.' });

const PreferencesBody = z
  .object({
    channel: NotificationChannelSchema,
    reminders: z.boolean(),
    reminderHour: z.number().int().min(0, 'Hora entre 0 e 23.').max(23, 'Hora entre 0 e 23.').nullable().optional(),
  })
  .strict();

const patientFields = {
  name: z.string().trim().min(1, 'Informe o nome.').max(200),
  email: emailField().nullable().optional(),
  phone: z
    .string()
    .trim()
    .max(40)
    .nullable()
    .optional()
    .meta({
      description:
        'Any usual format; Brazil when no country code (DDD + number, 10 or 11 digits). Stored as E.164. A number ' +
        'that is not a valid phone of its country → 400 WRONG_COMMAND_PARAMETERS on `phone`.',
      pattern: '^\\+?\\D*(?:\\d\\D*){8,15}$',
      examples: ['(11) 91234-5678', '+5511912345678', '+351 912 345 678'],
    }),
  document: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .optional()
    .meta({ description: 'CPF with or without mask; wrong check digits → 400 INVALID_PATIENT_DOCUMENT.' }),
  birthDate: calendarDate().nullable().optional().meta({ description: 'YYYY-MM-DD, not in the future.' }),
  sex: PatientSexSchema.nullable().optional(),
  status: PatientStatusSchema.optional().meta({ description: 'Default active.' }),
  serviceModality: ServiceModalitySchema.optional().meta({ description: 'Default presencial.' }),
  tags: z.array(z.string().trim().min(1).max(40)).max(30).optional(),
  notes: multiline(z.string().trim().max(5000)).nullable().optional(),
};

export const CreatePatientBody = z.object({ ...patientFields, preferences: PreferencesBody.optional() }).strict();
export const UpdatePatientBody = z.object(patientFields).partial().strict();
export const UpdatePreferencesBody = PreferencesBody;

const reason = multiline(z.string().trim().min(3, 'Informe o motivo (pelo menos 3 caracteres).').max(500));

export const DeletePatientBody = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('inactivate') }).strict(),
    z.object({ mode: z.literal('delete'), reason }).strict(),
  ])
  .meta({
    description:
      'inactivate: keeps every datum (status inactive). delete: anonymises the personal data (LGPD) and keeps aggregates such as sales; the reason is stored.',
  });

export const DeletePatientResultSchema = z
  .object({ id: z.uuid(), status: z.enum(['inactive', 'deleted']) })
  .meta({ id: 'DeletePatientResult' });

export const DeletePatientsBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(500),
    mode: z.enum(['inactivate', 'delete']),
    reason: reason.optional().meta({ description: 'Required when mode is delete.' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.mode === 'delete' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Informe o motivo da exclusão.' });
  })
  // The refinement above, stated: deleting needs a reason.
  .meta({ allOf: [{ if: { properties: { mode: { const: 'delete' } } }, then: { required: ['reason'] } }] });

export const DeletePatientsResultSchema = z
  .object({
    processed: z.number().int(),
    notFound: z.array(z.uuid()).meta({ description: 'Ids that are not (or no longer) patients of the professional.' }),
  })
  .meta({ id: 'DeletePatientsResult' });

export const ListPatientsQuery = z.object({
  nameTerm: z.string().trim().max(100).optional().meta({ description: 'Part of the name, ignoring accents and case.' }),
  status: PatientStatusSchema.optional(),
  serviceModality: ServiceModalitySchema.optional(),
  serviceId: z.uuid().optional().meta({ description: 'Patients with a paid sale of this service active today.' }),
  ...pagination,
});

// PatientQuiz / PatientQuizPage (GET /patient/{patientId}/quizzes) live in ../schedule/schemas.ts.

// ── Import ──

export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'document',
  'birthDate',
  'sex',
  'serviceModality',
  'tags',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const PatientImportBody = z.object({
  file: z
    .custom<{ filename: string; mimetype: string; data: Buffer }>(
      (v) => typeof v === 'object' && v !== null && Buffer.isBuffer((v as { data?: unknown }).data),
      'Envie o arquivo no campo file (multipart/form-data).',
    )
    .meta({
      type: 'string',
      format: 'binary',
      maxLength: 5 * 1024 * 1024,
      description: 'CSV (UTF-8 or Latin-1, comma or semicolon) or XLSX (first sheet), at most 5 MB and 10,000 rows.',
    }),
  mapping: z
    .string()
    .max(4000)
    .optional()
    .meta({
      description:
        `JSON object: our field → the file's column header, e.g. {"name":"Cliente","phone":"Whats"}. Fields: ${IMPORT_FIELDS.join(', ')}. ` +
        'Without it the Portuguese/English headers are recognised (nome, e-mail, telefone/celular/whatsapp, cpf, nascimento, sexo, modalidade, tags, observações).',
    }),
});

export const PatientImportErrorSchema = z
  .object({
    row: z.number().int().meta({ description: 'Spreadsheet row number (the header is row 1).' }),
    field: z.string().nullable().meta({ description: 'Our field name, null for the whole row.' }),
    code: ErrorCodeSchema,
    message: z.string(),
  })
  .meta({ id: 'PatientImportError' });

export const PatientImportResultSchema = z
  .object({
    imported: z.number().int(),
    updated: z.number().int(),
    skipped: z
      .number()
      .int()
      .meta({ description: 'Rows identical to an existing patient (matched by phone, CPF or e-mail).' }),
    total: z.number().int().meta({ description: 'Data rows read (blank rows ignored).' }),
    errors: z.array(PatientImportErrorSchema),
  })
  .meta({ id: 'PatientImportResult' });

export const IdParams = z.object({ id: z.uuid() });
export const PatientIdParams = z.object({ patientId: z.uuid() });
export const PageQuery = z.object({ ...pagination });
