import { z } from 'zod';

export const DATA_EXPORT_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;

export const DataExportSchema = z
  .object({
    id: z.uuid(),
    scope: z
      .enum(['patient', 'all'])
      .meta({ description: '`patient`: one client; `all`: every client ("Exportar tudo").' }),
    state: z.enum(DATA_EXPORT_STATES).meta({
      description:
        'queued → running → done | failed; done → expired once the file is gone (7 days after it was ready).',
    }),
    progress: z.number().int().meta({ description: 'Clients written so far.' }),
    total: z.number().int().meta({ description: 'Clients to write (0 until the job starts).' }),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().meta({ description: 'When the file stops being downloadable.' }),
    size: z.number().int().nullable().meta({ description: 'Bytes of the ZIP.' }),
    downloadUrl: z
      .string()
      .nullable()
      .meta({ description: 'While done: a signed link to the ZIP, valid about two hours (ask again for a new one).' }),
    error: z.string().nullable().meta({ description: 'Why it failed, in Portuguese.' }),
  })
  .meta({
    id: 'DataExport',
    description: "A data export job (LGPD arts. 18 and 19): a client's whole record as a ZIP.",
  });

export const PatientExportParams = z.object({ id: z.uuid() });
export const PatientExportJobParams = z.object({ id: z.uuid(), jobId: z.uuid() });
export const ProfessionalExportJobParams = z.object({ jobId: z.uuid() });

export const OwnExportRequestedSchema = z
  .object({
    channel: z.enum(['email', 'whatsapp']),
    sentTo: z.string().meta({ description: 'Her contact, masked ("an•••@gmail.com", "(11) •••••-4321").' }),
    expiresInDays: z.number().int(),
    message: z.string().meta({ description: 'What the screen says, in Portuguese.' }),
  })
  .meta({ id: 'OwnExportRequested' });
