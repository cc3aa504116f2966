import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { errorResponses, json } from '../errors/schemas.js';
import { SurveyTokenSchema } from '../quiz-answer/schemas.js';
import {
  AreaAliasParams,
  PatientCodeSentSchema,
  PatientCornerSchema,
  PatientSessionSchema,
  PatientSignInBody,
  RequestPatientCodeBody,
  ScheduleIdParams,
} from './schemas.js';
import * as service from './service.js';
import { patientAuthenticate, patientOf, patientSecurity } from './token.js';

const TAGS = ['patient-area'];

export function patientAreaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/patient-area/:alias/code',
      {
        schema: {
          operationId: 'requestPatientCode',
          tags: TAGS,
          summary:
            "Send a one-time sign-in code to the patient's registered phone (WhatsApp, with her consent) or e-mail",
          description:
            'No session. The same 202 for any well-formed contact (being someone’s patient is not revealed); at most 5 codes per ' +
            'contact and 20 per address an hour (429 TOO_MANY_ATTEMPTS). A channel that fails → 503 PATIENT_LOGIN_REQUEST_FAILED.',
          params: AreaAliasParams,
          body: RequestPatientCodeBody,
          response: { 202: json(PatientCodeSentSchema, 'Sent if registered'), ...errorResponses(400, 404, 429, 503) },
        },
      },
      async (request, reply) => {
        const sent = await service.requestCode(ctx, request.params.alias, request.body.contact, request.ip);
        return reply.code(202).send(sent);
      },
    );

    app.post(
      '/patient-area/:alias/session',
      {
        schema: {
          operationId: 'createPatientSession',
          tags: TAGS,
          summary: 'Exchange the one-time code for the patient’s session',
          description:
            'Each try is reserved before the comparison: 5 per code, 30 wrong ones per address in 15 minutes. Wrong → 400 ' +
            'INVALID_VERIFICATION_CODE; expired (10 minutes) → 400 PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED; a contact shared by ' +
            'several patients → 409 MULTIPLE_PATIENTS_SAME_PHONE.',
          params: AreaAliasParams,
          body: PatientSignInBody,
          response: { 200: json(PatientSessionSchema, 'Her session'), ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request) => service.signIn(ctx, request.params.alias, request.body, request.ip),
    );

    await app.register(async (scope) => {
      const me = scope.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', patientAuthenticate(ctx));

      me.get(
        '/patient-area/me',
        {
          schema: {
            operationId: 'getPatientCorner',
            tags: TAGS,
            summary: 'Her pending questionnaires, what she answered and the messages sent to her',
            security: patientSecurity,
            response: { 200: json(PatientCornerSchema, 'Her corner'), ...errorResponses(401) },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'no-store');
          return service.corner(ctx, patientOf(request));
        },
      );

      me.post(
        '/patient-area/me/quizzes/:scheduleId/token',
        {
          schema: {
            operationId: 'openPatientQuiz',
            tags: TAGS,
            summary: 'A survey token for one of her questionnaires waiting for an answer (no second PIN)',
            description: 'Another patient’s schedule, or one not waiting for her → 404 QUIZ_SCHEDULE_NOT_FOUND_ERROR.',
            security: patientSecurity,
            params: ScheduleIdParams,
            response: { 200: json(SurveyTokenSchema, 'The survey token'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.openQuiz(ctx, patientOf(request), request.params.scheduleId),
      );
    });
  };
}
