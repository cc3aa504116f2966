import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  ChangePasswordBody,
  MarkTutorialSeenBody,
  ProfessionalSchema,
  TemplateMessageSchema,
  TokenResponseSchema,
  UpdateProfessionalBody,
  UpdateTemplateMessageBody,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['professional'];

export function professionalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/professional/me',
      {
        schema: {
          operationId: 'getMe',
          tags: TAGS,
          summary: 'The signed-in professional',
          security: bearerSecurity,
          response: { 200: json(ProfessionalSchema, 'The professional'), ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        service.toProfessionalDto(await service.findProfessional(ctx.db, authOf(request).professionalId)),
    );

    app.put(
      '/professional/me',
      {
        schema: {
          operationId: 'updateMe',
          tags: TAGS,
          summary: "Update the professional's profile (partial; null clears an optional field)",
          security: bearerSecurity,
          body: UpdateProfessionalBody,
          response: { 200: json(ProfessionalSchema, 'The updated professional'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.toProfessionalDto(await service.updateProfessional(ctx, authOf(request).professionalId, request.body)),
    );

    app.post(
      '/professional/me/tutorial',
      {
        schema: {
          operationId: 'markTutorialSeen',
          tags: TAGS,
          summary: 'Mark the first-run tutorial seen (finished or skipped); the first time is kept',
          security: bearerSecurity,
          body: MarkTutorialSeenBody,
          response: { 200: json(ProfessionalSchema, 'The professional'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.toProfessionalDto(await service.markTutorialSeen(ctx, authOf(request).professionalId)),
    );

    app.put(
      '/professional/me/password',
      {
        schema: {
          operationId: 'changePassword',
          tags: TAGS,
          summary: 'Change the password; every existing token is revoked and a fresh one returned',
          security: bearerSecurity,
          body: ChangePasswordBody,
          response: { 200: json(TokenResponseSchema, 'Password changed'), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request) => ({
        jwt: await service.changePassword(ctx, authOf(request).professionalId, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      }),
    );

    app.get(
      '/professional/me/template-message',
      {
        schema: {
          operationId: 'getTemplateMessage',
          tags: TAGS,
          summary: 'The template message sent with every quiz link, and its variables',
          security: bearerSecurity,
          response: { 200: json(TemplateMessageSchema, 'The template message'), ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        service.toTemplateMessageDto(await service.findProfessional(ctx.db, authOf(request).professionalId)),
    );

    app.put(
      '/professional/me/template-message',
      {
        schema: {
          operationId: 'updateTemplateMessage',
          tags: TAGS,
          summary: 'Change the template message (null = back to the default)',
          description:
            'Variables: {{paciente}}, {{profissional}}, {{questionario}}, {{link}}, {{pin}}. An unknown one → 400 WRONG_TEMPLATE_VARIABLES ' +
            '(details.variables lists them); without {{link}} or {{pin}} → 400 WRONG_TEMPLATE_PARAMETER.',
          security: bearerSecurity,
          body: UpdateTemplateMessageBody,
          response: { 200: json(TemplateMessageSchema, 'The template message'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.updateTemplateMessage(ctx, authOf(request).professionalId, request.body),
    );
  };
}
