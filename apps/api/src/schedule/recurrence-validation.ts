/** From a request's recurrence to a checked rule ready to store, and from a stored schedule back to its rule. */
import type { AppContext } from '../context.js';
import { PERIODICITIES, type Periodicity } from '../db/schema.js';
import { spDate } from '../lib/dates.js';
import type { RecurrenceRule } from './recurrence.js';
import type { Recurrence } from './schemas.js';
import type { Channel, ScheduleRow } from './rows.js';
import { field } from './errors.js';

/** A checked recurrence, ready to store. */
export interface ValidRecurrence extends RecurrenceRule {
  channel: Channel | undefined;
}
/** Synchronous checks of a recurrence (the spec's WRONG_HOUR_VALUE, WRONG_PERIODICITY_TIME, WRONG_START_DATE). */
export function validateRecurrence(ctx: AppContext, r: Recurrence): ValidRecurrence {
  if (typeof r.hour !== 'number' || !Number.isInteger(r.hour) || r.hour < 0 || r.hour > 23) {
    throw field('WRONG_HOUR_VALUE', 'hour', 'A hora deve ser um número inteiro entre 0 e 23.');
  }
  if (!(PERIODICITIES as readonly string[]).includes(r.periodicity)) {
    throw field(
      'WRONG_PERIODICITY_TIME',
      'periodicity',
      'Periodicidade inválida: use uma vez, a cada N dias, semanal ou mensal.',
    );
  }
  const periodicity = r.periodicity as Periodicity;
  let intervalDays: number | null = null;
  if (periodicity === 'days') {
    const n = r.intervalDays;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 365) {
      throw field('WRONG_PERIODICITY_TIME', 'intervalDays', 'Informe o intervalo em dias, de 1 a 365.');
    }
    intervalDays = n;
  }
  const weekdays = [...new Set(r.weekdays ?? [])].sort((a, b) => a - b);
  if (periodicity === 'weekly') {
    if (weekdays.length === 0)
      throw field('WRONG_PERIODICITY_TIME', 'weekdays', 'Escolha pelo menos um dia da semana.');
    if (weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) {
      throw field(
        'WRONG_PERIODICITY_TIME',
        'weekdays',
        'Dias da semana inválidos: use 1 (segunda-feira) a 7 (domingo).',
      );
    }
  } else if (weekdays.length > 0) {
    throw field('WRONG_PERIODICITY_TIME', 'weekdays', 'Dias da semana só valem para a periodicidade semanal.');
  }
  const today = spDate(ctx.config.now());
  if (r.startDate < today) throw field('WRONG_START_DATE', 'startDate', 'A data de início não pode estar no passado.');
  const endDate = r.endDate ?? null;
  if (endDate !== null && endDate < r.startDate) {
    throw field('WRONG_START_DATE', 'endDate', 'A data de término não pode ser anterior à data de início.');
  }
  return {
    startDate: r.startDate,
    hour: r.hour,
    periodicity,
    intervalDays,
    weekdays: periodicity === 'weekly' ? weekdays : [],
    endDate,
    channel: r.channel ?? undefined,
  };
}

export const ruleOf = (s: ScheduleRow): RecurrenceRule => ({
  startDate: s.startDate,
  hour: s.hour,
  periodicity: s.periodicity,
  intervalDays: s.intervalDays,
  weekdays: s.weekdays,
  endDate: s.endDate,
});
