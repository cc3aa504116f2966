/**
 * The formats the API, its OpenAPI document and the portal's forms share: one validator per format, so a
 * value the server refuses is refused by the form first, with the same rule and the same limits.
 *
 * Dependency-free, like `@acompanha/calendar`: the API bundles it and the portal imports it.
 */

// ── E-mail ───────────────────────────────────────────────────────────────────────────────────────────

/** The longest address a mail server carries (RFC 5321's path limit, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;

/**
 * An address people really have: a dot-atom local part (RFC 5322, no quoted strings) and a host name of
 * at least two labels, each 1–63 letters, digits or inner hyphens (RFC 1035: a label never starts or ends
 * with "-"), ending in an alphabetic top-level domain (or an IDN's `xn--`). ASCII only, as the browsers'
 * `type=email` and the mail servers we send through.
 *
 * The same text is the OpenAPI document's `pattern`, so a generated client refuses what the server does.
 */
export const EMAIL_PATTERN =
  "^(?=.{1,254}$)(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*" +
  '@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$';
const EMAIL_RE = new RegExp(EMAIL_PATTERN);

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && value.indexOf('@') <= EMAIL_LOCAL_MAX_LENGTH && EMAIL_RE.test(value);
}

/** How an address is kept: trimmed and lower-cased (one account per address, whatever the case typed). */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

// ── Calendar dates and instants ──────────────────────────────────────────────────────────────────────

/**
 * The range of every date and instant the API accepts. Wide enough for any birth date and any plan, and
 * inside what every layer reads back the same way: JavaScript reads years below 100 as 19xx, the
 * database driver parses them likewise, and ISO 8601 text needs four-digit years.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';
/** The instants of that range, in UTC. */
export const INSTANT_MIN = `${DATE_MIN}T00:00:00.000Z`;
export const INSTANT_MAX = `${DATE_MAX}T23:59:59.999Z`;

/** `YYYY-MM-DD`: the length of a calendar date. */
export const DATE_LENGTH = 10;
/** The longest instant written as `YYYY-MM-DDTHH:MM:SS.sssssssss+HH:MM`. */
export const INSTANT_MAX_LENGTH = 35;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/**
 * An instant as RFC 3339 writes it: date, `T`, time with seconds optional and up to nine decimals, and an
 * offset (`Z` or `±HH:MM`). Without an offset the moment would depend on the server's time zone.
 */
export const INSTANT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:[Zz]|[+-]\\d{2}:\\d{2})$';
const DATE_RE = new RegExp(DATE_PATTERN);
const INSTANT_RE = new RegExp(INSTANT_PATTERN);

/** A real calendar date written `YYYY-MM-DD` (no 31 February), whatever its year. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(2000, m - 1, d));
  // Checked in a leap year near 2000, then the year itself for 29 February.
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return false;
  return !(m === 2 && d === 29) || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}

/** A calendar date inside the product's range (`DATE_MIN`–`DATE_MAX`). */
export function isDateInRange(value: string): boolean {
  return isCalendarDate(value) && value >= DATE_MIN && value <= DATE_MAX;
}

/** The instant `value` names, or `null` when it is not an RFC 3339 instant with its offset. */
export function parseInstant(value: string): Date | null {
  if (value.length > INSTANT_MAX_LENGTH || !INSTANT_RE.test(value)) return null;
  if (!isCalendarDate(value.slice(0, DATE_LENGTH))) return null;
  const [hh, mm, ss] = [value.slice(11, 13), value.slice(14, 16), value.slice(17, 19)].map(Number) as [
    number,
    number,
    number,
  ];
  if (hh > 23 || mm > 59 || (value[16] === ':' && ss > 59)) return null;
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(value);
  if (offset && (Number(offset[2]) > 23 || Number(offset[3]) > 59)) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t) : null;
}

/** An RFC 3339 instant inside the product's range. */
export function isInstantInRange(value: string): boolean {
  const at = parseInstant(value);
  return at !== null && at.getTime() >= Date.parse(INSTANT_MIN) && at.getTime() <= Date.parse(INSTANT_MAX);
}

/** `1900-01-01` as people read it: `01/01/1900`. */
export const brDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The range as a sentence ends: "entre 01/01/1900 e 31/12/2100". */
export const DATE_RANGE_PHRASE = `entre ${brDate(DATE_MIN)} e ${brDate(DATE_MAX)}`;
