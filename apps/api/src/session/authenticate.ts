import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { errors } from '../errors/app-error.js';
import type { AuthInfo, TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
  }
}

/** Missing header → 401 Unauthorized; bad, expired or revoked token → 401 INVALID_JWT. */
export function authenticate(tokens: TokenService): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header || !header.trim()) throw errors.unauthorized();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw errors.invalidJwt();
    request.auth = await tokens.verify(match[1]);
  };
}

/** The authenticated professional's id (only inside routes with `authenticate`). */
export function authOf(request: FastifyRequest): AuthInfo {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}

export const bearerSecurity = [{ bearerAuth: [] as string[] }];
