/**
 * A bounded fuzz driven by the OpenAPI document: for every operation, requests built from its schemas by
 * fast-check — valid values, invalid ones (wrong types, past the limits) and hostile ones (NUL and other
 * control characters, huge numbers, long strings and arrays, unknown fields, odd path segments) — signed in
 * and anonymous. No answer may be a 5xx, every error must be in the error model, and a normal call must still
 * work afterwards (no poisoned connection, no dead session).
 *
 * The other direction: requests that satisfy the document (every pattern, bound, conditional rule and example it
 * states), signed in, with path ids from rows the run created where it has them. Every refusal must be a business
 * rule the operation lists (`x-application-error-codes` on its 400/409, `x-field-rules` for a field the rule
 * names) or a 404 for an id that does not exist: never a format or length refusal the document did not state.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, openApiDocument } from '../src/app.js';
import { ERROR_CODES } from '../src/errors/codes.js';
import { MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from '../src/lib/input-guard.js';
import { backends } from './helpers/backends.js';
import { sentenceOrigin } from './helpers/own-sentences.js';
import { bearer, createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';
import { createChannels } from '../src/delivery/channels.js';
import { deliverAnswerRequest } from '../src/delivery/deliver.js';
import { OutboxWhatsAppProvider } from '../src/delivery/whatsapp.js';

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

/** Requests per operation: half from the schema, half hostile. */
const RUNS = 24;
const SEED = 20261124;
/** Conforming requests per operation (the valid-request half). */
const VALID_RUNS = 6;

/** Operations left out, with the reason. */
const SKIP: Record<string, string> = {
  logout: 'revokes the session the rest of the run uses (its own tests cover it)',
  changePassword: 'a valid body would revoke the session mid-run (its own tests cover it)',
  importPatients: 'multipart, not JSON: the spreadsheet tests fuzz it with bombs and broken files',
  uploadFile: 'raw bytes behind a signed token, not JSON: the file tests cover it',
  streamNotifications: 'a server-sent event stream that stays open: test/events.test.ts reads it',
};

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u2028',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '🍎'.repeat(300),
  '',
  ' ',
  '{{constructor}}',
  '=cmd|"/c calc"!A1',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -1e308,
  2 ** 63,
  1.5,
  [],
  {},
  [null],
  { __proto__: { polluted: 1 } },
  ...HOSTILE_STRINGS,
];

function resolve(doc: Doc, s: Schema | undefined): Schema {
  let out = s ?? {};
  for (let i = 0; out.$ref && i < 10; i++) out = doc.components.schemas[String(out.$ref).split('/').pop()!] ?? {};
  return out;
}

/**
 * What `valid` and `conforming` generate alike: dates, numbers, booleans, and arrays and objects of `next`
 * (each generator's own recursion). Undefined for what each decides itself.
 */
function shared(
  s: Schema,
  type: string | undefined,
  next: (sub: Schema | undefined) => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> | undefined {
  const day = () => fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true });
  switch (type) {
    case 'string':
      if (s.format === 'date') return day().map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time') return day().map((d) => d.toISOString());
      return undefined;
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -1000, -2_000_000_000),
        max: Math.min(s.maximum ?? 1000, 2_000_000_000),
      });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(next(s.items), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
      if (props.length === 0) return fc.constant({});
      const required = new Set<string>(s.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, next(v)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return undefined;
  }
}

/** An arbitrary of values that follow the schema (what a correct client sends). */
function valid(doc: Doc, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (depth > 6) return fc.constant(null);
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map((o: Schema) => valid(doc, o, depth + 1)));
  if (s.allOf) return valid(doc, s.allOf[0], depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  const common = shared(s, type, (sub) => valid(doc, sub, depth + 1));
  if (common) return common;
  if (type === 'string') {
    if (s.format === 'uuid') return fc.uuid();
    if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
    return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
  }
  return fc.constantFrom<unknown>('x', 1, true, null);
}

/** A valid value with one leaf (or the whole) replaced by something hostile or out of its limits. */
function hostile(doc: Doc, raw: Schema | undefined): fc.Arbitrary<unknown> {
  const poison = fc.constantFrom(...HOSTILE_VALUES);
  const s = resolve(doc, raw);
  const overLimit = s.maxLength ? fc.constant('y'.repeat(s.maxLength + 1)) : poison;
  return fc.oneof(
    poison,
    overLimit,
    fc.tuple(valid(doc, raw), poison, fc.nat()).map(([value, bad, pick]) => replaceLeaf(value, bad, pick)),
    fc
      .tuple(valid(doc, raw), fc.constantFrom('unknownField', '__proto__', 'constructor'), poison)
      .map(([value, key, bad]) =>
        value && typeof value === 'object' && !Array.isArray(value) ? { ...value, [key]: bad } : value,
      ),
  );
}

