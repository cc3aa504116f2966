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

/**
 * Remembers every registered route so a request can be told "unknown path" (404) from "wrong method" (405, with
 * `Allow`). A fixed path wins over a template that also matches it: `/quiz/schedule` answers with its own
 * methods, never with `/quiz/:id`'s (RFC 9110 §15.5.6: Allow lists the target resource's methods).
 */
export class RouteTable {
  private readonly entries: { method: string; pattern: RegExp; fixed: boolean }[] = [];
  /** Fixed paths (no parameter), without a trailing slash: one lookup on every request. */
  private readonly fixed = new Map<string, Set<string>>();

  add(methods: string | string[], url: string): void {
    const fixed = !url.split('/').some((seg) => seg === '*' || seg.startsWith(':'));
    if (fixed) {
      const key = url.replace(/\/$/, '');
      const set = this.fixed.get(key) ?? new Set<string>();
      for (const m of Array.isArray(methods) ? methods : [methods]) set.add(m.toUpperCase());
      this.fixed.set(key, set);
    }
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
      this.entries.push({ method: m.toUpperCase(), pattern, fixed });
  }

  /** The methods of the fixed path `path`, or none when no fixed route has it. */
  fixedMethods(path: string): string[] {
    const set = this.fixed.get(path.replace(/\/$/, ''));
    return set ? METHODS.filter((m) => set.has(m)) : [];
  }

  /** The methods of the resource at `path`: its fixed route's when it has one, else every template's that matches. */
  allowedMethods(path: string): string[] {
    const fixed = this.fixedMethods(path);
    return fixed.length > 0 ? fixed : this.methodsOf(this.entries.filter((e) => e.pattern.test(path)));
  }

  private methodsOf(entries: { method: string }[]): string[] {
    const allowed = new Set(entries.map((e) => e.method));
    return METHODS.filter((m) => allowed.has(m));
  }
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;

/** `OPTIONS` answers 204 with `Allow`; another method the resource does not have answers 405 with `Allow`. */
function methodAnswer(request: FastifyRequest, reply: FastifyReply, allowed: string[]): FastifyReply {
  const path = pathOf(request);
  if (request.method === 'OPTIONS') {
    return reply
      .code(204)
      .header('Allow', [...allowed, 'OPTIONS'].join(', '))
      .send();
  }
  reply.header('Allow', allowed.join(', '));
  return sendError(
    reply,
    new AppError(405, 'METHOD_NOT_ALLOWED', `Método ${request.method} não permitido para ${path}.`, {
      allow: allowed,
    }),
  );
}

/**
 * Before routing's own hooks (authentication, body parsing): a method a fixed path does not have is refused there,
 * instead of reaching a template that happens to match it (`PUT /quiz/schedule` is not `PUT /quiz/:id`).
 */
export function refuseWrongMethodOnFixedPath(routes: RouteTable) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const fixed = routes.fixedMethods(path);
    if (fixed.length === 0 || fixed.includes(request.method)) return;
    return methodAnswer(request, reply, fixed);
  };
}

export function notFoundOrMethodNotAllowed(
  routes: RouteTable,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const allowed = routes.allowedMethods(pathOf(request));
  if (allowed.length > 0 && !allowed.includes(request.method)) return methodAnswer(request, reply, allowed);
  return sendError(reply, new AppError(404, 'NOT_FOUND', `Rota ${request.method} ${pathOf(request)} não encontrada.`));
}
