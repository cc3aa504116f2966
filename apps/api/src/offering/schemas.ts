import { z } from 'zod';
import { multiline } from '../lib/input-guard.js';
import { calendarDate } from '../lib/dates.js';
import { ServiceModalitySchema } from '../patient/schemas.js';
import { SaleSchema } from '../sale/schemas.js';

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

export const InvoiceQuery = z
  .object({
    periodStart: calendarDate().meta({ description: 'First day (São Paulo), YYYY-MM-DD.' }),
    periodEnd: calendarDate().meta({
      description: 'Last day (São Paulo, inclusive), YYYY-MM-DD; at most 366 days after periodStart.',
    }),
  })
  .superRefine((q, ctx) => {
    if (q.periodEnd < q.periodStart)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'O fim do período deve ser depois do início.' });
    else if ((Date.parse(q.periodEnd) - Date.parse(q.periodStart)) / 86_400_000 > 366) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'O período pode ter no máximo 366 dias.' });
    }
  });

export const InvoiceServiceLineSchema = z
  .object({
    serviceId: z.uuid(),
    name: z.string(),
    count: z.number().int().meta({ description: 'Sales of the period (refunded included).' }),
    grossCents: z.number().int(),
    refundsCents: z.number().int(),
    netCents: z.number().int(),
  })
  .meta({ id: 'InvoiceServiceLine' });

export const InvoiceSchema = z
  .object({
    periodStart: z.iso.date(),
    periodEnd: z.iso.date(),
    services: z.array(InvoiceServiceLineSchema),
    grossCents: z.number().int(),
    refundsCents: z.number().int(),
    netCents: z.number().int(),
    sales: z.array(SaleSchema).meta({ description: 'Every sale of the period, newest first.' }),
  })
  .meta({
    id: 'Invoice',
    description:
      'Totals of the sales made in the period (São Paulo dates, inclusive): gross, refunded (of those sales) and net, per service.',
  });

export const IdParams = z.object({ id: z.uuid() });
