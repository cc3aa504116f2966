import { z } from 'zod';
import { BULK_KINDS, BULK_STATES } from '../db/schema.js';
import { ErrorCodeSchema } from '../errors/schemas.js';
import { recurrenceFields } from '../schedule/schemas.js';

/** Most patients one bulk process may carry. */
export const MAX_BULK_PATIENTS = 10_000;

const patientIds = z
  .array(z.uuid())
  .min(1)
  .max(MAX_BULK_PATIENTS)
  .meta({ description: `Patients (1 to ${MAX_BULK_PATIENTS.toLocaleString('en')}); repeated ids count once.` });

export const QuizIdParams = z.object({ quizId: z.uuid() });

export const BulkInsertBody = z
  .object({ patientIds, ...recurrenceFields })
  .strict()
  .meta({
    description:
      "The patients and one recurrence for all of them. Without `channel`, each patient's preferred channel is used.",
  });

export const BulkRescheduleBody = z
  .object({ patientIds: patientIds.optional(), ...recurrenceFields })
  .strict()
  .meta({
    description: 'Without `patientIds`, every live schedule of the quiz is rescheduled.',
  });

export const BulkDeleteBody = z.object({ quizId: z.uuid(), patientIds }).strict();

export const BulkChangeActiveStateBody = z
  .object({
    quizId: z.uuid(),
    patientIds,
    enabled: z.boolean().meta({ description: 'true = enable, false = disable.' }),
  })
  .strict();

export const BulkKindSchema = z.enum(BULK_KINDS).meta({ id: 'BulkKind' });
export const BulkStateSchema = z.enum(BULK_STATES).meta({
  id: 'BulkState',
  description:
    'idle: nothing to show (never run, or acknowledged); processing: running in the background; done / failed: finished, waiting to be acknowledged.',
});

export const BulkDetailSchema = z
  .object({
    patientId: z.uuid(),
    patientName: z.string(),
    application_error_code: ErrorCodeSchema,
    message: z.string().meta({ description: 'Portuguese sentence for the professional.' }),
  })
  .meta({ id: 'BulkDetail', description: 'A patient the process could not handle, and why.' });

export const BulkStatusSchema = z
  .object({
    quizId: z.uuid(),
    kind: BulkKindSchema.nullable(),
    state: BulkStateSchema,
    total: z.number().int().meta({ description: 'Patients in the process.' }),
    processed: z.number().int().meta({ description: 'Patients handled so far (successes and failures).' }),
    details: z.array(BulkDetailSchema),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BulkStatus', description: 'The one bulk process of a quiz.' });

export type BulkStatus = z.infer<typeof BulkStatusSchema>;
export type BulkDetailDto = z.infer<typeof BulkDetailSchema>;
