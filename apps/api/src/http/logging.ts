import { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * What the server log may carry: no personal data, tokens or secrets (LGPD). Requests are logged by method,
 * route shape and status; query strings (search terms are patients' names), path tokens and file names, client
 * addresses and headers are left out; errors keep their type, code and stack frames, but not the parameters
 * of a failed query nor a database error's detail (which quotes the offending values).
 *
 * How it reads: one line per API request, when it completes (method, route shape, status, time); the SPAs' files
 * and pages (everything outside /api) only when they fail. JSON lines (pino's) for a log collector, or short
 * lines for a person at a terminal (`LOG_FORMAT`, see logFormatFrom): the text lines are written from the JSON
 * records, after the serializers and the redaction below, so both formats carry exactly the same.
 */

/** Path segments that are secrets or carry names: signed upload tokens and file keys. */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/file\/upload\/)[^/?]+/, '$1…'],
  [/^(\/api\/file\/)(?!upload\/|signed-url)[^?]+/, '$1…'],
];

/** The URL without its query values and without secret path segments. */
export function redactUrl(url: string): string {
  const [rawPath = '', query] = url.split('?', 2);
  let path = rawPath;
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (query === undefined) return path;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${decodeSafely(pair.split('=')[0] ?? '').replace(/[^\w.[\]-]/g, '')}=…`);
  return `${path}?${names.join('&')}`;
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL and drops the values. */
function redactMessage(message: string): string {
  const params = message.indexOf('\nparams:');
  return (params >= 0 ? message.slice(0, params) : message).slice(0, 2000);
}

/**
 * An error as the log keeps it. A database error's own message often quotes a value ("invalid input syntax
 * for type uuid: \"…\"", "Key (email)=(…) already exists"): for those only the SQLSTATE code is kept.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[non-error value]' };
  const e = err as Error & { code?: unknown; severity?: unknown; cause?: unknown };
  const fromDatabase = typeof e.severity === 'string' && typeof e.code === 'string';
  const message = fromDatabase ? `database error ${String(e.code)}` : redactMessage(e.message);
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15)
    .join('\n');
  const out: LoggedError = {
    type: e.name,
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(frames ? { stack: frames } : {}),
  };
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Fastify's logger options: level, redaction and the serializers above. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactUrl(req.url ?? '') }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error) => ({ stack: '', ...serializeError(err) }),
    },
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        'headers["x-operator-token"]',
        'req.headers',
        'email',
        'phone',
        'pin',
        'password',
        'token',
      ],
      censor: '[redacted]',
    },
  };
}

/** `json`: pino's JSON lines; `text`: one short line per record, for a person (textLogStream). */
export type LogFormat = 'json' | 'text';

/**
 * `LOG_FORMAT` (`json` or `text`); unset: text when the output is a terminal, JSON otherwise (a file, a pipe, a
 * log collector, the journeys and benchmarks). Anything else is refused at start.
 */
export function logFormatFrom(value: string | undefined, isTTY: boolean): LogFormat {
  if (value === undefined || value === '') return isTTY ? 'text' : 'json';
  if (value === 'json' || value === 'text') return value;
  throw new Error(`LOG_FORMAT must be json or text (got ${JSON.stringify(value)})`);
}

/** `/api` and below: the API. Everything else is the SPAs' files and pages. */
const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Fastify's request log lines: one per request when it completes (with the request, so a line says what was asked
 * and how it ended) instead of "incoming request" and "request completed"; the SPAs' files and pages (assets,
 * index.html fallbacks, survey links, public pages: dozens per visit, nothing to act on) only when they fail.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (!error && reply.statusCode < 400 && !isApi(request.url)) return;
    const record = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...record, err: error }, 'request errored');
    else reply.log.info(record, 'request completed');
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** What every record has, or what the line shows in its own place. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (time: unknown) => {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const fieldValue = (v: unknown) => (typeof v === 'string' && /^[\w.:/@+-]*$/.test(v) ? v : JSON.stringify(v));

function errorLines(err: unknown, paint: (code: number, s: string) => string, depth = 0): string {
  if (!err || typeof err !== 'object') return '';
  const e = err as Partial<LoggedError>;
  const head = `${depth ? 'caused by ' : ''}${e.type ?? 'Error'}: ${e.message ?? ''}${e.code ? ` (${e.code})` : ''}`;
  return `\n  ${paint(31, head)}${e.stack ? `\n${e.stack}` : ''}${depth < 3 ? errorLines(e.cause, paint, depth + 1) : ''}`;
}

/**
 * One pino JSON record as a short line, e.g. `10:22:31 GET /api/patient 200 12 ms` for a request,
 * `10:22:31 WARN reconciliation could not run` then the error's type, message and stack frames. Other fields
 * follow as `key=value`. A line that is not JSON passes as it is.
 */
export function formatLogLine(line: string, color = false): string {
  let r: Record<string, unknown>;
  try {
    r = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const level = typeof r.level === 'number' ? r.level : 30;
  const req = r.req as { method?: string; url?: string } | undefined;
  const status = (r.res as { statusCode?: number } | undefined)?.statusCode;
  let text: string;
  if (req && typeof r.responseTime === 'number') {
    const code = String(status ?? '-');
    text = `${req.method ?? '-'} ${req.url ?? '-'} ${status && status >= 500 ? paint(31, code) : status && status >= 400 ? paint(33, code) : code} ${Math.round(r.responseTime)} ms`;
  } else {
    const label = LEVELS[level];
    text = `${label ? `${paint(level >= 50 ? 31 : level >= 40 ? 33 : 2, label)} ` : ''}${typeof r.msg === 'string' ? r.msg : ''}`;
  }
  const fields = Object.entries(r)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  return `${paint(2, clock(r.time))} ${text}${fields.length ? ` ${fields.join(' ')}` : ''}${errorLines(r.err, paint)}\n`;
}

/**
 * A pino destination writing each record to `out` as formatLogLine does, in colour when `out` is a terminal that
 * has colours (`NO_COLOR`, `FORCE_COLOR` and `TERM` as Node reads them).
 */
export function textLogStream(out: NodeJS.WritableStream & { hasColors?: () => boolean }): Writable {
  const color = typeof out.hasColors === 'function' && out.hasColors();
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) out.write(formatLogLine(line, color));
      done();
    },
  });
}
