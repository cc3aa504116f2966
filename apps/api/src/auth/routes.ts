import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { errorResponses, json } from '../errors/schemas.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import {
  EmailBody,
  LoginBody,
  LoginResponseSchema,
  RegistrationBody,
  RegistrationResponseSchema,
  VerifyEmailBody,
  VerifyEmailResponseSchema,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['auth'];
const noContent = (description: string) => z.undefined().describe(description);

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/registration',
      {
        schema: {
          operationId: 'register',
          tags: TAGS,
          summary: 'Create a professional account (unverified, 14-day trial) and e-mail a verification code',
          body: RegistrationBody,
          response: {
            201: json(RegistrationResponseSchema, 'Account created; a 6-digit code was e-mailed'),
            ...errorResponses(400, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const { email } = await service.register(ctx, request.body, { ip: request.ip });
        return reply.code(201).send({ email, verificationRequired: true as const });
      },
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          operationId: 'verifyEmail',
          tags: TAGS,
          summary: 'Confirm the e-mail with the 6-digit code (already verified → 200)',
          body: VerifyEmailBody,
          response: {
            200: json(VerifyEmailResponseSchema, 'E-mail verified'),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request) => {
        await service.verifyEmail(ctx, request.body.email, request.body.code, { ip: request.ip });
        return { verified: true as const };
      },
    );

    app.post(
      '/auth/verify-email/resend',
      {
        schema: {
          operationId: 'resendVerification',
          tags: TAGS,
          summary: 'Send a new verification code (the previous one stops working); always 204',
          body: EmailBody,
          response: { 204: noContent('Done (also for unknown or verified e-mails)'), ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await service.resendVerification(ctx, request.body.email, { ip: request.ip });
        return reply.code(204).send();
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          operationId: 'login',
          tags: TAGS,
          summary: 'Sign in with e-mail and password',
          description:
            'Wrong e-mail or password → 401 Unauthorized (same answer). Unverified e-mail → 403 EMAIL_NOT_VERIFIED. ' +
            'Each attempt is reserved before the password is checked. Per account and client address: slowed after 3 failures, ' +
            '429 TOO_MANY_ATTEMPTS with Retry-After after 5 in 15 minutes. Per account: past 100 failures in an hour only addresses ' +
            'the owner signed in from before may try (a password reset clears it). Per address: past 50 failures in 15 minutes, ' +
            'only accounts that signed in from it before.',
          body: LoginBody,
          response: {
            200: json(LoginResponseSchema, 'Signed in'),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (request) => service.login(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );

    app.post(
      '/auth/logout',
      {
        onRequest: authenticate(ctx.tokens),
        schema: {
          operationId: 'logout',
          tags: TAGS,
          summary: 'Revoke the current token',
          security: bearerSecurity,
          response: { 204: noContent('Signed out'), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await ctx.tokens.revoke(authOf(request).jti);
        return reply.code(204).send();
      },
    );
  };
}
