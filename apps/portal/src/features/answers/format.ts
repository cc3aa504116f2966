import type { CalendarDate } from '@internationalized/date';
import type { RevisionStatus, StatusBucket } from '@acompanha/api-client';
import { formatCalendarDate, todaySP } from '../services/format';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** How a revision's state reads on a badge. */
export const REVISION_STATUS: Record<RevisionStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  completed: { label: 'Concluída', tone: 'success' },
};

const numberFormats = new Map<number, Intl.NumberFormat>();

/** 76.2 → "76,2" (`decimals` digits after the comma, thousands with a dot). */
export function formatNumberBR(value: number, decimals = 0): string {
  const d = Math.max(0, Math.min(6, Math.trunc(decimals)));
  let f = numberFormats.get(d);
  if (!f)
    numberFormats.set(d, (f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: d, maximumFractionDigits: d })));
  return f.format(value);
}

/** 0.825 → "82,5%"; null → "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${formatNumberBR(rate * 100, 1)}%`;
}

/** Answered / (sent − cancelled), as the API computes the period's answer rate; null when nothing counts. */
export const rateOf = (c: { answered: number; total: number; cancelled: number }): number | null =>
  c.total - c.cancelled > 0 ? c.answered / (c.total - c.cancelled) : null;

/** "240 KB", "1,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumberBR(Math.round(bytes / 1024))} KB`;
  return `${formatNumberBR(bytes / (1024 * 1024), 1)} MB`;
}

/** `dd/MM` of a calendar date (`YYYY-MM-DD`). */
export const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;

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

/** "1 resposta" / "3 respostas" (thousands with a dot). */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** The last 30 days up to today in São Paulo (the status report's default period). */
export function last30Days(): { start: CalendarDate; end: CalendarDate } {
  const end = todaySP();
  return { start: end.subtract({ days: 29 }), end };
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

/** The file name a download comes with (`filename*` first), or null. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}
