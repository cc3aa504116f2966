import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errors } from './app-error.js';
import type { ErrorResponse, ValidationIssue } from './schemas.js';
import { fieldLabel } from './validation-messages.js';

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  const body: ErrorResponse = {
    statusCode: error.statusCode,
    application_error_code: error.code,
    message: error.message,
    ...(error.details !== undefined ? { details: error.details } : {}),
  };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

function pathFromInstancePath(instancePath: string | undefined): string[] {
  if (!instancePath) return [];
  return instancePath
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Maps every thrown error to the `{ statusCode, application_error_code, message, details? }` model. */
export function toAppError(err: unknown, request: FastifyRequest): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e) || Array.isArray(e?.validation)) {
    const issues: ValidationIssue[] = (e.validation ?? []).map((v) => ({
      path: pathFromInstancePath(v.instancePath),
      message: v.message ?? `${fieldLabel(pathFromInstancePath(v.instancePath))}: valor inválido.`,
    }));
    return errors.validation(issues);
  }
  if (typeof e?.code === 'string' && e.code.startsWith('FST_')) {
    const known = frameworkError(e.code);
    if (known) return known;
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Requisição inválida.', [
        { path: [], message: 'Requisição inválida.' },
      ]);
    }
  }
  request.log.error({ err }, 'unexpected error');
  return new AppError(500, 'INTERNAL_ERROR', 'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.');
}

/** Fastify's own refusals, in the error model with a Portuguese sentence (never its English message). */
export function frameworkError(code: string): AppError | undefined {
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', 'O conteúdo enviado é grande demais.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'O formato do conteúdo enviado não é aceito. Envie JSON.')
        : new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'O tamanho informado do conteúdo não confere.', [
            { path: [], message: 'Content-Length inválido.' },
          ]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Corpo da requisição inválido.', [
        { path: [], message: 'JSON malformado.' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Corpo da requisição inválido.', [
        { path: [], message: 'O corpo JSON está vazio.' },
      ]);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(414, 'URI_TOO_LONG', 'O endereço pedido é longo demais.');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Endereço inválido.', [
        { path: [], message: 'O endereço tem uma codificação inválida.' },
      ]);
    default:
      return undefined;
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const appError = toAppError(err, request);
    return sendError(reply, appError);
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Remembers every registered route so a 404 can tell "unknown path" from "wrong method" (405). */
export class RouteTable {
  private readonly entries: { method: string; pattern: RegExp }[] = [];

  add(methods: string | string[], url: string): void {
    const source = url
      .split('/')
      .map((seg) => {
        if (seg === '*') return '.*';
        if (seg.startsWith(':')) return '[^/]+';
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    for (const m of Array.isArray(methods) ? methods : [methods])
      this.entries.push({ method: m.toUpperCase(), pattern });
  }

  allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const e of this.entries) if (e.pattern.test(path)) allowed.add(e.method);
    return METHODS.filter((m) => allowed.has(m));
  }
}

export function notFoundOrMethodNotAllowed(
  routes: RouteTable,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  const allowed = routes.allowedMethods(path);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    reply.header('Allow', allowed.join(', '));
    return sendError(
      reply,
      new AppError(405, 'METHOD_NOT_ALLOWED', `Método ${request.method} não permitido para ${path}.`, {
        allow: allowed,
      }),
    );
  }
  return sendError(reply, new AppError(404, 'NOT_FOUND', `Rota ${request.method} ${path} não encontrada.`));
}
