import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../lib/summary-cache.js';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  AnswerRequestSchema,
  CancelAnswerRequestBody,
  CreateQuizScheduleBody,
  DeleteScheduleParams,
  ListQuizSchedulesQuery,
  QuizScheduleDetailSchema,
  PatientQuizPageSchema,
  QuizSchedulePageSchema,
  QuizScheduleSchema,
  RepublishBody,
  RepublishResultSchema,
  RequestNowBody,
  RescheduleBody,
  ScheduleIdParams,
  UnconfirmedQuery,
  UnconfirmedRequestPageSchema,
} from './schemas.js';
import * as requests from './answer-requests.js';
import * as schedules from './service.js';
import { PageQuery, PatientIdParams } from '../patient/schemas.js';

const TAGS = ['schedule'];

const RECURRENCE_CODES =
  'hour outside 0–23 → 400 WRONG_HOUR_VALUE; unknown periodicity, `days` without intervalDays 1–365, `weekly` without weekdays ' +
  '(or weekdays for another periodicity) → 400 WRONG_PERIODICITY_TIME; startDate before today (São Paulo) or endDate before ' +
  'startDate → 400 WRONG_START_DATE; the channel without the matching contact → 400 DELIVERY_RULE_EXCEPTION; no paid sale ' +
  'covering today → 400 PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR; quiz disabled → 400 QUIZ_NOT_ACTIVE; patient inactive → ' +
  '400 PATIENT_NOT_ACTIVE; unknown quiz → 404 QUIZ_NOT_FOUND; unknown patient → 404 PATIENT_NOT_FOUND_ERROR.';

