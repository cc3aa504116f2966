/** What every mock answers with: the API's paths, its error bodies, its pages and its São Paulo dates. */
import { HttpResponse } from 'msw';
import type { ErrorCode, ErrorResponse, Patient, PatientPage } from '../gen/types.gen';
import { errorBody } from './fixtures';

/** An API path as MSW matches it, on whatever origin the app calls. */
export const api = (path: string) => `*/api${path}`;

/** The API's error answer for `code`, with the status the API sends it with (or `status`, when given). */
export function fail(code: ErrorCode, details?: ErrorResponse['details'], status?: number) {
  const { status: byCode, body } = errorBody(code, details);
  const sent = status ?? byCode;
  return HttpResponse.json({ ...body, statusCode: sent }, { status: sent });
}

/** One page of `items` as `take` and `skip` in the URL ask for it (20 from the first by default). */
export const pageOf = <T>(items: T[], url: URL) => {
  const take = Number(url.searchParams.get('take') ?? 20);
  const skip = Number(url.searchParams.get('skip') ?? 0);
  return { items: items.slice(skip, skip + take), total: items.length };
};

/** How far the API counts a name search's matches (`PATIENT_SEARCH_TOTAL_CAP` in apps/api). */
export const PATIENT_SEARCH_TOTAL_CAP = 1000;

/**
 * One page of the patients matching a `GET /patient` call, as the API answers it: a name search counts up to
 * 1,000 matches and says when there are more (`totalCapped`); a list without a term counts them all.
 */
export function patientPageOf(matches: Patient[], url: URL): PatientPage {
  const capped = !!url.searchParams.get('nameTerm')?.trim() && matches.length > PATIENT_SEARCH_TOTAL_CAP;
  const page = pageOf(matches, url);
  return { ...page, total: capped ? PATIENT_SEARCH_TOTAL_CAP : page.total, totalCapped: capped };
}

export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export const nowIso = () => new Date().toISOString();

/** The São Paulo date (UTC−3) of an instant. */
export const spDate = (iso: string) => new Date(Date.parse(iso) - 3 * 3_600_000).toISOString().slice(0, 10);

/** Today in São Paulo. */
export const todaySP = () => spDate(nowIso());

/** A calendar date (`YYYY-MM-DD`) `days` later (or earlier). */
export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
