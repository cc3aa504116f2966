import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { errorResponses } from '../errors/schemas.js';
import { PasswordRecoveryRequestBody, PasswordResetBody } from './schemas.js';
import * as service from './service.js';

const TAGS = ['account'];

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/account/recovery/request',
      {
        schema: {
          operationId: 'requestPasswordRecovery',
          tags: TAGS,
          summary: 'E-mail a password recovery link (always 204, also for unknown e-mails)',
          body: PasswordRecoveryRequestBody,
          response: { 204: z.undefined().describe('Done'), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await service.requestPasswordRecovery(ctx, request.body.email, { ip: request.ip });
        return reply.code(204).send();
      },
    );

    app.post(
      '/account/recovery/reset',
      {
        schema: {
          operationId: 'resetPassword',
          tags: TAGS,
          summary: 'Set a new password with the e-mailed token (single use, 1 hour); signs out every session',
          body: PasswordResetBody,
          response: { 204: z.undefined().describe('Password changed'), ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        await service.resetPassword(ctx, request.body.token, request.body.password, { ip: request.ip });
        return reply.code(204).send();
      },
    );
  };
}
