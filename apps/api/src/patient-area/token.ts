/**
 * The patient's session in her corner of the client area: an HS256 JWT (the sessions' key) with
 * `scope: 'patient'`, `aud: 'acompanha:patient-area'`, `sub` = her patient id and `pro` = the professional's,
 * valid 30 minutes. Not a professional session and not a survey token: each kind of route refuses the others.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../context.js';
import { errors } from '../errors/app-error.js';

export const PATIENT_TOKEN_TTL_SECONDS = 30 * 60;
const AUDIENCE = 'acompanha:patient-area';
const SCOPE = 'patient';
const UUID = /^[0-9a-f-]{36}$/i;

export interface PatientAuth {
  patientId: string;
  professionalId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    patient?: PatientAuth;
  }
}

/** OpenAPI security of the patient's corner. */
export const patientSecurity = [{ patientAuth: [] as string[] }];

export async function issuePatientToken(
  ctx: AppContext,
  auth: PatientAuth,
): Promise<{ token: string; expiresAt: string }> {
  const now = ctx.config.now();
  const expiresAt = new Date(now.getTime() + PATIENT_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({ scope: SCOPE, pro: auth.professionalId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(auth.patientId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await ctx.tokens.signingKey());
  return { token, expiresAt: expiresAt.toISOString() };
}

const expired = () => errors.invalidJwt('Sua sessão na área do cliente terminou. Entre novamente.');

export async function verifyPatientToken(ctx: AppContext, token: string): Promise<PatientAuth> {
  try {
    const { payload } = await jwtVerify(token, await ctx.tokens.signingKey(), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: ctx.config.now(),
    });
    const { sub, pro } = payload;
    if (payload.scope !== SCOPE || typeof sub !== 'string' || typeof pro !== 'string') throw new Error('scope');
    if (!UUID.test(sub) || !UUID.test(pro)) throw new Error('ids');
    return { patientId: sub, professionalId: pro };
  } catch {
    throw expired();
  }
}

export function patientAuthenticate(ctx: AppContext): onRequestAsyncHookHandler {
  return async function (request) {
    const header = request.headers.authorization;
    if (!header?.trim()) throw errors.unauthorized('Entre na área do cliente para continuar.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw expired();
    request.patient = await verifyPatientToken(ctx, match[1]);
  };
}

export function patientOf(request: FastifyRequest): PatientAuth {
  if (!request.patient) throw errors.unauthorized();
  return request.patient;
}
