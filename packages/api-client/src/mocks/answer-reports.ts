/** What the answers mock computes from its state: series, delayed requests, the status report, the export. */
import type {
  AnswerSeries,
  DelayedRequest,
  MetricsConfig,
  StatusBucket,
  StatusCounts,
  StatusReport,
} from '../gen/types.gen';
import { schedulingSchedules } from './scheduling-state';
import { addDays, spDate } from './respond';
import { INITIAL, QUESTIONS, WEEKLY } from './answer-fixtures';
import { display, state, valueOf } from './answer-state';

// ——— Series ———

const SERIES_KEYS = ['weight', 'waist', 'sleep', 'likert'] as const;

export function seriesOf(patientId: string, q: URLSearchParams): AnswerSeries[] {
  const from = q.get('from');
  const to = q.get('to');
  const revisions = state.revisions
    .filter((r) => r.patientId === patientId)
    .filter((r) => !q.get('quizId') || r.quizId === q.get('quizId'))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  return SERIES_KEYS.filter((key) => !q.get('questionId') || QUESTIONS[key].questionId === q.get('questionId'))
    .map((key): AnswerSeries => {
      const def = QUESTIONS[key];
      const metric = def.type === 'metrics' ? (def.config as MetricsConfig) : null;
      const points = revisions.flatMap((r) => {
        const v = valueOf(key, r.answers);
        if (!v) return [];
        const value =
          v.type === 'metrics' || v.type === 'linear-scale'
            ? v.value
            : v.type === 'likert-scale'
              ? Object.values(v.levels).reduce((sum, l) => sum + Number(l.slice(1)), 0) / Object.values(v.levels).length
              : NaN;
        return [{ date: r.finishedAt, value, quizAnswerId: r.quizAnswerId, quizId: r.quizId }];
      });
      return {
        questionId: def.questionId,
        title: def.title,
        acronym: def.acronym,
        type: def.type as AnswerSeries['type'],
        unit: metric?.unit ?? null,
        decimals: metric?.decimals ?? (def.type === 'likert-scale' ? 1 : 0),
        min: metric?.min ?? (def.type === 'linear-scale' ? 1 : def.type === 'likert-scale' ? 1 : null),
        max: metric?.max ?? (def.type === 'linear-scale' ? 5 : def.type === 'likert-scale' ? 5 : null),
        points,
      };
    })
    .filter((s) => s.points.length > 0);
}

// ——— Delayed requests (read from the scheduling state, so a resend takes one off the list) ———

const DELAY_MS = 48 * 3_600_000;

