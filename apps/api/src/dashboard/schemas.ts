import { z } from 'zod';

export const DashboardDaySchema = z
  .object({
    date: z.string().meta({ format: 'date' }),
    count: z.number().int(),
    netCents: z.number().int(),
  })
  .meta({ id: 'DashboardDay', description: 'Paid sales of one São Paulo day (refunded ones excluded).' });

export const ExpiringServiceSchema = z
  .object({
    patientId: z.uuid(),
    patientName: z.string(),
    serviceName: z.string(),
    endsAt: z.string().meta({ format: 'date', description: 'First day without the service.' }),
    lastDay: z.string().meta({ format: 'date', description: 'The last day the service covers (inclusive).' }),
    daysLeft: z
      .number()
      .int()
      .meta({ description: 'Days the service still has after today: 0 when today is its last day.' }),
  })
  .meta({ id: 'ExpiringService' });

export const DashboardSummarySchema = z
  .object({
    today: z.string().meta({ format: 'date', description: 'Today in São Paulo.' }),
    patients: z.object({
      active: z.number().int(),
      newThisMonth: z.number().int().meta({ description: 'Patients created since the first day of this month.' }),
    }),
    sales: z.object({
      month: z.string().meta({ description: 'YYYY-MM' }),
      count: z.number().int(),
      grossCents: z.number().int(),
      refundsCents: z.number().int(),
      netCents: z.number().int(),
      byDay: z.array(DashboardDaySchema).meta({ description: 'Every day of the month up to today, zero-filled.' }),
    }),
    expiringServices: z.array(ExpiringServiceSchema).meta({
      description:
        'Active patients whose service ends within the next 14 days and who have no later sale, soonest first (at most 20).',
    }),
    firstSteps: z
      .object({
        clientAdded: z.boolean(),
        quizCreated: z.boolean(),
        saleRegistered: z
          .boolean()
          .meta({ description: 'A sale registered: a client needs an active service to be sent questionnaires.' }),
        quizScheduled: z.boolean(),
      })
      .meta({
        description: 'A new account’s next steps, each true once done: a client, a questionnaire, a sale, a schedule.',
      }),
  })
  .meta({ id: 'DashboardSummary' });

export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** How far ahead "about to expire" looks. */
export { SERVICE_ENDING_SOON_DAYS as EXPIRING_WINDOW_DAYS } from '@acompanha/calendar';