function replaceLeaf(value: unknown, bad: unknown, pick: number): unknown {
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v))
      v.forEach((x, i) => (x && typeof x === 'object' ? walk(x) : leaves.push({ parent: v, key: i })));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (x && typeof x === 'object') walk(x);
        else leaves.push({ parent: v as Record<string, unknown>, key: k });
      }
    }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (leaves.length === 0) return bad;
  const leaf = leaves[pick % leaves.length]!;
  (leaf.parent as Record<string | number, unknown>)[leaf.key] = bad;
  return copy;
}

/** Strings a correct client sends: printable, not blank at the ends (the server trims before its length checks). */
const WORD = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzÁçãé0123456789'), minLength: 1 });
function text(min: number, max: number): fc.Arbitrary<string> {
  const hi = Math.max(min, Math.min(max, 40));
  return fc
    .array(WORD, { minLength: 1, maxLength: 6 })
    .map((words) => words.join(' '))
    .map((t) => (t.length < min ? t + 'x'.repeat(min - t.length) : t).slice(0, hi).trim())
    .filter((t) => t.length >= min && t.length <= max);
}
const OUR_PATTERNS = new Set([SINGLE_LINE_PATTERN, MULTILINE_PATTERN]);

/**
 * Values that satisfy the schema as the document states it: patterns (besides the control-character rule, which
 * the printable text above follows), bounds, examples, a oneOf/anyOf's branch merged into its object.
 */
function conforming(doc: Doc, raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (depth > 8) return fc.constant(null);
  if (Array.isArray(s.examples) && s.examples.length) return fc.constantFrom(...s.examples);
  const branches = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (branches && s.type === 'object' && s.properties) {
    return fc.oneof(
      ...branches.map((b) => {
        const branch = resolve(doc, b);
        const { oneOf: _o, anyOf: _a, ...base } = s;
        return conforming(
          doc,
          {
            ...base,
            properties: { ...base.properties, ...(branch.properties ?? {}) },
            required: [...new Set([...(base.required ?? []), ...(branch.required ?? [])])],
          },
          depth + 1,
        );
      }),
    );
  }
  if (branches) {
    const usable = branches.filter((o) => resolve(doc, o).type !== 'null');
    return fc.oneof(...(usable.length ? usable : branches).map((o) => conforming(doc, o, depth + 1)));
  }
  // Conditional rules (allOf of if/then/else beside an object's properties): the value first, then each rule's
  // case regenerates the properties it constrains.
  const rules = ((s.allOf ?? []) as Schema[]).filter((r) => r.if);
  if (rules.length && s.type === 'object') {
    const { allOf: _rules, ...base } = s;
    return conforming(doc, base, depth + 1).chain((value) => {
      const v = value as Record<string, unknown>;
      const fixes: Record<string, fc.Arbitrary<unknown>> = {};
      for (const rule of rules) {
        const branch = (holds(rule.if, v) ? rule.then : rule.else) as Schema | undefined;
        if (!branch) continue;
        for (const [k, sub] of Object.entries((branch.properties ?? {}) as Record<string, Schema>))
          if (k in v || (branch.required ?? []).includes(k)) fixes[k] = conforming(doc, sub, depth + 1);
        for (const k of (branch.required ?? []) as string[])
          if (!(k in v) && !fixes[k]) fixes[k] = conforming(doc, s.properties?.[k], depth + 1);
      }
      return fc.record(fixes).map((f) => ({ ...v, ...f }));
    });
  }
  // An allOf beside a type adds the control-character pattern, which the printable text follows.
  if (s.allOf && !s.type) return conforming(doc, s.allOf[0], depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  const common = shared(s, type, (sub) => conforming(doc, sub, depth + 1));
  if (common) return common;
  if (type === 'string') {
    if (s.format === 'uuid') return fc.uuid({ version: 4 });
    if (s.format === 'email') return fc.stringMatching(/^[a-z]{1,12}@[a-z]{1,12}\.com\.br$/);
    // An address in a documentation range (RFC 3849): no DNS, and the SSRF guard's stated rule refuses it.
    if (s.format === 'uri') return fc.nat(999).map((n) => `https://[2001:db8::${n}]/hook`);
    if (typeof s.pattern === 'string' && !OUR_PATTERNS.has(s.pattern)) {
      const re = new RegExp(s.pattern);
      let matching: fc.Arbitrary<string>;
      try {
        matching = fc.stringMatching(re);
      } catch {
        // fast-check reads no lookahead: plain words, kept when they match.
        matching = fc.stringMatching(/^[a-z0-9]{1,30}$/).filter((v) => re.test(v));
      }
      return matching
        .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 2048))
        .filter((v) => !new RegExp(`[${SINGLE_LINE_PATTERN.slice(3, -3)}]`).test(v));
    }
    return text(s.minLength ?? 0, s.maxLength ?? 40);
  }
  return fc.constant(null);
}

