import { z } from 'zod';
import { multiline } from '../lib/input-guard.js';
import { ServiceModalitySchema } from '../patient/schemas.js';

export const ServiceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    priceCents: z.number().int().meta({ description: 'Price in cents of BRL.' }),
    modality: ServiceModalitySchema,
    validityDays: z.number().int().meta({ description: 'Days of service a sale gives.' }),
    consultations: z.number().int(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Service', description: 'What the professional sells.' });

export const CreateServiceBody = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome.').max(120),
    description: multiline(z.string().trim().max(2000)).nullable().optional(),
    priceCents: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .meta({ description: 'Integer cents, e.g. 39000 = R$ 390,00.' }),
    modality: ServiceModalitySchema.optional().meta({ description: 'Default presencial.' }),
    validityDays: z.number().int().min(1).max(730),
    consultations: z.number().int().min(0).max(100).optional().meta({ description: 'Default 1.' }),
  })
  .strict();

export const UpdateServiceBody = CreateServiceBody.partial().strict();

export const ListServicesQuery = z.object({
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});

export const IdParams = z.object({ id: z.uuid() });