export function scheduleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    // A patient's schedules (tagged with the patient's operations): here, so the patient area stays below schedules.
    app.get(
      '/patient/:patientId/quizzes',
      {
        schema: {
          operationId: 'listPatientQuizzes',
          tags: ['patient'],
          summary: "The patient's live quiz schedules, with the state of the latest request",
          security: bearerSecurity,
          params: PatientIdParams,
          querystring: PageQuery,
          response: { 200: json(PatientQuizPageSchema, 'Scheduled quizzes'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => schedules.listPatientSchedules(ctx, authOf(request), request.params.patientId, request.query),
    );

    app.post(
      '/quiz/schedule',
      {
        schema: {
          operationId: 'createQuizSchedule',
          tags: TAGS,
          summary: 'Schedule a quiz to a patient (replaces the live schedule of the same quiz and patient)',
          description:
            'The first occurrence becomes an answer request at once; an occurrence whose time already passed today is sent ' +
            `right away. ${RECURRENCE_CODES}`,
          security: bearerSecurity,
          body: CreateQuizScheduleBody,
          response: { 201: json(QuizScheduleSchema, 'The schedule'), ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await schedules.createSchedule(ctx, pro(request), request.body)),
    );

    app.get(
      '/quiz/schedule',
      {
        schema: {
          operationId: 'listQuizSchedules',
          tags: TAGS,
          summary: 'Live (not deleted) quiz schedules, ordered by patient name',
          security: bearerSecurity,
          querystring: ListQuizSchedulesQuery,
          response: { 200: json(QuizSchedulePageSchema, 'A page of schedules'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        sendJson(
          reply as FastifyReply,
          ctx.files,
          await schedules.listSchedulesJson(ctx, authOf(request), request.query),
        ),
    );

    app.post(
      '/quiz/schedule/reschedule',
      {
        schema: {
          operationId: 'rescheduleQuizSchedule',
          tags: TAGS,
          summary: 'Change the recurrence of a schedule',
          description:
            "Pending 'scheduled' requests are cancelled and the first occurrence of the new recurrence is created. A deleted " +
            `schedule → 400 RESCHEDULE_ERROR; unknown → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR. ${RECURRENCE_CODES}`,
          security: bearerSecurity,
          body: RescheduleBody,
          response: { 200: json(QuizScheduleSchema, 'The schedule'), ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request) => {
        const { quizScheduleId, ...recurrence } = request.body;
        return schedules.reschedule(ctx, pro(request), quizScheduleId, recurrence);
      },
    );

    app.post(
      '/quiz/schedule/request-now',
      {
        schema: {
          operationId: 'requestQuizNow',
          tags: TAGS,
          summary: 'Send the quiz now (an extra occurrence, delivered by the background worker at once)',
          description:
            'A message sent (or being sent) for this schedule in the last 60 seconds → 429 RETRY_SEND_LATER. Disabled schedule, ' +
            'channel without contact → 400 DELIVERY_RULE_EXCEPTION; no active service → 400 PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR. ' +
            "Delivery failures show in the request's lastError / lastErrorCode (NOTIFICATION_CHANNEL_ERROR, WHATSAPP_INTEGRATION_ERROR).",
          security: bearerSecurity,
          body: RequestNowBody,
          response: {
            201: json(AnswerRequestSchema, 'The new answer request'),
            ...errorResponses(400, 401, 402, 404, 429),
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requests.requestNow(ctx, pro(request), request.body.quizScheduleId)),
    );

    app.post(
      '/quiz/schedule/cancel',
      {
        schema: {
          operationId: 'cancelAnswerRequest',
          tags: TAGS,
          summary: 'Cancel one answer request',
          description:
            'Already cancelled → 400 SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR; answered → 400 SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR; ' +
            'the patient started answering it, or it expired → 409 CANCEL_ANSWER_REQUEST_ERROR; unknown → 404 SCHEDULE_NOT_FOUND_ERROR.',
          security: bearerSecurity,
          body: CancelAnswerRequestBody,
          response: { 200: json(AnswerRequestSchema, 'The cancelled request'), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => requests.cancelRequest(ctx, pro(request), request.body.scheduleId),
    );

    app.patch(
      '/quiz/schedule/re-publish',
      {
        schema: {
          operationId: 'republishAnswerRequests',
          tags: TAGS,
          summary: 'Resend sent, unanswered requests (a new PIN and a new message each)',
          description:
            'Each request that cannot be resent is listed in `details` (SCHEDULE_NOT_FOUND_ERROR, SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR, ' +
            'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR, CANCEL_ANSWER_REQUEST_ERROR for an expired or not yet sent one, DELIVERY_RULE_EXCEPTION, ' +
            'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR, RETRY_SEND_LATER).',
          security: bearerSecurity,
          body: RepublishBody,
          response: { 200: json(RepublishResultSchema, 'What was resent'), ...errorResponses(400, 401, 402) },
        },
      },
      async (request) =>
        requests.republish(
          ctx,
          pro(request),
          request.body.schedules.map((s) => s.scheduleId),
        ),
    );

    app.get(
      '/quiz/schedule/:id',
      {
        schema: {
          operationId: 'getQuizSchedule',
          tags: TAGS,
          summary: 'One schedule with its latest answer requests',
          security: bearerSecurity,
          params: ScheduleIdParams,
          response: { 200: json(QuizScheduleDetailSchema, 'The schedule'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => schedules.getScheduleDetail(ctx, pro(request), request.params.id),
    );

    app.put(
      '/quiz/schedule/:id/enable',
      {
        schema: {
          operationId: 'enableQuizSchedule',
          tags: TAGS,
          summary: 'Enable a schedule: the next occurrence from now is created',
          description: 'Deleted schedule → 400 RESCHEDULE_ERROR; unknown → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.',
          security: bearerSecurity,
          params: ScheduleIdParams,
          response: { 200: json(QuizScheduleSchema, 'The schedule'), ...errorResponses(400, 401, 402, 404) },
        },
      },
      async (request) => schedules.setEnabled(ctx, pro(request), request.params.id, true),
    );

    app.put(
      '/quiz/schedule/:id/disable',
      {
        schema: {
          operationId: 'disableQuizSchedule',
          tags: TAGS,
          summary: "Disable a schedule: pending 'scheduled' requests are cancelled",
          description: 'Deleted schedule → 400 RESCHEDULE_ERROR; unknown → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.',
          security: bearerSecurity,
          params: ScheduleIdParams,
          response: { 200: json(QuizScheduleSchema, 'The schedule'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => schedules.setEnabled(ctx, pro(request), request.params.id, false),
    );

    app.delete(
      '/quiz/schedule/:quizScheduleId/patient/:patientId',
      {
        schema: {
          operationId: 'deleteQuizSchedule',
          tags: TAGS,
          summary: "Delete a patient's schedule (kept for the answers' history; pending requests cancelled)",
          description: "Unknown, deleted or another patient's schedule → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.",
          security: bearerSecurity,
          params: DeleteScheduleParams,
          response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await schedules.deleteScheduleOfPatient(
          ctx,
          pro(request),
          request.params.quizScheduleId,
          request.params.patientId,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/answer-revision/schedules-without-confirmation',
      {
        schema: {
          operationId: 'listSchedulesWithoutConfirmation',
          tags: TAGS,
          summary: 'Requests sent and not answered yet (not cancelled, not expired), oldest first',
          security: bearerSecurity,
          querystring: UnconfirmedQuery,
          response: { 200: json(UnconfirmedRequestPageSchema, 'A page of requests'), ...errorResponses(400, 401) },
        },
      },
      async (request) => requests.listUnconfirmed(ctx, pro(request), request.query),
    );
  };
}
