import type { ApiErrorCode, QuizSchedule } from '@acompanha/api-client';
import type { BadgeTone } from '@acompanha/ui';
import type { Periodicity, RecurrenceDraft, RecurrenceField, RecurrenceIssue } from '@acompanha/machines';
import { parseDate } from '@internationalized/date';
import { formatCalendarDate, SAO_PAULO } from '../../lib/dates';
import { formatDateTimeBR } from '../../lib/format';

export type RequestStatus = 'scheduled' | 'sent' | 'answered' | 'cancelled' | 'expired';

export const PERIODICITY_LABELS: Record<Periodicity, string> = {
  once: 'Uma vez',
  days: 'A cada N dias',
  weekly: 'Semanal',
  monthly: 'Mensal',
};

/** ISO weekdays (1 = Monday), in the order a Brazilian week is read on a form. */
export const WEEKDAYS = [
  { id: 1, short: 'Seg', long: 'segunda-feira' },
  { id: 2, short: 'Ter', long: 'terça-feira' },
  { id: 3, short: 'Qua', long: 'quarta-feira' },
  { id: 4, short: 'Qui', long: 'quinta-feira' },
  { id: 5, short: 'Sex', long: 'sexta-feira' },
  { id: 6, short: 'Sáb', long: 'sábado' },
  { id: 7, short: 'Dom', long: 'domingo' },
] as const;

export const REQUEST_STATUS: Record<RequestStatus, { label: string; tone: BadgeTone }> = {
  scheduled: { label: 'Agendado', tone: 'info' },
  sent: { label: 'Enviado, aguardando resposta', tone: 'warning' },
  answered: { label: 'Respondido', tone: 'success' },
  cancelled: { label: 'Cancelado', tone: 'neutral' },
  expired: { label: 'Expirado', tone: 'danger' },
};

/** `08:00` for hour 8. */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "a, b e c". */
function joinPt(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

/**
 * One Portuguese sentence for a recurrence: "Toda segunda e quarta às 08:00, a partir de
 * 07/12/2026, até 31/01/2027." Fields the periodicity ignores are not read.
 */
export function describeRecurrence(
  r: Pick<RecurrenceDraft, 'periodicity' | 'startDate' | 'hour' | 'intervalDays' | 'weekdays' | 'endDate'>,
): string {
  const at = r.hour === null ? '' : ` às ${formatHour(r.hour)}`;
  const start = r.startDate ? formatCalendarDate(r.startDate) : '';
  const until = r.periodicity !== 'once' && r.endDate ? `, até ${formatCalendarDate(r.endDate)}` : '';
  switch (r.periodicity) {
    case 'once':
      return start ? `Uma vez, em ${start}${at}.` : `Uma vez${at}.`;
    case 'days': {
      const n = r.intervalDays ?? 0;
      const every = n === 1 ? 'Todos os dias' : `A cada ${n} dias`;
      return `${every}${at}${start ? `, a partir de ${start}` : ''}${until}.`;
    }
    case 'weekly': {
      const days = WEEKDAYS.filter((d) => r.weekdays.includes(d.id));
      if (days.length === 0) return 'Semanal: escolha os dias da semana.';
      if (days.length === 7) return `Todos os dias${at}${start ? `, a partir de ${start}` : ''}${until}.`;
      const names = joinPt(days.map((d) => d.long.replace('-feira', '')));
      return `Toda semana: ${names}${at}${start ? `, a partir de ${start}` : ''}${until}.`;
    }
    case 'monthly': {
      const day = r.startDate ? Number(r.startDate.slice(8, 10)) : null;
      const which = day ? `Todo mês no dia ${day}` : 'Todo mês';
      return `${which}${at}${start ? `, a partir de ${start}` : ''}${until}.`;
    }
  }
}

/** The sentence under a field the form refuses. */
export function recurrenceIssueMessage(field: RecurrenceField, issue: RecurrenceIssue): string {
  switch (field) {
    case 'startDate':
      return issue === 'past' ? 'Escolha uma data a partir de hoje.' : 'Informe a data do primeiro envio.';
    case 'hour':
      return issue === 'outOfRange' ? 'Escolha uma hora entre 00:00 e 23:00.' : 'Escolha o horário do envio.';
    case 'intervalDays':
      return 'Informe um intervalo entre 1 e 365 dias.';
    case 'weekdays':
      return 'Escolha pelo menos um dia da semana.';
    case 'endDate':
      return 'A data final não pode ser anterior à data de início.';
  }
}

/** Which form field an API scheduling code is about (the rest are shown above the form). */
export const FIELD_OF_CODE: Record<string, RecurrenceField | 'periodicity'> = {
  WRONG_START_DATE: 'startDate',
  WRONG_HOUR_VALUE: 'hour',
  WRONG_PERIODICITY_TIME: 'periodicity',
};

/** Codes the scheduling dialogs explain themselves, so the central handler shows no toast. */
export const SCHEDULE_FORM_CODES: readonly ApiErrorCode[] = [
  'WRONG_START_DATE',
  'WRONG_HOUR_VALUE',
  'WRONG_PERIODICITY_TIME',
  'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
  'DELIVERY_RULE_EXCEPTION',
  'QUIZ_NOT_ACTIVE',
  'PATIENT_NOT_ACTIVE',
  'RESCHEDULE_ERROR',
  'BULK_PROCESS_IN_PROGRESS',
];

/** "1 cliente" / "3 clientes" (with thousands separators). */
export function clientsCount(n: number): string {
  return `${n.toLocaleString('pt-BR')} ${n === 1 ? 'cliente' : 'clientes'}`;
}

const spHour = new Intl.DateTimeFormat('en-US', { timeZone: SAO_PAULO, hour: 'numeric', hourCycle: 'h23' });
const spDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A single send that goes out now: today in São Paulo at the hour already under way (the API sends
 * a first occurrence whose hour has passed right away).
 */
export function startingNow(now: Date = new Date()): { startDate: string; hour: number } {
  return { startDate: spDay.format(now), hour: Number(spHour.format(now)) };
}

/**
 * Where a new schedule's form starts: today at the next full hour (08:00 at the earliest), or
 * tomorrow at 08:00 late at night — never a first send already in the past.
 */
export function defaultStart(now: Date = new Date()): { startDate: string; hour: number } {
  const hour = Number(spHour.format(now));
  const today = spDay.format(now);
  if (hour + 1 <= 23) return { startDate: today, hour: Math.max(8, hour + 1) };
  return { startDate: parseDate(today).add({ days: 1 }).toString(), hour: 8 };
}

/**
 * A single send that went says when it really went ("Uma vez, enviado em 27/11/2026 às 05:22."), not the hour
 * it was planned for; a request due and not yet sent is on its way.
 */
export function describeSchedule(schedule: QuizSchedule): string {
  const last = schedule.lastRequest;
  if (schedule.periodicity === 'once' && last?.sentAt) {
    const [day, time] = formatDateTimeBR(last.sentAt).split(' ');
    return `Uma vez, enviado em ${day} às ${time}.`;
  }
  if (schedule.periodicity === 'once' && isSending(schedule)) return 'Uma vez, sendo enviado agora.';
  return describeRecurrence(schedule);
}

/** Its latest request is due and not sent yet: the delivery is under way (it goes within a minute). */
export function isSending(schedule: QuizSchedule, now: Date = new Date()): boolean {
  const last = schedule.lastRequest;
  return !!last && last.status === 'scheduled' && !last.sentAt && Date.parse(last.dueAt) <= now.getTime();
}
