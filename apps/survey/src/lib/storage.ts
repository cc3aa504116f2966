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
