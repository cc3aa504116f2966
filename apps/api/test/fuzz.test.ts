/**
 * A bounded fuzz driven by the OpenAPI document: for every operation, requests built from its schemas by
 * fast-check — valid values, invalid ones (wrong types, past the limits) and hostile ones (NUL and other
 * control characters, huge numbers, long strings and arrays, unknown fields, odd path segments) — signed in
 * and anonymous. No answer may be a 5xx, every error must be in the error model, and a normal call must still
 * work afterwards (no poisoned connection, no dead session).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, openApiDocument } from '../src/app.js';
import { ERROR_CODES } from '../src/errors/codes.js';
import { backends } from './helpers/backends.js';
import { sentenceOrigin } from './helpers/own-sentences.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

/** Requests per operation: half from the schema, half hostile. */
const RUNS = 24;
const SEED = 20261124;

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
  switch (type) {
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time')
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 60) });
    }
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
      return fc.array(valid(doc, s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
      if (props.length === 0) return fc.constant({});
      const required = new Set<string>(s.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, valid(doc, v, depth + 1)])), {
        requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.constantFrom<unknown>('x', 1, true, null);
  }
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
});
