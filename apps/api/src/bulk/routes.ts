import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { checkRecurrence, quizNotActive } from './ops.js';
import { BulkRunner } from './runner.js';
import {
  BulkChangeActiveStateBody,
  BulkDeleteBody,
  BulkInsertBody,
  BulkRescheduleBody,
  BulkStatusSchema,
  QuizIdParams,
} from './schemas.js';
import { findOwnQuiz } from '../quiz/lookup.js';
import { acknowledge, assertOwnPatients, claimProcess, getStatus, scheduledPatientIds, uniqueIds } from './service.js';

const TAGS = ['bulk'];

const ACCEPTED = json(BulkStatusSchema, 'Accepted: the process runs in the background; poll its status');
const BACKGROUND =
  'Runs in the background: the answer is the process status (state `processing`); poll ' +
  '`GET /quiz/schedule/bulk-insert/status/{quizId}`. Patients the process cannot handle are listed in `details` with ' +
  'the error code and a Portuguese message; the others are processed regardless. One process per quiz at a time: ' +
  'another one still processing → 409 BULK_PROCESS_IN_PROGRESS. Unknown or foreign patient ids → 400 ' +
  'WRONG_COMMAND_PARAMETERS with `details` listing each one (path `["patientIds", index]`).';

export function bulkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Requests in flight on this server (all routes): the runner gives way to them between chunks.
    let inFlight = 0;
    app.server.on('request', (_req, res) => {
      inFlight++;
      res.once('close', () => inFlight--);
    });
    const runner = new BulkRunner(ctx, app.log, { requestsInFlight: () => inFlight });
    app.addHook('onReady', async () => {
      // The app built only for OpenAPI generation has no database and runs nothing.
      let hasDb = true;
      try {
        void ctx.db;
      } catch {
        hasDb = false;
      }
      if (hasDb) await runner.start();
    });
    app.addHook('onClose', async () => runner.stop());

    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.post(
      '/quiz/schedule/bulk-insert/:quizId',
      {
        schema: {
          operationId: 'bulkInsertSchedules',
          tags: TAGS,
          summary: 'Schedule the quiz for many patients at once',
          description:
            'One recurrence for every patient; a patient who already has a live schedule of the quiz is rescheduled. ' +
            'The recurrence is checked at once (WRONG_HOUR_VALUE, WRONG_PERIODICITY_TIME, WRONG_START_DATE); a disabled quiz → ' +
            'QUIZ_NOT_ACTIVE. Per patient (in `details`): PATIENT_NOT_ACTIVE, PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR, ' +
            'DELIVERY_RULE_EXCEPTION (no e-mail / no phone for the channel). ' +
            BACKGROUND,
          security: bearerSecurity,
          params: QuizIdParams,
          body: BulkInsertBody,
          response: { 202: ACCEPTED, ...errorResponses(400, 401, 402, 404, 409) },
        },
      },
      async (request, reply) => {
        const { quizId } = request.params;
        const { patientIds, ...recurrence } = request.body;
        const quiz = await findOwnQuiz(ctx.db, pro(request), quizId);
        checkRecurrence(ctx, recurrence);
        if (!quiz.isActive) throw quizNotActive();
        const ids = uniqueIds(patientIds);
        await assertOwnPatients(ctx.db, pro(request), ids);
        const status = await claimProcess(ctx, pro(request), quizId, 'insert', { patientIds: ids, recurrence });
        runner.kick(quizId);
        return reply.code(202).send(status);
      },
    );

    app.post(
      '/quiz/schedule/bulk-reschedule/:quizId',
      {
        schema: {
          operationId: 'bulkRescheduleSchedules',
          tags: TAGS,
          summary: "Reschedule many patients' schedules of the quiz at once",
          description:
            "Each patient's live schedule of the quiz gets the new recurrence: future scheduled requests are cancelled and the " +
            'next one is created. Without `patientIds`, every live schedule of the quiz. Per patient (in `details`): ' +
            'QUIZ_SCHEDULE_NOT_FOUND_ERROR (no live schedule of this quiz), and the scheduling codes. ' +
            BACKGROUND,
          security: bearerSecurity,
          params: QuizIdParams,
          body: BulkRescheduleBody,
          response: { 202: ACCEPTED, ...errorResponses(400, 401, 402, 404, 409) },
        },
      },
      async (request, reply) => {
        const { quizId } = request.params;
        const { patientIds, ...recurrence } = request.body;
        const quiz = await findOwnQuiz(ctx.db, pro(request), quizId);
        checkRecurrence(ctx, recurrence);
        if (!quiz.isActive) throw quizNotActive();
        let ids: string[];
        if (patientIds) {
          ids = uniqueIds(patientIds);
          await assertOwnPatients(ctx.db, pro(request), ids);
        } else {
          ids = await scheduledPatientIds(ctx.db, quizId);
        }
        const status = await claimProcess(ctx, pro(request), quizId, 'reschedule', { patientIds: ids, recurrence });
        runner.kick(quizId);
        return reply.code(202).send(status);
      },
    );

    app.delete(
      '/quiz/schedule/bulk-delete',
      {
        schema: {
          operationId: 'bulkDeleteSchedules',
          tags: TAGS,
          summary: "Delete many patients' schedules of the quiz at once",
          description:
            'Each live schedule is deleted (kept for the answers already given; scheduled requests cancelled). Per patient (in ' +
            '`details`): QUIZ_SCHEDULE_NOT_FOUND_ERROR when the patient has no live schedule of this quiz. ' +
            BACKGROUND,
          security: bearerSecurity,
          body: BulkDeleteBody,
          response: { 202: ACCEPTED, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const { quizId, patientIds } = request.body;
        await findOwnQuiz(ctx.db, pro(request), quizId);
        const ids = uniqueIds(patientIds);
        await assertOwnPatients(ctx.db, pro(request), ids);
        const status = await claimProcess(ctx, pro(request), quizId, 'delete', { patientIds: ids });
        runner.kick(quizId);
        return reply.code(202).send(status);
      },
    );

    app.patch(
      '/quiz/schedule/bulk-change-active-state',
      {
        schema: {
          operationId: 'bulkChangeSchedulesActiveState',
          tags: TAGS,
          summary: "Enable or disable many patients' schedules of the quiz at once",
          description:
            'Disabling cancels the future scheduled requests; enabling creates the next occurrence from now. Per patient (in ' +
            '`details`): QUIZ_SCHEDULE_NOT_FOUND_ERROR when the patient has no live schedule of this quiz. ' +
            BACKGROUND,
          security: bearerSecurity,
          body: BulkChangeActiveStateBody,
          response: { 202: ACCEPTED, ...errorResponses(400, 401, 402, 404, 409) },
        },
      },
      async (request, reply) => {
        const { quizId, patientIds, enabled } = request.body;
        await findOwnQuiz(ctx.db, pro(request), quizId);
        const ids = uniqueIds(patientIds);
        await assertOwnPatients(ctx.db, pro(request), ids);
        const status = await claimProcess(ctx, pro(request), quizId, 'active-state', { patientIds: ids, enabled });
        runner.kick(quizId);
        return reply.code(202).send(status);
      },
    );

    app.get(
      '/quiz/schedule/bulk-insert/status/:quizId',
      {
        schema: {
          operationId: 'getBulkProcessStatus',
          tags: TAGS,
          summary: "The quiz's bulk process: state, counts and per-patient errors",
          description:
            'Any kind of bulk process (insert, reschedule, delete, active-state). `idle` when there is none.',
          security: bearerSecurity,
          params: QuizIdParams,
          response: { 200: json(BulkStatusSchema, 'The status'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getStatus(ctx, pro(request), request.params.quizId),
    );

    app.post(
      '/quiz/schedule/acknowledge-bulk-process/:quizId',
      {
        schema: {
          operationId: 'acknowledgeBulkProcess',
          tags: TAGS,
          summary: 'Clear a finished bulk process (back to idle)',
          description: 'Idempotent. While the process is still running → 409 BULK_PROCESS_IN_PROGRESS.',
          security: bearerSecurity,
          params: QuizIdParams,
          response: { 200: json(BulkStatusSchema, 'The status, now idle'), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => acknowledge(ctx, pro(request), request.params.quizId),
    );
  };
}