export function delayedRequests(q: URLSearchParams): DelayedRequest[] {
  return schedulingSchedules()
    .filter(
      (s) =>
        s.lastRequest?.status === 'sent' &&
        s.lastRequest.sentAt &&
        Date.now() - Date.parse(s.lastRequest.sentAt) >= DELAY_MS,
    )
    .filter(
      (s) =>
        (!q.get('quizId') || s.quizId === q.get('quizId')) &&
        (!q.get('patientId') || s.patientId === q.get('patientId')),
    )
    .map((s, i) => {
      const r = s.lastRequest!;
      return {
        id: r.id,
        quizScheduleId: s.id,
        quizId: s.quizId,
        quizTitle: s.quizTitle,
        patientId: s.patientId,
        patientName: s.patientName,
        channel: s.channel,
        dueAt: r.dueAt,
        sentAt: r.sentAt!,
        delayedSince: new Date(Date.parse(r.sentAt!) + DELAY_MS).toISOString(),
        started: i % 3 === 1,
        attempts: r.attempts,
      };
    })
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

// ——— Status report ———

export const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
const empty = (): StatusCounts => ({ answered: 0, pending: 0, delayed: 0, cancelled: 0, expired: 0, total: 0 });
const add = (a: StatusCounts, b: StatusCounts) => {
  for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired', 'total'] as const) a[k] += b[k];
};

/**
 * The counts of one day, a function of the date alone (so a story's numbers do not depend on the
 * clock): a few answered every weekday, fewer at weekends; the last two days still pending.
 */
function dayCounts(date: string, today: string): StatusCounts {
  const n = Number(date.replace(/-/g, '')) % 97;
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const age = dayCount(date, today) - 1;
  if (age < 0) return empty();
  const sent = weekend ? 1 + (n % 2) : 3 + (n % 4);
  const cancelled = n % 9 === 4 ? 1 : 0;
  const expired = n % 11 === 7 ? 1 : 0;
  const notAnswered = age < 2 ? 1 + (n % 2) : n % 5 === 2 ? 1 : 0;
  const pending = age < 2 ? notAnswered : 0;
  const delayed = age < 2 ? 0 : notAnswered;
  const answered = Math.max(0, sent - notAnswered);
  return { answered, pending, delayed, cancelled, expired, total: answered + pending + delayed + cancelled + expired };
}

const isoWeekStart = (date: string) => {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return addDays(date, 1 - weekday);
};

export function statusReportFixture(
  options: {
    from?: string;
    to?: string;
    granularity?: 'day' | 'week';
    quizId?: string | null;
    patientId?: string | null;
  } = {},
): StatusReport {
  const today = spDate(new Date().toISOString());
  const to = options.to ?? today;
  const from = options.from ?? addDays(to, -29);
  const granularity = options.granularity ?? 'day';
  // One patient answers about a seventh of the practice's questionnaires.
  const scale = (c: StatusCounts): StatusCounts => {
    if (!options.patientId) return c;
    const s = (v: number) => Math.floor(v / 4);
    const r = {
      answered: s(c.answered),
      pending: s(c.pending),
      delayed: s(c.delayed),
      cancelled: 0,
      expired: 0,
      total: 0,
    };
    r.total = r.answered + r.pending + r.delayed;
    return r;
  };
  const days = Array.from({ length: dayCount(from, to) }, (_, i) => addDays(from, i)).map((date) => ({
    date,
    counts: scale(dayCounts(date, today)),
  }));
  const buckets: StatusBucket[] = [];
  for (const d of days) {
    const start = granularity === 'day' ? d.date : isoWeekStart(d.date) < from ? from : isoWeekStart(d.date);
    let bucket = buckets[buckets.length - 1];
    if (!bucket || bucket.start !== start) {
      bucket = { start, end: d.date, ...empty() };
      buckets.push(bucket);
    }
    bucket.end = d.date;
    add(bucket, d.counts);
  }
  const totals = empty();
  for (const b of buckets) add(totals, b);
  const split = (c: StatusCounts, share: number): StatusCounts => {
    const r = empty();
    for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired'] as const)
      r[k] = Math.round(c[k] * share);
    r.total = r.answered + r.pending + r.delayed + r.cancelled + r.expired;
    return r;
  };
  const weeklyShare = options.quizId ? (options.quizId === WEEKLY.id ? 1 : 0) : 0.75;
  const weekly = split(totals, weeklyShare);
  const initial = empty();
  for (const k of ['answered', 'pending', 'delayed', 'cancelled', 'expired', 'total'] as const)
    initial[k] = totals[k] - weekly[k];
  const byQuiz = [
    { quizId: INITIAL.id, quizTitle: INITIAL.title, ...initial },
    { quizId: WEEKLY.id, quizTitle: WEEKLY.title, ...weekly },
  ].filter((q) => q.total > 0);
  const sent = totals.total - totals.cancelled;
  return { from, to, granularity, buckets, totals, answerRate: sent > 0 ? totals.answered / sent : null, byQuiz };
}

// ——— Export ———

export function exportCsv(quizId: string, q: URLSearchParams): string {
  const from = q.get('from');
  const to = q.get('to');
  const status = q.get('status');
  const rows = state.revisions
    .filter((r) => r.quizId === quizId && (!status || r.status === status))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  const keys = ['craving', 'cravingFood', 'weight', 'waist', 'sleep', 'likert', 'week', 'photos'] as const;
  // As the API writes it: a measurement or a scale is a bare number (decimal comma), its unit in the header.
  const unitOf = (k: (typeof keys)[number]) => {
    const def = QUESTIONS[k];
    return def.type === 'metrics' ? (def.config as { unit: string }).unit : null;
  };
  const header = [
    'Cliente',
    'Respondido em',
    'Status',
    ...keys.map((k) => (unitOf(k) ? `${QUESTIONS[k].title} (${unitOf(k)})` : QUESTIONS[k].title)),
  ];
  type Cell = string | { number: number; decimals: number };
  const cell = (t: Cell) =>
    typeof t !== 'string'
      ? t.number.toLocaleString('pt-BR', {
          useGrouping: false,
          minimumFractionDigits: t.decimals,
          maximumFractionDigits: t.decimals,
        })
      : `"${(/^[=+\-@\t\r]/.test(t) ? `'${t}` : t).replace(/"/g, '""')}"`;
  const dateTime = (iso: string) => {
    const d = new Date(Date.parse(iso) - 3 * 3_600_000).toISOString();
    return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${d.slice(11, 16)}`;
  };
  const lines: Cell[][] = [
    header,
    ...rows.map((r) => [
      r.patientName,
      dateTime(r.finishedAt),
      r.status === 'completed' ? 'Aprovada' : 'Pendente',
      ...keys.map((k): Cell => {
        const v = valueOf(k, r.answers);
        if (!v) return '';
        if (v.type === 'metrics')
          return { number: v.value, decimals: (QUESTIONS[k].config as { decimals: number }).decimals };
        if (v.type === 'linear-scale') return { number: v.value, decimals: 0 };
        return display(v, QUESTIONS[k].config);
      }),
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(cell).join(';') + '\r\n').join('')}`;
}
