/**
 * Post-processing of the generated OpenAPI document:
 *  - fastify-type-provider-zod emits every registered schema twice (`X` for output, `XInput` for
 *    input); keep only the components that are actually referenced;
 *  - state the limits that a format already implies (a uuid is 36 characters, a date 10) and each
 *    integer's format, so a reader (and the OWASP lint) sees every input's bound;
 *  - sort paths and component names so the document is deterministic;
 *  - list the business rules of each operation on its 400/403/409 answers (openapi-rules.ts);
 *  - link each create operation's answer to the calls on what it created (openapi-links.ts);
 *  - add the outgoing `webhooks` (the event catalogue's messages, webhook/openapi.ts).
 */
import { eventWebhooks } from './webhook/openapi.js';
import { documentCreateLinks } from './openapi-links.js';
import { documentBusinessRules } from './openapi-rules.js';
import { isMultiline, MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from './lib/input-guard.js';

type Json = unknown;

/**
 * zod's JSON-Schema override for request schemas (body, query, path, headers and the `…Input` components): the
 * library's own input override (empty union branches dropped) plus the control-character rule of
 * lib/input-guard.ts as a `pattern` on every free string the guard checks (tab and line breaks allowed where
 * the guard allows them). Strings with a format or an enum cannot hold a control character anyway, nor
 * those with a pattern of their own made of explicit characters. The document only: zod, not this schema, validates.
 */
export function requestSchemaOverride(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const json = ctx.jsonSchema;
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
  if (def?.type === 'union' && Array.isArray(json.anyOf)) {
    json.anyOf = (json.anyOf as object[]).filter((o) => Object.keys(o).length > 0);
  }
  const types = Array.isArray(json.type) ? json.type : [json.type];
  if (!types.includes('string') || json.enum !== undefined || json.const !== undefined || json.format !== undefined)
    return;
  // Said once the document is whole (this override may see a schema more than once): see stateTrimming.
  if (trims(ctx.zodSchema)) json['x-trimmed'] = true;
  const rule = isMultiline(ctx.zodSchema as never) ? MULTILINE_PATTERN : SINGLE_LINE_PATTERN;
  const own = json.pattern;
  if (own === undefined || own === SINGLE_LINE_PATTERN || own === MULTILINE_PATTERN) json.pattern = rule;
  // A pattern of the schema's own built from explicit characters (a CEP, a colour, a time…) admits no control
  // character already; one with a negated class (a phone's mask, `\D`) gets the rule beside it.
  else if (typeof own === 'string' && /\\[DSW]|\[\^|(?<!\\)\./.test(own))
    json.allOf = [
      ...((json.allOf as unknown[] | undefined) ?? []),
      { type: 'string', maxLength: json.maxLength, pattern: rule },
    ];
}

/** Whether zod trims this string before its checks: `.trim()` is an overwrite that turns " x " into "x". */
function trims(schema: unknown): boolean {
  const checks = (schema as { _zod?: { def?: { checks?: unknown[] } } })._zod?.def?.checks ?? [];
  return checks.some((check) => {
    const def = (check as { _zod?: { def?: { check?: string; tx?: (v: string) => unknown } } })._zod?.def;
    if (def?.check !== 'overwrite' || typeof def.tx !== 'function') return false;
    try {
      return def.tx(' x ') === 'x';
    } catch {
      return false;
    }
  });
}

/**
 * The server trims such a string before its length limits: said in words, and — when it must not be empty — as
 * a pattern any generator can honour: some character other than a space, or, for a minimum of N ≥ 2, N characters
 * from the first non-space one to the last (`^\\s*\\S[\\s\\S]{N-2,}\\S\\s*$`: what is left after trimming).
 */
function stateTrimming(json: Record<string, unknown>): void {
  delete json['x-trimmed'];
  const said = 'Leading and trailing spaces are removed before the length limits are checked.';
  json.description = typeof json.description === 'string' ? `${json.description} ${said}` : said;
  const min = json.minLength;
  if (typeof min === 'number' && min >= 1) {
    const pattern = min === 1 ? '\\S' : `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`;
    json.allOf = [
      ...((json.allOf as unknown[] | undefined) ?? []),
      { type: 'string', maxLength: json.maxLength, pattern },
    ];
  }
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectRefs(n, into);
    return;
  }
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        into.add(v.slice('#/components/schemas/'.length));
      } else collectRefs(v, into);
    }
  }
}

