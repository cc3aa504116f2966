/** Reporting periods: a São Paulo date range as instants. */
import { errors } from '../errors/app-error.js';
import { addDays, daysBetween, spDayStart } from '../lib/dates.js';

/** The instants of a São Paulo period [from, to] (dates inclusive); 400 on `to` when it ends before it starts. */
export function periodBounds(
  from: string | undefined,
  to: string | undefined,
  maxDays?: number,
): { start?: Date; end?: Date } {
  if (from && to && to < from) throw errors.field(['to'], 'A data final não pode ser anterior à data inicial.');
  if (maxDays && from && to && daysBetween(from, to) + 1 > maxDays) {
    throw errors.field(['from'], `Escolha um período de no máximo ${maxDays} dias.`);
  }
  return { start: from ? spDayStart(from) : undefined, end: to ? spDayStart(addDays(to, 1)) : undefined };
}
