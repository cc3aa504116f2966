import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { patientAuthenticate, patientOf, patientSecurity } from '../patient-area/token.js';
import {
  DataExportSchema,
  OwnExportRequestedSchema,
  PatientExportJobParams,
  PatientExportParams,
  ProfessionalExportJobParams,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['data-export'];
const CONTENTS =
  'The ZIP holds a readable summary in Portuguese (resumo.html, prints well), her registration data and consents ' +
  '(JSON), every answer with the questions as she saw them (JSON and CSV; numbers stay numbers), reviews and notes, ' +
  'sales and services, schedules, messages, her uploaded files and her access log.';

export function dataExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (pro) => {
      const r = pro.withTypeProvider<ZodTypeProvider>();
      r.addHook('onRequest', authenticate(ctx.tokens));

      r.post(
        '/patient/:id/export',
        {
          schema: {
            operationId: 'createPatientExport',
            tags: TAGS,
            summary: "Start exporting a client's whole record (LGPD arts. 18 and 19) as a ZIP, built in the background",
            description:
              `${CONTENTS} Asking again while one is queued or running answers that same job. Allowed while the ` +
              'account is expired (exporting is reading). When ready, the professional is notified (data_export.finished).',
            security: bearerSecurity,
            params: PatientExportParams,
            response: { 202: json(DataExportSchema, 'The job'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request, reply) => {
          const job = await service.requestPatientExport(
            ctx,
            authOf(request).professionalId,
            request.params.id,
            request.ip,
          );
          return reply.code(202).send(job);
        },
      );

      r.get(
        '/patient/:id/export/:jobId',
        {
          schema: {
            operationId: 'getPatientExport',
            tags: TAGS,
            summary: "A client's export: its state and progress and, when done, a signed link to the ZIP",
            description:
              'The link is signed for about two hours (ask again for a fresh one) and the file is kept 7 days (expiresAt), ' +
              'then deleted (state expired). Another professional’s or a missing client or job → 404.',
            security: bearerSecurity,
            params: PatientExportJobParams,
            response: { 200: json(DataExportSchema, 'The job'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'no-store');
          const job = await service.getPatientExport(
            ctx,
            authOf(request).professionalId,
            request.params.id,
            request.params.jobId,
          );
          return job;
        },
      );

      r.post(
        '/professional/me/export',
        {
          schema: {
            operationId: 'createProfessionalExport',
            tags: TAGS,
            summary: 'Start "Exportar tudo": every client’s record in one ZIP (one folder per client and an index)',
            description:
              `One folder per client as in POST /patient/{id}/export. ${CONTENTS} Allowed while the account is expired ` +
              '(portability when she leaves). When ready she is notified and e-mailed. Asking again while one is queued or ' +
              'running answers that same job.',
            security: bearerSecurity,
            response: { 202: json(DataExportSchema, 'The job'), ...errorResponses(401) },
          },
        },
        async (request, reply) =>
          reply.code(202).send(await service.requestAllExport(ctx, authOf(request).professionalId, request.ip)),
      );

      r.get(
        '/professional/me/export/:jobId',
        {
          schema: {
            operationId: 'getProfessionalExport',
            tags: TAGS,
            summary: '"Exportar tudo": its state and progress and, when done, a signed link to the ZIP',
            security: bearerSecurity,
            params: ProfessionalExportJobParams,
            response: { 200: json(DataExportSchema, 'The job'), ...errorResponses(400, 401, 404) },
          },
        },
        async (request, reply) => {
          void reply.header('cache-control', 'no-store');
          return service.getAllExport(ctx, authOf(request).professionalId, request.params.jobId);
        },
      );
    });

    await app.register(async (area) => {
      const me = area.withTypeProvider<ZodTypeProvider>();
      me.addHook('onRequest', patientAuthenticate(ctx));
      me.post(
        '/patient-area/me/export',
        {
          schema: {
            operationId: 'requestOwnPatientExport',
            tags: ['patient-area'],
            summary: 'The patient asks for a copy of her own data: the ZIP is built and a link sent to her contact',
            description:
              `${CONTENTS} The link goes to her WhatsApp when she opted in to it, else to her e-mail, and stops working ` +
              'after 7 days. Reserved before any work: 2 per patient and 10 per address a day (429 TOO_MANY_ATTEMPTS with ' +
              'the sentence to show). No e-mail nor WhatsApp registered → 409 PATIENT_CONTACT_MISSING.',
            security: patientSecurity,
            response: {
              202: json(OwnExportRequestedSchema, 'Being prepared; where the link goes'),
              ...errorResponses(401, 409, 429),
            },
          },
        },
        async (request, reply) =>
          reply.code(202).send(await service.requestOwnExport(ctx, patientOf(request), request.ip)),
      );
    });
  };
}
