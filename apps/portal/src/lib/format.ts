import { SAO_PAULO as TZ } from './dates';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** `dd/MM/yyyy` in São Paulo time. */
export function formatDateBR(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * Integer cents as `R$ 1.234,56`, with Intl's no-break space after "R$": a value never breaks between
 * the sign and the number on a narrow screen.
 */
export function formatBRL(cents: number): string {
  return money.format(cents / 100);
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `dd/MM/yyyy HH:mm` (24-hour) in São Paulo time. */
export function formatDateTimeBR(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

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

/** "240 KB", "1,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumberBR(Math.round(bytes / 1024))} KB`;
  return `${formatNumberBR(bytes / (1024 * 1024), 1)} MB`;
}

/** "1 resposta" / "3 respostas" (thousands with a dot). */
export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;
}

/** "agora", "há 5 min", "há 3 h", then the date and time: when something happened, read at a glance. */
export function formatSinceBR(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '';
  if (minutes < 1) return 'agora';
  if (minutes < 60) return `há ${minutes} min`;
  if (minutes < 24 * 60) return `há ${Math.floor(minutes / 60)} h`;
  return formatDateTimeBR(date);
}
