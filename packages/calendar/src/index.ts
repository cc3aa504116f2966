/**
 * The practice's calendar: days in São Paulo, whatever the server's or the device's time zone, and
 * the one rule of a service's period. The API (its "active service" query and the dashboard) and every
 * portal screen that shows a service's end use these, so a service ends on the same day everywhere.
 *
 * Dates are calendar dates written `YYYY-MM-DD`. A sale is stored as `startsAt` (its first day) and
 * `endsAt` (the first day WITHOUT the service, exclusive); people read the last day it covers.
 */

export const SAO_PAULO = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo calendar date of an instant (02:30 UTC is still the evening before there). */
export function spDate(instant: Date): string {
  return dayFormat.format(instant);
}

/** `date` moved by whole days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** A service's period as the API stores it: first day, and the first day without it. */
export interface ServicePeriod {
  startsAt: string;
  endsAt: string;
}

/** The last day a service covers, inclusive: the day before `endsAt`. What every screen shows as "até". */
export function serviceLastDay(endsAt: string): string {
  return addDays(endsAt.slice(0, 10), -1);
}

/**
 * Does the service cover `day`? From its first day through its last day, both inclusive. The API's
 * SQL (`activeSaleOn`) is this rule written as `starts_at <= day AND ends_at > day`, and a test holds
 * the two together.
 */
export function isServiceActiveOn(period: ServicePeriod, day: string): boolean {
  return period.startsAt.slice(0, 10) <= day && day <= serviceLastDay(period.endsAt);
}

/**
 * Days the service still has after `today`: 0 when today is its last day, 1 when tomorrow is, and
 * negative once it has ended.
 */
export function serviceDaysLeft(endsAt: string, today: string): number {
  return daysBetween(today, serviceLastDay(endsAt));
}

/** How far ahead a service counts as ending soon: the next 14 days, today being the first. */
export const SERVICE_ENDING_SOON_DAYS = 14;

/**
 * Does a running service end soon: its last day within the next `windowDays` days, today included? The
 * dashboard's "Serviços perto do fim" and the clients list's "Renovar serviço" both ask this.
 */
export function serviceEndsSoon(endsAt: string, today: string, windowDays = SERVICE_ENDING_SOON_DAYS): boolean {
  const left = serviceDaysLeft(endsAt, today);
  return left >= 0 && left < windowDays;
}

/**
 * When a running service ends, as a short Portuguese phrase: "termina hoje", "termina amanhã",
 * "termina em 5 dias". Past the last day: "terminou".
 */
export function serviceEndPhrase(endsAt: string, today: string): string {
  const left = serviceDaysLeft(endsAt, today);
  if (left < 0) return 'terminou';
  if (left === 0) return 'termina hoje';
  if (left === 1) return 'termina amanhã';
  return `termina em ${left} dias`;
}
