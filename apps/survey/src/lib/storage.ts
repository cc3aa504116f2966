import type { PendingSave, SurveyPosition, SurveyToken } from '@acompanha/machines';

/**
 * What a visit keeps for the next one, per survey link: the token, the saves not yet sent, and the
 * question the patient went back to (if any).
 */
export interface KeptSession {
  token: SurveyToken | null;
  queue: PendingSave[];
  position?: SurveyPosition | null;
}

const isStep = (v: unknown): v is SurveyPosition['editing'] =>
  !!v &&
  typeof (v as { questionId?: unknown }).questionId === 'string' &&
  ((v as { parentQuestionId?: unknown }).parentQuestionId === null ||
    typeof (v as { parentQuestionId?: unknown }).parentQuestionId === 'string');

const keyOf = (quizScheduleId: string) => `acompanha.survey.${quizScheduleId}`;

/** Reads the kept session (nothing when storage is unavailable or holds something else). */
export function readSession(quizScheduleId: string): KeptSession {
  try {
    const raw = window.localStorage.getItem(keyOf(quizScheduleId));
    const parsed = raw ? (JSON.parse(raw) as Partial<KeptSession>) : {};
    return {
      token: parsed.token && typeof parsed.token.token === 'string' ? parsed.token : null,
      queue: Array.isArray(parsed.queue) ? parsed.queue.filter((i) => i && typeof i.idempotencyKey === 'string') : [],
      position:
        parsed.position && isStep(parsed.position.editing)
          ? { editing: parsed.position.editing, returnToReview: parsed.position.returnToReview === true }
          : null,
    };
  } catch {
    return { token: null, queue: [], position: null };
  }
}

/** Keeps the session; an empty one is removed. Storage can be full or blocked: then it lives in memory only. */
export function writeSession(quizScheduleId: string, session: KeptSession): void {
  try {
    if (!session.token && session.queue.length === 0 && !session.position?.editing)
      window.localStorage.removeItem(keyOf(quizScheduleId));
    else window.localStorage.setItem(keyOf(quizScheduleId), JSON.stringify(session));
  } catch {
    /* private mode or quota: the queue still lives in the running page */
  }
}

/**
 * The answer being given to the current question, before it is sent: kept so that a reload, a closed tab or
 * a phone that drops the page does not lose what the patient typed. One per survey link; only restored on
 * the question it was given to, and removed when that answer is sent.
 */
export const draftKeyOf = (quizScheduleId: string) => `acompanha.survey.${quizScheduleId}.draft`;

export function readDraft(quizScheduleId: string, step: string): Record<string, unknown> | null {
  try {
    const raw = window.localStorage.getItem(draftKeyOf(quizScheduleId));
    const parsed = raw ? (JSON.parse(raw) as { step?: unknown; draft?: unknown }) : null;
    if (!parsed || parsed.step !== step || !parsed.draft || typeof parsed.draft !== 'object') return null;
    return parsed.draft as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * `null` removes it (only the draft of that question: another one's stays). Storage can be full or blocked: the
 * draft then lives in the page only.
 */
export function writeDraft(quizScheduleId: string, step: string, draft: object | null): void {
  try {
    if (draft) window.localStorage.setItem(draftKeyOf(quizScheduleId), JSON.stringify({ step, draft }));
    else if (readDraft(quizScheduleId, step)) window.localStorage.removeItem(draftKeyOf(quizScheduleId));
  } catch {
    /* private mode or quota */
  }
}

/**
 * The professional's presentation last seen on this link (never anything of the patient): shown at once on
 * the next visit, offline too, while a fresh one loads. The last one seen on any link is kept too (`LAST_BRAND`):
 * the offline screen shows it for a link never opened on this phone.
 */
const brandKeyOf = (quizScheduleId: string) => `acompanha.survey.${quizScheduleId}.brand`;
export const LAST_BRAND = 'last';

export function readBrand<T>(quizScheduleId: string): T | null {
  try {
    const raw = window.localStorage.getItem(brandKeyOf(quizScheduleId));
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { professionalName?: unknown }).professionalName === 'string'
      ? (parsed as T)
      : null;
  } catch {
    return null;
  }
}

export function writeBrand(quizScheduleId: string, brand: object | null): void {
  try {
    if (brand) {
      const json = JSON.stringify(brand);
      window.localStorage.setItem(brandKeyOf(quizScheduleId), json);
      window.localStorage.setItem(brandKeyOf(LAST_BRAND), json);
    } else window.localStorage.removeItem(brandKeyOf(quizScheduleId));
  } catch {
    /* private mode or quota */
  }
}
