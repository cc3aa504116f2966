import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { importPatients } from './import.js';
import { MAX_IMPORT_BYTES, templateCsv } from './import-rows.js';
import {
  CreatePatientBody,
  DeletePatientBody,
  DeletePatientResultSchema,
  DeletePatientsBody,
  DeletePatientsResultSchema,
  IdParams,
  ListPatientsQuery,
  PatientImportBody,
  PatientImportResultSchema,
  PatientPageSchema,
  PatientSchema,
  PatientTotalsSchema,
  UpdatePatientBody,
  UpdatePreferencesBody,
} from './schemas.js';
import { PatientListCache } from './list-cache.js';
import * as list from './list.js';
import * as service from './service.js';

const TAGS = ['patient'];

export function patientRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;
    const listCache = new PatientListCache(ctx.config.patientListCache);

    app.get(
      '/patient',
      {
        schema: {
          operationId: 'listPatients',
          tags: TAGS,
          summary: "The professional's patients, filtered, ordered by name",
          description:
            '`nameTerm` matches any part of the name ignoring accents and case. Without `status`, active and inactive ' +
            'patients are listed; deleted (anonymised) ones never are. `serviceId`: patients with a paid sale of that service active today.',
          security: bearerSecurity,
          querystring: ListPatientsQuery,
          response: { 200: json(PatientPageSchema, 'A page of patients'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const page = await list.listPatientsJson(ctx, listCache, authOf(request), request.query);
        // Fastify sends a string payload as is: it was encoded with PatientPageSchema when it was built.
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(page);
      },
    );

    app.post(
      '/patient',
      {
        schema: {
          operationId: 'createPatient',
          tags: TAGS,
          summary: 'Create a patient',
          description:
            'Phone normalised to E.164 (invalid → 400 on `phone`); CPF check digits → 400 INVALID_PATIENT_DOCUMENT; ' +
            'a phone or CPF already used by another patient → 409 MULTIPLE_PATIENTS_SAME_PHONE / PATIENT_DOCUMENT_ALREADY_EXISTS.',
          security: bearerSecurity,
          body: CreatePatientBody,
          response: { 201: json(PatientSchema, 'Created'), ...errorResponses(400, 401, 402, 409) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createPatient(ctx, pro(request), request.body)),
    );

    app.delete(
      '/patient',
      {
        schema: {
          operationId: 'deletePatients',
          tags: TAGS,
          summary: 'Inactivate or delete (anonymise, reason required) many patients',
          security: bearerSecurity,
          body: DeletePatientsBody,
          response: { 200: json(DeletePatientsResultSchema, 'What was processed'), ...errorResponses(400, 401) },
        },
      },
      async (request) => service.deletePatients(ctx, pro(request), request.body),
    );

    app.get(
      '/patient/totals',
      {
        schema: {
          operationId: 'getPatientTotals',
          tags: TAGS,
          summary: 'Patient counts by status and modality',
          security: bearerSecurity,
          response: { 200: json(PatientTotalsSchema, 'The counts'), ...errorResponses(401) },
        },
      },
      async (request) => list.patientTotals(ctx, pro(request)),
    );

    app.get(
      '/patient/import/template',
      {
        schema: {
          operationId: 'getPatientImportTemplate',
          tags: TAGS,
          summary: 'CSV template for the import (UTF-8 with BOM, semicolon-separated headers)',
          security: bearerSecurity,
          response: {
            200: { description: 'The CSV template', content: { 'text/csv': { schema: z.string() } } },
            ...errorResponses(401),
          },
        },
      },
      async (_request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="modelo-importacao-clientes.csv"')
          .send(templateCsv()),
    );

    // The import receives multipart/form-data: `file` (+ optional `mapping`), parsed into the body.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        attachFieldsToBody: 'keyValues',
        limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5 },
        async onFile(part) {
          const data = await part.toBuffer();
          (part as unknown as { value: unknown }).value = { filename: part.filename, mimetype: part.mimetype, data };
        },
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/patient/import',
        {
          // Authenticate before the multipart body is read.
          onRequest: authenticate(ctx.tokens),
          schema: {
            operationId: 'importPatients',
            tags: TAGS,
            summary: 'Import patients from a CSV or XLSX file, with a per-row report',
            description:
              'multipart/form-data with `file` (CSV in UTF-8 or Latin-1, comma or semicolon; or XLSX, first sheet; at most 5 MB ' +
              'and 10,000 rows) and an optional `mapping` (JSON: field → column header; else the usual Portuguese/English headers are ' +
              'recognised). Valid rows are imported in one transaction; a row matching a patient by phone or CPF (else e-mail) updates ' +
              'it, or is skipped when identical. Invalid rows are reported in `errors` with the spreadsheet row number. No `name` ' +
              'column → 400 MISSING_PARAMETER_MAPPER. Cell text is stored verbatim (formulas are never evaluated).',
            security: bearerSecurity,
            consumes: ['multipart/form-data'],
            body: PatientImportBody,
            response: {
              200: json(PatientImportResultSchema, 'The import report'),
              ...errorResponses(400, 401, 402, 409),
            },
          },
        },
        async (request) => importPatients(ctx, pro(request), request.body.file, request.body.mapping),
      );
    });

    app.get(
      '/patient/:id',
      {
        schema: {
          operationId: 'getPatient',
          tags: TAGS,
          summary: 'One patient with the current service',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(PatientSchema, 'The patient'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.getPatient(ctx, pro(request), request.params.id),
    );

    app.put(
      '/patient/:id',
      {
        schema: {
          operationId: 'updatePatient',
          tags: TAGS,
          summary: 'Update a patient (partial; null clears a field)',
          security: bearerSecurity,
          params: IdParams,
          body: UpdatePatientBody,
          response: { 200: json(PatientSchema, 'The updated patient'), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => service.updatePatient(ctx, pro(request), request.params.id, request.body),
    );

    app.delete(
      '/patient/:id',
      {
        schema: {
          operationId: 'deletePatient',
          tags: TAGS,
          summary: 'Inactivate a patient (data kept) or delete it (anonymised, reason required)',
          security: bearerSecurity,
          params: IdParams,
          body: DeletePatientBody,
          response: { 200: json(DeletePatientResultSchema, 'Done'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.deletePatient(ctx, pro(request), request.params.id, request.body),
    );

    app.put(
      '/patient/:id/preferences',
      {
        schema: {
          operationId: 'updatePatientPreferences',
          tags: TAGS,
          summary: "Set the patient's notification preferences",
          description: 'The channel needs the matching contact (e-mail or phone), else 400 NOTIFICATION_CHANNEL_ERROR.',
          security: bearerSecurity,
          params: IdParams,
          body: UpdatePreferencesBody,
          response: { 200: json(PatientSchema, 'The updated patient'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.updatePreferences(ctx, pro(request), request.params.id, request.body),
    );
  };
}
