/** What the survey machine holds, receives and asks its actors for. */
import type { StepRef, SurveyAnswer, SurveyAnswerValue, SurveyData } from './flow';

/** The survey token `POST /quiz-answer/validate-pin` gives (scoped to one schedule, short-lived). */
export interface SurveyToken {
  token: string;
  /** ISO date-time. */
  expiresAt: string;
}

/**
 * What an actor throws when a call fails: the HTTP status (0 when the request never reached the
 * server) and the API's `application_error_code`.
 */
export interface SurveyFlowError {
  status: number;
  code: string;
  details?: unknown;
}

/**
 * One save waiting to reach the server: an answer, or the finish. Kept (and persisted by the app)
 * until the server acknowledges it; its idempotency key makes a retry store it once.
 */
export interface PendingSave {
  idempotencyKey: string;
  quizAnswerId: string;
  /** `replace`: a change of an answer given before (the server updates it and drops the sub-answers it no longer opens). */
  answer?: StepRef & { value: SurveyAnswerValue; replace?: true };
  finish?: true;
  /** Epoch ms when the patient answered. */
  createdAt: number;
}

export interface SurveyFlowInput {
  quizScheduleId: string;
  /** The token kept from an earlier visit, if any (an expired one is ignored). */
  token?: SurveyToken | null;
  /** Saves kept from an earlier visit that had not reached the server. */
  queue?: PendingSave[];
  /** Where the patient was when the page closed (a question she went back to), if anywhere but the next one. */
  position?: SurveyPosition | null;
}

/** A question the patient went back to, and whether saving it returns to the review. */
export interface SurveyPosition {
  editing: StepRef | null;
  returnToReview: boolean;
}

export type PinError = 'WRONG_PIN' | 'NETWORK' | 'UNKNOWN';
export type StartError = 'NETWORK' | 'UNKNOWN';

export interface SurveyFlowContext {
  quizScheduleId: string;
  token: SurveyToken | null;
  pinError: PinError | null;
  /** After a wrong PIN: tries left before the link locks. */
  remainingAttempts: number | null;
  /** ISO date-time until which the link is locked after too many wrong PINs. */
  lockedUntil: string | null;
  survey: SurveyData | null;
  quizAnswerId: string | null;
  /** The server's answers plus the ones still in the queue: what the patient has answered. */
  answers: SurveyAnswer[];
  /** The server's `next` from its last answer; `undefined` until known or while saves are pending. */
  serverNext?: StepRef | null;
  queue: PendingSave[];
  /** Consecutive failed tries of the save at the head of the queue. */
  retryAttempt: number;
  /** Last `online`/`offline` the app reported. */
  online: boolean;
  startError: StartError | null;
  /** The last error that sent the flow to `failed`, `loadFailed` or a resync. */
  error: SurveyFlowError | null;
  /** Some queued answers were refused by the server and the flow was reloaded from it. */
  resynced: boolean;
  /** The patient passed the cover in this visit (a reload from the server does not show it again). */
  started: boolean;
  /** An answered question on screen again ("Voltar" or "Alterar"); `null`: the first unanswered one, else the review. */
  editing: StepRef | null;
  /** Opened from the review with "Alterar": saving it goes back to the review (after any sub-question it opens). */
  returnToReview: boolean;
}

export type SurveyFlowEvent =
  | { type: 'pin.submit'; pin: string }
  | { type: 'lock.expired' }
  | { type: 'survey.start' }
  | { type: 'answer.submit'; value: SurveyAnswerValue }
  /** "Voltar": the previous question, with its saved answer. */
  | { type: 'answer.back' }
  /** "Alterar" on the review: that question, with its saved answer. */
  | { type: 'answer.edit'; step: StepRef }
  /** "Enviar respostas": the finish, after the review. */
  | { type: 'review.submit' }
  | { type: 'sync.retry' }
  | { type: 'load.retry' }
  | { type: 'network.online' }
  | { type: 'network.offline' };

export interface ValidatePinInput {
  quizScheduleId: string;
  pin: string;
}
export interface LoadSurveyInput {
  quizScheduleId: string;
  token: string;
}
export interface StartAnswerInput {
  quizScheduleId: string;
  answerRequestId: string;
  token: string;
}
export type SaveAnswerInput = PendingSave & { token: string };
