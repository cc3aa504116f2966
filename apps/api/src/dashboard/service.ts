import { and, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.js';
import { patientMonthTotals, patients, quizSchedules, quizzes, saleDayTotals, sales, services } from '../db/schema.js';
import { addDays, serviceDaysLeft, serviceLastDay, spDate } from '../lib/dates.js';
import { EXPIRING_WINDOW_DAYS, type DashboardSummary } from './schemas.js';

/** What the professional sees first: patients, this month's sales by day, services about to end. */
export async function summary(ctx: AppContext, professionalId: string, now = new Date()): Promise<DashboardSummary> {
  const db = ctx.db;
  const today = spDate(now);
  const monthStart = `${today.slice(0, 8)}01`;

  // The figures in one round trip: patients, a new account's next steps (a client, a questionnaire, a first
  // sale, a first schedule; each done once is done) and this month's sales by São Paulo day. Patients and sales
  // are read from the totals the database keeps (migration 0027), not counted: a few rows a month however long
  // the practice's history.
  const [counts] = await db
    .execute<{ active: number; fresh: number; patient: boolean; quiz: boolean; sale: boolean; schedule: boolean }>(
      sql`
    SELECT
      (SELECT coalesce(sum(${patientMonthTotals.n}), 0) FROM ${patientMonthTotals}
         WHERE ${patientMonthTotals.professionalId} = ${professionalId} AND ${patientMonthTotals.status} = 'active')::int AS active,
      (SELECT coalesce(sum(${patientMonthTotals.n}), 0) FROM ${patientMonthTotals}
         WHERE ${patientMonthTotals.professionalId} = ${professionalId} AND ${patientMonthTotals.status} <> 'deleted'
           AND ${patientMonthTotals.month} = ${monthStart}::date)::int AS fresh,
      EXISTS (SELECT 1 FROM ${patients} WHERE ${patients.professionalId} = ${professionalId} AND ${patients.status} <> 'deleted') AS patient,
      EXISTS (SELECT 1 FROM ${quizzes} WHERE ${quizzes.professionalId} = ${professionalId}) AS quiz,
      EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.professionalId} = ${professionalId}) AS sale,
      EXISTS (SELECT 1 FROM ${quizSchedules} WHERE ${quizSchedules.professionalId} = ${professionalId}) AS schedule`,
    )
    .then((r) => r.rows);
  const monthSales = await db
    .select({
      day: saleDayTotals.day,
      status: saleDayTotals.status,
      n: saleDayTotals.n,
      cents: saleDayTotals.cents,
    })
    .from(saleDayTotals)
    .where(
      and(
        eq(saleDayTotals.professionalId, professionalId),
        gte(saleDayTotals.day, monthStart),
        lte(saleDayTotals.day, today),
      ),
    );

  const byDay = new Map<string, { count: number; netCents: number }>();
  for (let d = monthStart; d <= today; d = addDays(d, 1)) byDay.set(d, { count: 0, netCents: 0 });
  let grossCents = 0;
  let refundsCents = 0;
  let paidCount = 0;
  for (const s of monthSales) {
    const cents = Number(s.cents);
    grossCents += cents;
    if (s.status === 'refunded') {
      refundsCents += cents;
      continue;
    }
    paidCount += Number(s.n);
    const day = byDay.get(s.day);
    if (day) {
      day.count += Number(s.n);
      day.netCents += cents;
    }
  }

  // For each active patient, the paid sale that covers today and ends last; it is "about to expire" when that
  // end falls inside the window (a renewal already running pushes it out). Read from the window's end: only the
  // paid sales ending inside it (a range of the partial `sales_professional_ends_at_idx`), each kept when no
  // running sale of hers ends later (a probe of `sales_patient_paid_ends_idx`) — not every sale still running.
  const horizon = addDays(today, EXPIRING_WINDOW_DAYS);
  const later = alias(sales, 'later');
  const expiring = await db
    .select({
      patientId: patients.id,
      patientName: patients.name,
      serviceName: services.name,
      endsAt: sales.endsAt,
    })
    .from(sales)
    .innerJoin(patients, eq(patients.id, sales.patientId))
    .innerJoin(services, eq(services.id, sales.serviceId))
    .where(
      and(
        eq(sales.professionalId, professionalId),
        eq(sales.status, 'paid'),
        sql`${sales.endsAt} > ${today}::date`,
        sql`${sales.endsAt} <= ${horizon}::date`,
        sql`${sales.startsAt} <= ${today}::date`,
        eq(patients.status, 'active'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(
                eq(later.patientId, sales.patientId),
                eq(later.status, 'paid'),
                sql`${later.startsAt} <= ${today}::date`,
                sql`${later.endsAt} > ${sales.endsAt}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(sales.endsAt, patients.name)
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
    patients: { active: Number(counts?.active ?? 0), newThisMonth: Number(counts?.fresh ?? 0) },
    sales: {
      month: today.slice(0, 7),
      count: paidCount,
      grossCents,
      refundsCents,
      netCents: grossCents - refundsCents,
      byDay: [...byDay.entries()].map(([date, v]) => ({ date, ...v })),
    },
    expiringServices,
    firstSteps: {
      clientAdded: Boolean(counts?.patient),
      quizCreated: Boolean(counts?.quiz),
      saleRegistered: Boolean(counts?.sale),
      quizScheduled: Boolean(counts?.schedule),
    },
  };
}
