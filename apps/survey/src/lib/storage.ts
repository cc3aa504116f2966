import type { PendingSave, SurveyToken } from '@acompanha/machines';

/** What a visit keeps for the next one, per survey link: the token and the saves not yet sent. */
export interface KeptSession {
  token: SurveyToken | null;
  queue: PendingSave[];
}

const keyOf = (quizScheduleId: string) => `acompanha.survey.${quizScheduleId}`;

/** Reads the kept session (nothing when storage is unavailable or holds something else). */
export function readSession(quizScheduleId: string): KeptSession {
  try {
    const raw = window.localStorage.getItem(keyOf(quizScheduleId));
    const parsed = raw ? (JSON.parse(raw) as Partial<KeptSession>) : {};
    return {
      token: parsed.token && typeof parsed.token.token === 'string' ? parsed.token : null,
      queue: Array.isArray(parsed.queue) ? parsed.queue.filter((i) => i && typeof i.idempotencyKey === 'string') : [],
    };
  } catch {
    return { token: null, queue: [] };
  }
}

/** Keeps the session; an empty one is removed. Storage can be full or blocked: then it lives in memory only. */
export function writeSession(quizScheduleId: string, session: KeptSession): void {
  try {
    if (!session.token && session.queue.length === 0) window.localStorage.removeItem(keyOf(quizScheduleId));
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

/** `null` removes it. Storage can be full or blocked: the draft then lives in the page only. */
export function writeDraft(quizScheduleId: string, step: string, draft: object | null): void {
  try {
    if (draft) window.localStorage.setItem(draftKeyOf(quizScheduleId), JSON.stringify({ step, draft }));
    else window.localStorage.removeItem(draftKeyOf(quizScheduleId));
  } catch {
    /* private mode or quota */
  }
}
