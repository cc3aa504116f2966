import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { patients, quizSchedules, quizzes, sales, services } from '../db/schema.js';
import { addDays, serviceDaysLeft, serviceLastDay, spDate, spDayStart } from '../lib/dates.js';
import { EXPIRING_WINDOW_DAYS, type DashboardSummary } from './schemas.js';

/** What the professional sees first: patients, this month's sales by day, services about to end. */
export async function summary(ctx: AppContext, professionalId: string, now = new Date()): Promise<DashboardSummary> {
  const db = ctx.db;
  const today = spDate(now);
  const monthStart = `${today.slice(0, 8)}01`;
  const from = spDayStart(monthStart);
  const to = spDayStart(addDays(today, 1));

  const [active] = await db
    .select({ n: count() })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), eq(patients.status, 'active')));
  const [fresh] = await db
    .select({ n: count() })
    .from(patients)
    .where(
      and(eq(patients.professionalId, professionalId), ne(patients.status, 'deleted'), gte(patients.createdAt, from)),
    );

  // A new account's next steps: a client, a questionnaire, a first schedule (each done once is done).
  const [steps] = await db
    .execute<{ patient: boolean; quiz: boolean; schedule: boolean }>(
      sql`
    SELECT
      EXISTS (SELECT 1 FROM ${patients} WHERE ${patients.professionalId} = ${professionalId} AND ${patients.status} <> 'deleted') AS patient,
      EXISTS (SELECT 1 FROM ${quizzes} WHERE ${quizzes.professionalId} = ${professionalId}) AS quiz,
      EXISTS (SELECT 1 FROM ${quizSchedules} WHERE ${quizSchedules.professionalId} = ${professionalId}) AS schedule`,
    )
    .then((r) => r.rows);

  const monthSales = await db
    .select({ amountCents: sales.amountCents, status: sales.status, soldAt: sales.soldAt })
    .from(sales)
    .where(and(eq(sales.professionalId, professionalId), gte(sales.soldAt, from), lt(sales.soldAt, to)));

  const byDay = new Map<string, { count: number; netCents: number }>();
  for (let d = monthStart; d <= today; d = addDays(d, 1)) byDay.set(d, { count: 0, netCents: 0 });
  let grossCents = 0;
  let refundsCents = 0;
  for (const s of monthSales) {
    grossCents += s.amountCents;
    if (s.status === 'refunded') {
      refundsCents += s.amountCents;
      continue;
    }
    const day = byDay.get(spDate(s.soldAt));
    if (day) {
      day.count += 1;
      day.netCents += s.amountCents;
    }
  }

  // For each active patient, the paid sale that covers today and ends last; it is "about to
  // expire" when that end falls inside the window (a renewal already sold pushes it out).
  const horizon = addDays(today, EXPIRING_WINDOW_DAYS);
  const latest = db
    .select({
      patientId: sales.patientId,
      endsAt: sql<string>`max(${sales.endsAt})`.as('latest_end'),
    })
    .from(sales)
    .where(
      and(eq(sales.professionalId, professionalId), eq(sales.status, 'paid'), sql`${sales.startsAt} <= ${today}::date`),
    )
    .groupBy(sales.patientId)
    .as('latest');
  const expiring = await db
    .select({
      patientId: patients.id,
      patientName: patients.name,
      serviceName: services.name,
      endsAt: latest.endsAt,
    })
    .from(latest)
    .innerJoin(patients, eq(patients.id, latest.patientId))
    .innerJoin(
      sales,
      and(eq(sales.patientId, latest.patientId), eq(sales.status, 'paid'), sql`${sales.endsAt} = ${latest.endsAt}`),
    )
    .innerJoin(services, eq(services.id, sales.serviceId))
    .where(
      and(
        eq(patients.status, 'active'),
        sql`${latest.endsAt} > ${today}::date`,
        sql`${latest.endsAt} <= ${horizon}::date`,
      ),
    )
    .orderBy(latest.endsAt, patients.name)
    .limit(40);

  const seen = new Set<string>();
  const expiringServices = [];
  for (const row of expiring) {
    if (seen.has(row.patientId)) continue; // two sales ending the same day: one line
    seen.add(row.patientId);
    const endsAt = String(row.endsAt).slice(0, 10);
    expiringServices.push({
      ...row,
      endsAt,
      lastDay: serviceLastDay(endsAt),
      daysLeft: serviceDaysLeft(endsAt, today),
    });
    if (expiringServices.length === 20) break;
  }

  return {
    today,
    patients: { active: active?.n ?? 0, newThisMonth: fresh?.n ?? 0 },
    sales: {
      month: today.slice(0, 7),
      count: monthSales.filter((s) => s.status === 'paid').length,
      grossCents,
      refundsCents,
      netCents: grossCents - refundsCents,
      byDay: [...byDay.entries()].map(([date, v]) => ({ date, ...v })),
    },
    expiringServices,
    firstSteps: {
      clientAdded: Boolean(steps?.patient),
      quizCreated: Boolean(steps?.quiz),
      quizScheduled: Boolean(steps?.schedule),
    },
  };
}
