import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  QuizAnswerIdParams,
  QuizAnswerProgressSchema,
  SaveQuizAnswerBody,
  ScheduleIdParams,
  StartQuizAnswerBody,
  SurveyBrandSchema,
  SurveyStateSchema,
  SurveyTokenSchema,
  ValidatePinBody,
} from './schemas.js';
import { saveQuizAnswer, startQuizAnswer } from './service.js';
import { getSurveyBrand, getSurveyState } from './state.js';
import { validatePin } from './validate-pin.js';
import { surveyAuthenticate, surveyOf, surveySecurity } from './token.js';

const TAGS = ['quiz-answer'];

export function quizAnswerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/quiz-answer/validate-pin',
      {
        schema: {
          operationId: 'validateQuizPin',
          tags: TAGS,
          summary: 'Exchange the PIN of a survey link for a survey token',
          description:
            'No authentication: the PIN is the credential. A wrong PIN → 400 WRONG_PIN (details.remainingAttempts). The 5th wrong ' +
            'PIN locks the link for 15 minutes: 423 PIN_LOCKED (details.lockedUntil), and while locked every PIN, even the right one, ' +
            'is refused unseen. Attempts are counted per link, also under concurrent guesses. A right PIN resets the count. ' +
            'Unknown or deleted schedule → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.',
          body: ValidatePinBody,
          response: { 200: json(SurveyTokenSchema, 'The survey token'), ...errorResponses(400, 404, 423, 429) },
        },
      },
      async (request) => validatePin(ctx, request.body, { ip: request.ip }),
    );

    app.get(
      '/quiz-answer/:scheduleId/brand',
      {
        schema: {
          operationId: 'getSurveyBrand',
          tags: TAGS,
          summary: 'Who sent a survey link: the professional’s name and the quiz’s look, before the PIN',
          description:
            'No authentication: the link itself. Answers only the professional’s public presentation (name, photo as a ' +
            'short-lived signed link, subtitle, colours, the forward label), never anything of the patient or her answers, so ' +
            'the PIN screen shows who is asking. Unknown or deleted schedule → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.',
          params: ScheduleIdParams,
          response: { 200: json(SurveyBrandSchema, 'The professional’s presentation'), ...errorResponses(400, 404) },
        },
      },
      async (request) => getSurveyBrand(ctx, request.params.scheduleId),
    );

    app.get(
      '/quiz-answer/:scheduleId',
      {
        onRequest: surveyAuthenticate(ctx),
        schema: {
          operationId: 'getSurveyState',
          tags: TAGS,
          summary: 'The quiz to answer, its appearance and cover, and the progress so far',
          description:
            'Which answer request: the oldest sent one already started, else the newest sent one; none → state nothing-pending ' +
            '(or answered when the latest was answered). A token of another link → 403 NOT_OWNER.',
          security: surveySecurity,
          params: ScheduleIdParams,
          response: { 200: json(SurveyStateSchema, 'The survey state'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => getSurveyState(ctx, surveyOf(request), request.params.scheduleId),
    );

    app.post(
      '/quiz-answer',
      {
        onRequest: surveyAuthenticate(ctx),
        schema: {
          operationId: 'startQuizAnswer',
          tags: TAGS,
          summary: 'Start answering a sent answer request (idempotent)',
          description:
            'Takes a snapshot of the quiz flow, so later edits of the quiz never change this answer. Starting again returns the ' +
            'same answer (200). Answered → 409 QUIZ_ALREADY_ANSWERED; cancelled → 409 SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR; ' +
            'not sent or expired, or of another link → 404 SCHEDULE_NOT_FOUND_ERROR.',
          security: surveySecurity,
          body: StartQuizAnswerBody,
          response: {
            200: json(QuizAnswerProgressSchema, 'Already started: the progress so far'),
            201: json(QuizAnswerProgressSchema, 'Started'),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { created, progress } = await startQuizAnswer(ctx, surveyOf(request), request.body);
        return reply.code(created ? 201 : 200).send(progress);
      },
    );

    app.put(
      '/quiz-answer/:quizAnswerId',
      {
        onRequest: surveyAuthenticate(ctx),
        schema: {
          operationId: 'saveQuizAnswer',
          tags: TAGS,
          summary: 'Save one answer and/or finish (idempotent by idempotencyKey)',
          description:
            'Answers go one at a time in the order of `next`. Value checks: wrong type, shape or bounds → 400 ' +
            'ANSWER_DOES_NOT_BELONG_TO_QUESTION; unknown alternative → 400 ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION. Flow checks: a question ' +
            'outside the flow → 400 NOT_EXPECTED_ANSWER_ERROR; a sub-answer whose parent’s chosen alternatives open no sub-question → 400 ' +
            'ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT; a sub-question not opened by the chosen alternatives → 400 ' +
            'INVALID_ALTERNATIVE_SUB_QUESTION; in the flow but not next (or finishing before `next` is null) → 409 WRONG_ANSWER_ORDER; ' +
            'answered already (with another key) → 409 ANSWER_ALREADY_REGISTERED, unless `answer.replace`: then any answered ' +
            'step of the flow takes the new value, and the sub-answers its new alternatives no longer open are deleted in the same ' +
            'transaction (an unanswered step with `replace` is saved as usual, so it must be `next`); anything after finishing → 409 ' +
            'QUIZ_ALREADY_ANSWERED. ' +
            'Finishing marks the answer request answered and creates the pending answer revision, exactly once.',
          security: surveySecurity,
          params: QuizAnswerIdParams,
          body: SaveQuizAnswerBody,
          response: {
            200: json(QuizAnswerProgressSchema, 'The progress after this save'),
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request) => saveQuizAnswer(ctx, surveyOf(request), request.params.quizAnswerId, request.body),
    );
  };
}
