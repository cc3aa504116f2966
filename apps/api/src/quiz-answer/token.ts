import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../context.js';
import { errors } from '../errors/app-error.js';

/**
 * The survey token: what a right PIN buys. An HS256 JWT (same key as the sessions) with
 * `scope: 'survey'`, `aud: 'acompanha:survey'` and `sub` = the quizScheduleId, valid 2 hours. It is
 * not a professional session (no jti/session row), so the professional's routes refuse it, and the
 * survey routes refuse a professional's token (no survey scope).
 */

export const SURVEY_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const AUDIENCE = 'acompanha:survey';
const SCOPE = 'survey';

export interface SurveyAuth {
  quizScheduleId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    survey?: SurveyAuth;
  }
}

/** OpenAPI security of the survey calls. */
export const surveySecurity = [{ surveyAuth: [] as string[] }];

export async function issueSurveyToken(
  ctx: AppContext,
  quizScheduleId: string,
): Promise<{ token: string; expiresAt: string }> {
  const now = ctx.config.now();
  const expiresAt = new Date(now.getTime() + SURVEY_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(quizScheduleId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await ctx.tokens.signingKey());
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Throws 401 INVALID_JWT for a bad signature, another kind of token or an expired one. */
export async function verifySurveyToken(ctx: AppContext, token: string): Promise<SurveyAuth> {
  try {
    const { payload } = await jwtVerify(token, await ctx.tokens.signingKey(), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: ctx.config.now(),
    });
    if (payload.scope !== SCOPE || typeof payload.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sub))
      throw new Error('scope');
    return { quizScheduleId: payload.sub };
  } catch {
    throw errors.invalidJwt('Sua sessão no questionário expirou. Digite o PIN novamente.');
  }
}

/** Whether a bearer token claims to be a survey token (unverified: only to pick the verifier). */
export function looksLikeSurveyToken(token: string): boolean {
  try {
    return decodeJwt(token).scope === SCOPE;
  } catch {
    return false;
  }
}

export function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header || !header.trim()) throw errors.unauthorized('Digite o PIN para acessar o questionário.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw errors.invalidJwt('Sua sessão no questionário expirou. Digite o PIN novamente.');
  return match[1];
}

/** onRequest hook: missing header → 401 Unauthorized; bad or expired survey token → 401 INVALID_JWT. */
export function surveyAuthenticate(ctx: AppContext): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    request.survey = await verifySurveyToken(ctx, bearerOf(request));
  };
}

export function surveyOf(request: FastifyRequest): SurveyAuth {
  if (!request.survey) throw errors.unauthorized();
  return request.survey;
}