/** Whether an `if` of the document's conditional rules holds: its required keys present, its consts met. */
function holds(condition: Schema, value: Record<string, unknown>): boolean {
  if (((condition.required ?? []) as string[]).some((k) => !(k in value))) return false;
  return Object.entries((condition.properties ?? {}) as Record<string, Schema>).every(
    ([k, sub]) =>
      !(k in value) ||
      (Array.isArray(sub.enum) ? sub.enum.includes(value[k]) : sub.const === undefined || value[k] === sub.const),
  );
}

/** Valid-request half: operations left out beyond SKIP, with the reason. */
const SKIP_VALID: Record<string, string> = {
  ...SKIP,
  deleteAccount: 'ends the account the run uses',
};

const asQuery = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

describe.each(backends)('schema-driven fuzz on $name', (backend) => {
  let t: TestApp;
  let doc: Doc;
  let jwt: string;
  const email = 'fuzz@example.com';
  beforeAll(async () => {
    t = await createTestApp(backend);
    doc = (await openApiDocument(buildApp({ config: { logger: false } }))) as unknown as Doc;
    jwt = await t.signUp(email);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('no operation answers 5xx, every error is in the error model, and the API still works afterwards', async () => {
    const codes = new Set<string>(ERROR_CODES);
    const serverErrors: string[] = [];
    const outsideModel: string[] = [];
    // Every sentence a refusal carries (its message and each field's) is ours: the catalogue's or our source's.
    const notOurs = new Set<string>();
    const sentences = { refusals: 0, messages: 0, catalogue: 0, source: 0 };
    let requests = 0;
    let opIndex = 0;
    const statuses: Record<number, number> = {};
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op?.operationId || SKIP[op.operationId]) continue;
        opIndex++;
        const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema: Schema }[];
        const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
        const build = (evil: boolean) =>
          fc.record({
            path: fc.record(
              Object.fromEntries(
                params
                  .filter((p) => p.in === 'path')
                  .map((p) => [
                    p.name,
                    evil ? fc.oneof(hostile(doc, p.schema), valid(doc, p.schema)) : valid(doc, p.schema),
                  ]),
              ),
            ),
            query: fc.record(
              Object.fromEntries(
                params
                  .filter((p) => p.in === 'query')
                  .map((p) => [p.name, evil ? hostile(doc, p.schema) : valid(doc, p.schema)]),
              ),
              { requiredKeys: [] },
            ),
            body: bodySchema ? (evil ? hostile(doc, bodySchema) : valid(doc, bodySchema)) : fc.constant(undefined),
            anonymous: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
          });
        const samples = [
          ...fc.sample(build(false), { seed: SEED + opIndex, numRuns: RUNS / 2 }),
          ...fc.sample(build(true), { seed: SEED + 1000 + opIndex, numRuns: RUNS / 2 }),
        ];
        for (const sample of samples) {
          let url = `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(asQuery(sample.path[name] ?? 'x')))}`;
          const query = new URLSearchParams(
            Object.entries(sample.query).map(([k, v]) => [k, asQuery(v)] as [string, string]),
          ).toString();
          if (query) url += `?${query}`;
          const res = await t.call({
            method: method.toUpperCase() as 'GET',
            url,
            headers: sample.anonymous ? {} : bearer(jwt),
            ...(sample.body !== undefined && method !== 'get'
              ? {
                  payload: JSON.stringify(sample.body),
                  headers: { ...(sample.anonymous ? {} : bearer(jwt)), 'content-type': 'application/json' },
                }
              : {}),
          });
          requests++;
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const where = `${method.toUpperCase()} ${url.slice(0, 160)} ${JSON.stringify(sample.body ?? null)?.slice(0, 160)}`;
          if (res.statusCode >= 500) serverErrors.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400) {
            let body: Record<string, unknown> = {};
            try {
              body = res.json();
            } catch {
              /* not JSON */
            }
            if (
              body.statusCode !== res.statusCode ||
              !codes.has(String(body.application_error_code)) ||
              typeof body.message !== 'string'
            ) {
              outsideModel.push(`${res.statusCode} ${where} → ${res.body.slice(0, 200)}`);
            }
            sentences.refusals++;
            const details = Array.isArray(body.details) ? (body.details as { message?: unknown }[]) : [];
            for (const message of [body.message, ...details.map((d) => d?.message)]) {
              if (typeof message !== 'string') continue;
              sentences.messages++;
              const origin = sentenceOrigin(message);
              if (origin) sentences[origin]++;
              else notOurs.add(`${message}  ← ${where.slice(0, 120)}`);
            }
          }
        }
        // A run that ended the session (none should) signs in again, so the rest of the run stays signed in.
        if ((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) })).statusCode === 401) {
          jwt = (
            await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } })
          ).json().jwt;
        }
      }
    }
    console.log(
      `fuzz (${backend.name}): ${requests} requests over ${opIndex} operations, ${serverErrors.length} answers 5xx, ${outsideModel.length} outside the error model; statuses ${JSON.stringify(statuses)}`,
    );
    console.log(
      `fuzz (${backend.name}): ${sentences.refusals} refusals, ${sentences.messages} sentences — ${sentences.catalogue} from the validation catalogue, ${sentences.source} from our source, ${notOurs.size} not ours`,
    );
    if (serverErrors.length) console.log(serverErrors.join('\n'));
    expect(serverErrors).toEqual([]);
    expect(outsideModel).toEqual([]);
    expect([...notOurs]).toEqual([]);
    const fresh = (
      await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } })
    ).json().jwt as string;
    expect((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/patient?take=5', headers: bearer(fresh) })).statusCode).toBe(200);
  }, 240_000);

  it('what the document allows, the server accepts: every refusal of a conforming request is a stated rule', async () => {
    const session = (
      await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } })
    ).json().jwt as string;
    /** Ids of rows the run created, by the resource (the path's first segment) and by the id's name. */
    const pool = new Map<string, string[]>();
    const remember = (key: string, id: unknown) => {
      if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return;
      pool.set(key, [...(pool.get(key) ?? []), id]);
    };
    // The starter library's categories are hers to use from the start.
    const categories = (
      await t.call({ method: 'GET', url: '/api/category', headers: bearer(session) })
    ).json() as unknown;
    for (const c of (Array.isArray(categories) ? categories : []) as { id?: string }[]) {
      remember('category', c.id);
      remember('categoryId', c.id);
    }
    /** The resource a path's id names: the fixed segment before it (`/quiz/schedule/{id}` → schedule). */
    const resourceOf = (path: string, param: string): string => {
      const parts = path.split('/');
      const at = parts.indexOf(`{${param}}`);
      return (at > 0 ? parts.slice(0, at) : parts).filter((x) => x && !x.startsWith('{')).pop() ?? '';
    };
    /** A resource's id as other operations name it. */
    const idName = (resource: string) => (resource === 'schedule' ? 'quizScheduleId' : `${resource}Id`);

    // The other credentials: a patient answering a questionnaire (the survey token from her PIN), the same patient
    // in her corner of the client area (the code e-mailed to her), and the operator. An operation is sent with the
    // credential its security names; a survey or corner operation with her schedule's ids (her token opens only
    // those). The gateway's and WhatsApp's webhooks are signed by their own tests (subscription, messaging).
    const p = practice(t);
    await p.ok(p.api('PUT', '/professional/me/area-config', session, { link: 'fuzz-area' }));
    const her = await p.patient(session, {
      name: 'Paciente Fuzz',
      email: 'paciente.fuzz@example.com',
      serviceId: await p.service(session),
    });
    const herSchedule = (await p.schedule(session, await p.quiz(session), her.id)).id;
    const herRequest = (
      await p.ok(p.api('POST', '/quiz/schedule/request-now', session, { quizScheduleId: herSchedule }), 201)
    ).id as string;
    const channels = createChannels(t.mailbox, new OutboxWhatsAppProvider(t.database.db));
    const deps = { db: t.database.db, config: { now: t.clock.now, publicUrl: 'http://acompanha.test' }, channels };
    expect(await deliverAnswerRequest(deps, herRequest, { lastAttempt: true })).toBe('sent');
    const pin = /PIN:? (\d{6})/.exec((await t.mailbox.list(her.email!))[0]!.text)![1];
    const surveyToken = (
      await p.ok(p.api('POST', '/quiz-answer/validate-pin', undefined, { quizScheduleId: herSchedule, pin }))
    ).token as string;
    await p.ok(p.api('POST', '/patient-area/fuzz-area/code', undefined, { contact: her.email }), 202);
    const code = /\b(\d{6})\b/.exec((await t.mailbox.list(her.email!))[0]!.subject)![1];
    const patientToken = (
      await p.ok(p.api('POST', '/patient-area/fuzz-area/session', undefined, { contact: her.email, code }))
    ).token as string;
    const hers: Record<string, string> = {
      scheduleId: herSchedule,
      quizScheduleId: herSchedule,
      answerRequestId: herRequest,
    };
    const credentials: Record<string, Record<string, string>> = {
      bearerAuth: bearer(session),
      surveyAuth: bearer(surveyToken),
      patientAuth: bearer(patientToken),
      operatorToken: { 'x-operator-token': TEST_OPERATOR_TOKEN },
      operatorBearer: bearer(TEST_OPERATOR_TOKEN),
    };
    const exercised: Record<string, number> = {};
    const ops: { path: string; method: string; op: Record<string, any> }[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        if (op?.operationId && !SKIP_VALID[op.operationId]) ops.push({ path, method, op });
    // Creations first (their rows feed the others' path ids), deletions last.
    const rank = (o: { method: string; op: Record<string, any> }) =>
      o.op.responses?.['201'] ? 0 : o.method === 'delete' ? 2 : 1;
    ops.sort((a, b) => rank(a) - rank(b));
    const figures = { requests: 0, accepted: 0, notFound: 0, knownIds: 0, refused: {} as Record<string, number> };
    /** Ids whose row a successful DELETE took away (or made unreadable): a 404 for them is right. */
    const gone = new Set<string>();
    const disagreements: string[] = [];
    let opIndex = 0;
    for (const { path, method, op } of ops) {
      opIndex++;
      // The credential the operation names (the professional's first where it takes several); operations signed by
      // the body's credentials or by the gateway or WhatsApp answer 401 to ours: their own tests sign them.
      const schemes = ((op.security ?? []) as Record<string, unknown>[]).flatMap((r) => Object.keys(r));
      const scheme = schemes.find((k) => k in credentials);
      const signedByUs = scheme !== undefined;
      if (scheme) exercised[scheme] = (exercised[scheme] ?? 0) + 1;
      const asPatient = scheme === 'surveyAuth' || scheme === 'patientAuth';
      const params = (op.parameters ?? []) as { in: string; name: string; required?: boolean; schema: Schema }[];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      const idFor = (name: string) => {
        if (asPatient && hers[name]) return fc.constant(hers[name]);
        const known = pool.get(name) ?? (name === 'id' ? pool.get(resourceOf(path, name)) : undefined);
        return known?.length ? fc.constantFrom(...known) : undefined;
      };
      // A body's ids (patientId, quizId, categoryId…) point at rows the run made, most of the time.
      const withKnownIds = (body: unknown): fc.Arbitrary<unknown> => {
        if (!body || typeof body !== 'object' || Array.isArray(body)) return fc.constant(body);
        const swaps = Object.fromEntries(
          Object.keys(body)
            .map((k) => [k, idFor(k)] as const)
            .filter((e): e is readonly [string, fc.Arbitrary<string>] => e[1] !== undefined)
            .map(([k, known]) => [k, fc.oneof(known, known, fc.constant((body as Record<string, unknown>)[k]))]),
        );
        return fc.record(swaps).map((ids) => ({ ...body, ...ids }));
      };
      const build = fc.record({
        path: fc.record(
          Object.fromEntries(
            params
              .filter((p) => p.in === 'path')
              .map((p) => {
                const known = idFor(p.name);
                return [p.name, known ? fc.oneof(known, known, conforming(doc, p.schema)) : conforming(doc, p.schema)];
              }),
          ),
        ),
        query: fc.record(
          Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, conforming(doc, p.schema)])),
          { requiredKeys: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
        ),
        headers: fc.record(
          Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, conforming(doc, p.schema)])),
          { requiredKeys: params.filter((p) => p.in === 'header' && p.required).map((p) => p.name) },
        ),
        body: bodySchema ? conforming(doc, bodySchema).chain(withKnownIds) : fc.constant(undefined),
      });
      // Every operation starts with fresh attempt budgets, so that its requests are judged, not throttled by the
      // ones before (a 429 then means its own budget, which its 429 answer states, is smaller than VALID_RUNS).
      await t.database.pool.query('DELETE FROM login_attempts');
      for (const sample of fc.sample(build, { seed: SEED + 5000 + opIndex, numRuns: VALID_RUNS })) {
        let url = `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(asQuery(sample.path[name])))}`;
        const query = new URLSearchParams(
          Object.entries(sample.query).map(([k, v]) => [k, asQuery(v)] as [string, string]),
        ).toString();
        if (query) url += `?${query}`;
        const res = await t.call({
          method: method.toUpperCase() as 'GET',
          url,
          headers: {
            ...(Object.fromEntries(Object.entries(sample.headers).map(([k, v]) => [k, asQuery(v)])) as Record<
              string,
              string
            >),
            ...(scheme ? credentials[scheme] : bearer(session)),
            ...(sample.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(sample.body !== undefined ? { payload: JSON.stringify(sample.body) } : {}),
        });
        figures.requests++;
        const pathIds = params
          .filter((p) => p.in === 'path')
          .map((p) => [p.name, String(sample.path[p.name])] as const);
        const [only] = pathIds;
        const known = only && [...(pool.get(only[0]) ?? []), ...(pool.get(resourceOf(path, only[0])) ?? [])];
        const createdRow = pathIds.length === 1 && !!known && known.includes(only![1]) && !gone.has(only![1]);
        if (createdRow) figures.knownIds++;
        if (res.statusCode < 400) {
          figures.accepted++;
          if (method === 'delete') for (const [, id] of pathIds) gone.add(id);
          if (res.statusCode === 201 || res.statusCode === 202) {
            let created: Record<string, unknown> = {};
            try {
              created = res.json();
            } catch {
              /* no body */
            }
            const resource = resourceOf(path, '');
            remember(resource, created.id);
            remember(idName(resource), created.id);
            for (const [k, v] of Object.entries(created)) if (k.endsWith('Id')) remember(k, v);
          }
          continue;
        }
        const body = res.json() as { application_error_code?: string; details?: unknown };
        const details = Array.isArray(body.details) ? (body.details as { path?: string[] }[]) : [];
        const code = String(body.application_error_code);
        if (res.statusCode === 404) {
          figures.notFound++;
          // One id in the path, a row this run created and did not delete: it exists, so a 404 would be a lie.
          // (With several ids, a 404 may be right: a schedule that is not that patient's.)
          if (createdRow)
            disagreements.push(
              `${op.operationId} 404 for a row the run created: ${method.toUpperCase()} ${url.slice(0, 100)}`,
            );
          continue;
        }
        figures.refused[code] = (figures.refused[code] ?? 0) + 1;
        const answer = op.responses?.[String(res.statusCode)] as Record<string, any> | undefined;
        const listed = new Set<string>(answer?.['x-application-error-codes'] ?? []);
        const fieldRules = new Set<string>(Object.keys(answer?.['x-field-rules'] ?? {}));
        // A field's path with its array indices as [] (`config.alternatives[].label`), as x-field-rules names it.
        const fields = details.map((d) =>
          (d.path ?? []).map((p, i) => (/^\d+$/.test(p) ? '[]' : i ? `.${p}` : p)).join(''),
        );
        const stated =
          answer !== undefined &&
          (res.statusCode === 429 ||
            (res.statusCode === 401 && !signedByUs) ||
            listed.has(code) ||
            (code === 'WRONG_COMMAND_PARAMETERS' && fields.length > 0 && fields.every((f) => fieldRules.has(f))));
        if (!stated)
          disagreements.push(
            `${op.operationId} ${res.statusCode} ${code} ${JSON.stringify(details.map((d) => d.path))} ← ${method.toUpperCase()} ${url.slice(0, 100)} ${JSON.stringify(sample.body ?? null).slice(0, 300)} → ${res.body.slice(0, 200)}`,
          );
      }
    }
    console.log(
      `fuzz, conforming requests (${backend.name}): ${figures.requests} requests over ${ops.length} operations, ${figures.accepted} accepted, ${figures.notFound} 404 (an id that does not exist; ${figures.knownIds} requests named one row the run created, none of them may answer 404), refused by code ${JSON.stringify(figures.refused)}, ${disagreements.length} not stated by the document; operations by credential ${JSON.stringify(exercised)}`,
    );
    if (disagreements.length) console.log(disagreements.join('\n'));
    expect(disagreements).toEqual([]);
  }, 120_000);
});
