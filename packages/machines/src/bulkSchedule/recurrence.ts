/**
 * The recurrence of a quiz schedule as a form edits it, and the same checks the API makes
 * (`WRONG_HOUR_VALUE`, `WRONG_PERIODICITY_TIME`, `WRONG_START_DATE`), so the form says what is
 * wrong before anything is sent. Dates are São Paulo calendar dates (`YYYY-MM-DD`).
 */

export type Periodicity = 'once' | 'days' | 'weekly' | 'monthly';
export type Channel = 'email' | 'whatsapp';

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** What the form holds: every field, even those the chosen periodicity ignores. */
export interface RecurrenceDraft {
  startDate: string | null;
  /** 0–23, São Paulo time. */
  hour: number | null;
  periodicity: Periodicity;
  /** Used when `periodicity` is 'days'. */
  intervalDays: number | null;
  /** Used when `periodicity` is 'weekly'. */
  weekdays: number[];
  /** Optional last day; ignored for 'once'. */
  endDate: string | null;
  /** `null`: each patient's preferred channel. */
  channel: Channel | null;
}

/** The API's `Recurrence` body: only the fields the periodicity uses. */
export interface Recurrence {
  startDate: string;
  hour: number;
  periodicity: Periodicity;
  intervalDays?: number;
  weekdays?: number[];
  endDate?: string;
  channel?: Channel;
}

export type RecurrenceField = 'startDate' | 'hour' | 'intervalDays' | 'weekdays' | 'endDate';

/**
 * Why a field is refused: `required` (missing), `past` (start before today), `beforeStart`
 * (end before start), `outOfRange` (hour outside 0–23, interval outside 1–365, unknown weekday).
 */
export type RecurrenceIssue = 'required' | 'past' | 'beforeStart' | 'outOfRange';

export type RecurrenceErrors = Partial<Record<RecurrenceField, RecurrenceIssue>>;

export const MAX_INTERVAL_DAYS = 365;

/** A blank form: starts today at 08:00, sent once, on each patient's channel. */
export function emptyRecurrence(today: string, patch: Partial<RecurrenceDraft> = {}): RecurrenceDraft {
  return {
    startDate: today,
    hour: 8,
    periodicity: 'once',
    intervalDays: 7,
    weekdays: [],
    endDate: null,
    channel: null,
    ...patch,
  };
}

/** The problems of a draft, by field; `{}` when it can be sent. `today` is São Paulo's date. */
export function validateRecurrence(draft: RecurrenceDraft, today: string): RecurrenceErrors {
  const errors: RecurrenceErrors = {};
  if (!draft.startDate) errors.startDate = 'required';
  else if (draft.startDate < today) errors.startDate = 'past';

  if (draft.hour === null || Number.isNaN(draft.hour)) errors.hour = 'required';
  else if (!Number.isInteger(draft.hour) || draft.hour < 0 || draft.hour > 23) errors.hour = 'outOfRange';

  if (draft.periodicity === 'days') {
    const n = draft.intervalDays;
    if (n === null || Number.isNaN(n)) errors.intervalDays = 'required';
    else if (!Number.isInteger(n) || n < 1 || n > MAX_INTERVAL_DAYS) errors.intervalDays = 'outOfRange';
  }
  if (draft.periodicity === 'weekly') {
    if (draft.weekdays.length === 0) errors.weekdays = 'required';
    else if (draft.weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) errors.weekdays = 'outOfRange';
  }
  if (draft.periodicity !== 'once' && draft.endDate && draft.startDate && draft.endDate < draft.startDate)
    errors.endDate = 'beforeStart';
  return errors;
}

export function isRecurrenceValid(draft: RecurrenceDraft, today: string): boolean {
  return Object.keys(validateRecurrence(draft, today)).length === 0;
}

/** The body the API takes for a valid draft: fields of other periodicities are left out. */
export function toRecurrence(draft: RecurrenceDraft): Recurrence {
  if (draft.startDate === null || draft.hour === null) throw new Error('toRecurrence needs a valid draft');
  return {
    startDate: draft.startDate,
    hour: draft.hour,
    periodicity: draft.periodicity,
    ...(draft.periodicity === 'days' && draft.intervalDays !== null ? { intervalDays: draft.intervalDays } : {}),
    ...(draft.periodicity === 'weekly' ? { weekdays: [...new Set(draft.weekdays)].sort((a, b) => a - b) } : {}),
    ...(draft.periodicity !== 'once' && draft.endDate ? { endDate: draft.endDate } : {}),
    ...(draft.channel ? { channel: draft.channel } : {}),
  };
}

/** A form draft from a stored schedule (to reschedule it). */
export function draftFromRecurrence(r: {
  startDate: string;
  hour: number;
  periodicity: Periodicity;
  intervalDays?: number | null;
  weekdays?: number[] | null;
  endDate?: string | null;
  channel?: Channel | null;
}): RecurrenceDraft {
  return {
    startDate: r.startDate,
    hour: r.hour,
    periodicity: r.periodicity,
    intervalDays: r.intervalDays ?? 7,
    weekdays: r.weekdays ?? [],
    endDate: r.endDate ?? null,
    channel: r.channel ?? null,
  };
}
