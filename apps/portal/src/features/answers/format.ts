import type { BadgeTone } from '@acompanha/ui';
import type { RevisionStatus, StatusBucket } from '@acompanha/api-client';
import { formatCalendarDate, shortDate } from '../../lib/dates';

/** How a revision's state reads on a badge. */
export const REVISION_STATUS: Record<RevisionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  completed: { label: 'Concluída', tone: 'success' },
};

/** Answered / (sent − cancelled), as the API computes the period's answer rate; null when nothing counts. */
export const rateOf = (c: { answered: number; total: number; cancelled: number }): number | null =>
  c.total - c.cancelled > 0 ? c.answered / (c.total - c.cancelled) : null;

/** A bucket of the status report as a short axis label: "19/11", or "16/11–22/11" for a week. */
export function bucketLabel(bucket: Pick<StatusBucket, 'start' | 'end'>, granularity: 'day' | 'week'): string {
  return granularity === 'day' || bucket.start === bucket.end
    ? shortDate(bucket.start)
    : `${shortDate(bucket.start)}–${shortDate(bucket.end)}`;
}

/** A bucket in full, for tables: "19/11/2026", or "16/11/2026 a 22/11/2026". */
export function bucketLongLabel(bucket: Pick<StatusBucket, 'start' | 'end'>): string {
  return bucket.start === bucket.end
    ? formatCalendarDate(bucket.start)
    : `${formatCalendarDate(bucket.start)} a ${formatCalendarDate(bucket.end)}`;
}

/** The status report's series: what each state means, in the order the bars stack. */
export const STATUS_SERIES = [
  { key: 'answered', label: 'Respondidos', color: 'var(--color-success)' },
  { key: 'pending', label: 'Pendentes', color: 'var(--color-action-bg)' },
  { key: 'delayed', label: 'Atrasados', color: 'var(--color-warning)' },
  { key: 'cancelled', label: 'Cancelados', color: 'var(--color-border-strong)' },
  { key: 'expired', label: 'Expirados', color: 'var(--color-danger)' },
] as const;

export type StatusKey = (typeof STATUS_SERIES)[number]['key'];
