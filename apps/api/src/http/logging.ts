import type { FastifyServerOptions } from 'fastify';

/**
 * What the server log may carry: no personal data, tokens or secrets (LGPD). Requests are logged by method,
 * route shape and status; query strings (search terms are patients' names), path tokens and file names, client
 * addresses and headers are left out; errors keep their type, code and stack frames, but not the parameters
 * of a failed query nor a database error's detail (which quotes the offending values).
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
