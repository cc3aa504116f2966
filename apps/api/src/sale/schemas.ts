import { z } from 'zod';
import { PAYMENT_METHODS, SALE_STATUSES } from '../db/schema.js';
import { calendarDate, instant } from '../lib/dates.js';
import { pagination } from '../lib/text.js';

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS).meta({ id: 'PaymentMethod' });
export const SaleStatusSchema = z.enum(SALE_STATUSES).meta({ id: 'SaleStatus' });

export const SaleSchema = z
  .object({
    id: z.uuid(),
    patientId: z.uuid(),
    patientName: z.string().meta({ description: "'Cliente excluído' for a deleted patient." }),
    serviceId: z.uuid(),
    serviceName: z.string(),
    amountCents: z.number().int(),
    paymentMethod: PaymentMethodSchema,
    status: SaleStatusSchema,
    soldAt: z.iso.datetime(),
    startsAt: z.iso.date().meta({ description: 'First day of the service (São Paulo date).' }),
    endsAt: z.iso.date().meta({ description: 'startsAt + validityDays: the first day without the service.' }),
    refundedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Sale' });

export const SalePageSchema = z
  .object({ items: z.array(SaleSchema), total: z.number().int() })
  .meta({ id: 'SalePage' });

export const CreateSaleBody = z
  .object({
    patientId: z.uuid(),
    serviceId: z.uuid(),
    amountCents: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .optional()
      .meta({ description: "Default the service's price." }),
    paymentMethod: PaymentMethodSchema,
    soldAt: instant().optional().meta({ description: 'Default now.' }),
    startsAt: calendarDate().optional().meta({ description: 'Default the São Paulo date of soldAt.' }),
  })
  .strict();

export const ListSalesQuery = z
  .object({
    patientId: z.uuid().optional(),
    serviceId: z.uuid().optional(),
    status: SaleStatusSchema.optional(),
    periodStart: calendarDate().optional().meta({ description: 'Sold on or after this São Paulo date.' }),
    periodEnd: calendarDate().optional().meta({ description: 'Sold on or before this São Paulo date.' }),
    ...pagination,
  })
  .superRefine((q, ctx) => {
    if (q.periodStart && q.periodEnd && q.periodEnd < q.periodStart) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'O fim do período deve ser depois do início.' });
    }
  });

export const IdParams = z.object({ id: z.uuid() });
