/**
 * What the survey needs of its flow before the machine's code has loaded: whether a kept token still opens the
 * survey, and the context the machine starts with. A module of its own, so the first screen's chunk carries these
 * and not the flow's rules (flow.ts, surveyFlow.logic.ts), which come with the machine (apps/survey/vite.config.ts).
 */
import type { SurveyFlowContext, SurveyFlowInput, SurveyToken } from './surveyFlow.types';

/** A token counts as expired a minute early, so a call never starts with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

export function isTokenValid(token: SurveyToken | null | undefined, now = Date.now()): token is SurveyToken {
  if (!token?.token) return false;
  const expires = Date.parse(token.expiresAt);
  return Number.isFinite(expires) && expires - now > TOKEN_MARGIN_MS;
}

/**
 * The machine's context at the start (pure, so an app can show the first screen before the machine's code
 * has loaded).
 */
export function initialSurveyFlowContext(input: SurveyFlowInput): SurveyFlowContext {
  return {
    quizScheduleId: input.quizScheduleId,
    token: isTokenValid(input.token) ? input.token : null,
    pinError: null,
    remainingAttempts: null,
    lockedUntil: null,
    survey: null,
    quizAnswerId: null,
    answers: [],
    queue: input.queue ?? [],
    retryAttempt: 0,
    online: true,
    startError: null,
    error: null,
    resynced: false,
    started: false,
    editing: input.position?.editing ?? null,
    returnToReview: input.position?.returnToReview ?? false,
  };
}
