import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { findOwnPatient } from '../patient/lookup.js';
import { listActivity, type ActivityKind } from './activity.js';
import { accessLogged, listPatientAccess, recordReadNow, type AccessKind, type AccessOutcome } from './log.js';
import { AccessLogParams, AccessLogPageSchema, AccessLogQuery, AccountActivityPageSchema } from './schemas.js';

export function accessRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/patient/:id/access-log',
      {
        config: accessLogged('access_log', 'id'),
        schema: {
          operationId: 'getPatientAccessLog',
          tags: ['patient'],
          summary: "Who read the patient's health data: every read through a professional's session, newest first",
          description:
            'Answers, reviews, her report and series, exports and files, allowed or refused, with the address truncated to /24 or ' +
            "/48 (LGPD art. 37). Append-only; kept 20 years. Reading it is recorded too. Unknown, deleted or another professional's " +
            'patient → 404 PATIENT_NOT_FOUND_ERROR.',
          security: bearerSecurity,
          params: AccessLogParams,
          querystring: AccessLogQuery,
          response: { 200: json(AccessLogPageSchema, 'A page of the log'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const patient = await findOwnPatient(ctx.db, pro(request), request.params.id);
        await recordReadNow(ctx.db, request, patient.id);
        const page = await listPatientAccess(ctx.db, patient.id, request.query);
        return {
          total: page.total,
          items: page.items.map((i) => ({
            id: i.id,
            at: i.at.toISOString(),
            kind: i.kind as AccessKind,
            targetId: i.targetId,
            outcome: i.outcome as AccessOutcome,
            address: i.address,
          })),
        };
      },
    );

    app.get(
      '/professional/me/activity',
      {
        schema: {
          operationId: 'getAccountActivity',
          tags: ['professional'],
          summary: "The account's own activity: sign-ins (and from new networks), password changes, exports, webhooks",
          description: 'Newest first; addresses truncated to /24 or /48; kept 5 years.',
          security: bearerSecurity,
          querystring: AccessLogQuery,
          response: { 200: json(AccountActivityPageSchema, 'A page of the activity'), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const page = await listActivity(ctx.db, pro(request), request.query);
        return {
          total: page.total,
          items: page.items.map((i) => ({
            id: i.id,
            at: i.at.toISOString(),
            kind: i.kind as ActivityKind,
            address: i.address,
            detail: i.detail,
          })),
        };
      },
    );
  };
}
