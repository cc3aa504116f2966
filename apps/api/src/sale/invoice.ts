/**
 * The invoice (`GET /services/invoice`, tagged with the services): the sales of a period totalled per service.
 * A report over sales, so it lives with them; the services' own area stays below the sales that name them.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sales } from '../db/schema.js';
import { calendarDate } from '../lib/dates.js';
import { SaleSchema } from './schemas.js';
import { selectSales, soldBetween } from './service.js';

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

/** Sales made in the period (São Paulo dates, inclusive), per service: gross, refunds of those sales, net. */
export async function invoice(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof InvoiceQuery>,
): Promise<z.infer<typeof InvoiceSchema>> {
  const list = await selectSales(
    ctx.db,
    and(eq(sales.professionalId, professionalId), soldBetween(q.periodStart, q.periodEnd)),
  );
  const lines = new Map<string, z.infer<typeof InvoiceSchema>['services'][number]>();
  let grossCents = 0;
  let refundsCents = 0;
  for (const s of list) {
    let line = lines.get(s.serviceId);
    if (!line)
      lines.set(
        s.serviceId,
        (line = { serviceId: s.serviceId, name: s.serviceName, count: 0, grossCents: 0, refundsCents: 0, netCents: 0 }),
      );
    line.count++;
    line.grossCents += s.amountCents;
    grossCents += s.amountCents;
    if (s.status === 'refunded') {
      line.refundsCents += s.amountCents;
      refundsCents += s.amountCents;
    }
    line.netCents = line.grossCents - line.refundsCents;
  }
  return {
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    services: [...lines.values()].sort((a, b) => b.grossCents - a.grossCents || a.name.localeCompare(b.name, 'pt-BR')),
    grossCents,
    refundsCents,
    netCents: grossCents - refundsCents,
    sales: list,
  };
}
