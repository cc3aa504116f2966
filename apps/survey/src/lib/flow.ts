/**
 * The survey's flow machine with its API calls and its storage: loaded after the first screen has painted (see
 * `useSurveyFlow`), so xstate and the machine never delay the PIN screen.
 */

import {
  getSurveyState,
  saveQuizAnswer,
  startQuizAnswer,
  validateQuizPin,
  type AnswerValue,
} from '@acompanha/api-client';
import {
  surveyFlowMachine,
  type LoadSurveyInput,
  type SaveAnswerInput,
  type StartAnswerInput,
  type SurveyData,
  type SurveyFlowInput,
  type SurveyProgress,
  type SurveyToken,
  type ValidatePinInput,
} from '@acompanha/machines';
import { createActor, fromPromise } from 'xstate';
import { unwrap } from './api';
import { writeSession } from './storage';
// The offline shell's service worker registers itself from here: after the first paint, on survey links only.
import './serviceWorker';

/** The API calls of the flow machine, through the generated SDK, each with the survey token. */
export const surveyActors = {
  validatePin: fromPromise<SurveyToken, ValidatePinInput>(({ input }) => unwrap(validateQuizPin({ body: input }))),
  loadSurvey: fromPromise<SurveyData, LoadSurveyInput>(({ input }) =>
    unwrap(getSurveyState({ path: { scheduleId: input.quizScheduleId }, auth: input.token })),
  ),
  startAnswer: fromPromise<SurveyProgress, StartAnswerInput>(({ input }) =>
    unwrap(
      startQuizAnswer({
        body: { quizScheduleId: input.quizScheduleId, answerRequestId: input.answerRequestId },
        auth: input.token,
      }),
    ),
  ),
  saveAnswer: fromPromise<SurveyProgress, SaveAnswerInput>(({ input }) =>
    unwrap(
      saveQuizAnswer({
        path: { quizAnswerId: input.quizAnswerId },
        auth: input.token,
        body: {
          idempotencyKey: input.idempotencyKey,
          ...(input.answer
            ? {
                answer: {
                  questionId: input.answer.questionId,
                  parentQuestionId: input.answer.parentQuestionId,
                  value: input.answer.value as AnswerValue,
                  ...(input.answer.replace ? { replace: true } : {}),
                },
              }
            : {}),
          ...(input.finish ? { finish: true } : {}),
        },
      }),
    ),
  ),
};

/** A new (not started) actor of the survey's flow, keeping the session in storage on every change. */
export function createSurveyFlow(input: SurveyFlowInput) {
  const machine = surveyFlowMachine.provide({
    actors: surveyActors,
    actions: {
      persist: ({ context }) =>
        writeSession(context.quizScheduleId, {
          token: context.token,
          queue: context.queue,
          position: context.editing ? { editing: context.editing, returnToReview: context.returnToReview } : null,
        }),
    },
  });
  return createActor(machine, { input });
}

export type SurveyFlowActor = ReturnType<typeof createSurveyFlow>;
