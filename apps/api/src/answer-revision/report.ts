/**
 * The status report: answer requests of a period counted by day or ISO week (São Paulo), as answered,
 * pending, delayed, cancelled or expired. Each request is counted once, on the day it was sent (the due
 * day for one cancelled before sending), with its status now. Requests not sent yet are left out.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerRequests, quizzes } from '../db/schema.js';
import { addDays, SAO_PAULO, spDate } from '../lib/dates.js';
import type { StatusCountsSchema, StatusReportQuery, StatusReportSchema } from './schemas.js';
import { MAX_PERIOD_DAYS } from './schemas.js';
import { delayCutoff } from './delayed.js';
import { periodBounds } from './periods.js';

type Counts = z.infer<typeof StatusCountsSchema>;
type Kind = 'answered' | 'pending' | 'delayed' | 'cancelled' | 'expired';

const empty = (): Counts => ({ answered: 0, pending: 0, delayed: 0, cancelled: 0, expired: 0, total: 0 });

function add(c: Counts, kind: Kind, n: number): void {
  c[kind] += n;
  c.total += n;
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
function isoWeekday(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export async function statusReport(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof StatusReportQuery>,
): Promise<z.infer<typeof StatusReportSchema>> {
  const now = ctx.config.now();
  const to = q.to ?? spDate(now);
  const from = q.from ?? addDays(to, -29);
  const { start, end } = periodBounds(from, to, MAX_PERIOD_DAYS);
  const cutoff = delayCutoff(now);

  const ref = sql`coalesce(${answerRequests.sentAt}, ${answerRequests.dueAt})`;
  const day = sql<string>`to_char((coalesce("answer_requests"."sent_at", "answer_requests"."due_at") AT TIME ZONE ${sql.raw(`'${SAO_PAULO}'`)}), 'YYYY-MM-DD')`;
  const kind = sql<Kind>`(CASE
    WHEN "answer_requests"."status" = 'answered' THEN 'answered'
    WHEN "answer_requests"."status" = 'cancelled' THEN 'cancelled'
    WHEN "answer_requests"."status" = 'expired' THEN 'expired'
    WHEN "answer_requests"."sent_at" <= ${cutoff.toISOString()}::timestamptz THEN 'delayed'
    ELSE 'pending' END)`;
  const rows = await ctx.db
    .select({ day, quizId: answerRequests.quizId, kind, n: sql<number>`count(*)`.mapWith(Number) })
    .from(answerRequests)
    .where(
      and(
        eq(answerRequests.professionalId, professionalId),
        or(
          inArray(answerRequests.status, ['answered', 'cancelled']),
          and(inArray(answerRequests.status, ['sent', 'expired']), isNotNull(answerRequests.sentAt)),
        ),
        sql`${ref} >= ${start!.toISOString()}::timestamptz`,
        sql`${ref} < ${end!.toISOString()}::timestamptz`,
        q.quizId ? eq(answerRequests.quizId, q.quizId) : undefined,
        q.patientId ? eq(answerRequests.patientId, q.patientId) : undefined,
      ),
    )
    .groupBy(sql.raw('1, 2, 3'));

  // Buckets: every day, or every ISO week (clipped to the period).
  const buckets: (Counts & { start: string; end: string })[] = [];
  const bucketOf = new Map<string, Counts & { start: string; end: string }>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (q.granularity === 'day' || d === from || isoWeekday(d) === 1) {
      const endOfBucket = q.granularity === 'day' ? d : addDays(d, 7 - isoWeekday(d));
      buckets.push({ start: d, end: endOfBucket < to ? endOfBucket : to, ...empty() });
    }
    bucketOf.set(d, buckets[buckets.length - 1]!);
  }

  const totals = empty();
  const perQuiz = new Map<string, Counts>();
  for (const r of rows) {
    const b = bucketOf.get(r.day);
    if (!b) continue;
    add(b, r.kind, r.n);
    add(totals, r.kind, r.n);
    let c = perQuiz.get(r.quizId);
    if (!c) perQuiz.set(r.quizId, (c = empty()));
    add(c, r.kind, r.n);
  }
  const titles = new Map<string, string>();
  if (perQuiz.size > 0) {
    for (const t of await ctx.db
      .select({ id: quizzes.id, title: quizzes.title })
      .from(quizzes)
      .where(inArray(quizzes.id, [...perQuiz.keys()]))) {
      titles.set(t.id, t.title);
    }
  }
  const byQuiz = [...perQuiz.entries()]
    .map(([quizId, c]) => ({ quizId, quizTitle: titles.get(quizId) ?? '', ...c }))
    .sort((a, b) => a.quizTitle.localeCompare(b.quizTitle, 'pt-BR') || (a.quizId < b.quizId ? -1 : 1));
  const sent = totals.total - totals.cancelled;
  return {
    from,
    to,
    granularity: q.granularity,
    buckets,
    totals,
    answerRate: sent > 0 ? Math.round((totals.answered / sent) * 10_000) / 10_000 : null,
    byQuiz,
  };
}