const sortKeys = <T>(obj: Record<string, T>): Record<string, T> =>
  Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, obj[k]!]),
  );

const FORMAT_MAX_LENGTH: Record<string, number> = {
  uuid: 36,
  date: 10,
  'date-time': 35,
  time: 20,
  email: 254,
  uri: 2048,
};
const INT32 = 2 ** 31;

/** Adds maxLength to strings whose format bounds them, and int32/int64 to integers, everywhere in the tree. */
function stateImpliedLimits(node: Json): void {
  if (Array.isArray(node)) {
    for (const n of node) stateImpliedLimits(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const s = node as Record<string, unknown>;
  if (s['x-trimmed'] === true) stateTrimming(s);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined) {
    const max = typeof s.format === 'string' ? FORMAT_MAX_LENGTH[s.format] : undefined;
    if (max !== undefined) s.maxLength = max;
  }
  if (types.includes('integer') && s.format === undefined) {
    const lo = typeof s.minimum === 'number' ? s.minimum : -Infinity;
    const hi = typeof s.maximum === 'number' ? s.maximum : Infinity;
    s.format = lo >= -INT32 && hi < INT32 ? 'int32' : 'int64';
  }
  // A date's or an instant's range (formatMinimum/formatMaximum, lib/dates.ts) is also said in words.
  if (typeof s.formatMinimum === 'string' && typeof s.formatMaximum === 'string') {
    const range = `From ${s.formatMinimum} to ${s.formatMaximum}.`;
    const said = typeof s.description === 'string' ? s.description : '';
    if (!said.includes(range)) s.description = said ? `${said} ${range}` : range;
  }
  for (const v of Object.values(s)) stateImpliedLimits(v);
}

/** Every 429 answer says when to try again: the Retry-After header. */
function documentRetryAfter(paths: Json): void {
  for (const ops of Object.values(
    (paths ?? {}) as Record<string, Record<string, { responses?: Record<string, Record<string, unknown>> }>>,
  )) {
    for (const op of Object.values(ops)) {
      const refused = op?.responses?.['429'];
      if (refused) {
        refused.headers = {
          'Retry-After': {
            description: 'Seconds until an attempt is accepted again.',
            schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 86_400 },
          },
        };
      }
    }
  }
}

export function pruneOpenApi(doc: Record<string, unknown>): Record<string, unknown> {
  const webhooks = eventWebhooks();
  stateImpliedLimits(webhooks);
  documentRetryAfter(doc.paths);
  documentBusinessRules(doc.paths);
  documentCreateLinks(doc.paths);
  stateImpliedLimits(doc.paths);
  stateImpliedLimits((doc.components as Record<string, unknown> | undefined)?.schemas);
  const components = (doc.components ?? {}) as Record<string, unknown>;
  const schemas = (components.schemas ?? {}) as Record<string, Json>;
  const used = new Set<string>();
  collectRefs(doc.paths, used);
  // Follow references between components until nothing new appears.
  let frontier = [...used];
  while (frontier.length) {
    const next: string[] = [];
    for (const name of frontier) {
      const found = new Set<string>();
      collectRefs(schemas[name], found);
      for (const f of found) {
        if (used.has(f)) continue;
        used.add(f);
        next.push(f);
      }
    }
    frontier = next;
  }
  const kept: Record<string, Json> = {};
  for (const name of Object.keys(schemas)) if (used.has(name)) kept[name] = schemas[name];
  const { openapi, info, servers, tags, paths, ...rest } = doc;
  return {
    openapi,
    info,
    servers,
    tags,
    paths: sortKeys((paths ?? {}) as Record<string, Json>),
    // What her endpoints receive: one message per event of the catalogue.
    webhooks,
    ...rest,
    components: { ...components, schemas: sortKeys(kept) },
  };
}
