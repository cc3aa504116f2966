import type { z } from 'zod';
import type { ValidationIssue } from '../errors/schemas.js';
import { fieldLabel } from '../errors/validation-messages.js';

/**
 * The one rule every string input follows, whatever route it reaches: no control characters (U+0000–U+001F,
 * U+007F, and the line and paragraph separators U+2028/U+2029). A NUL reaching the database fails the query;
 * the others hide text, break CSV/XLSX exports and e-mail headers, or fake line breaks. Multi-line text
 * (descriptions, notes, the message template, free answers), marked with {@link multiline}, may hold tab and
 * line breaks. Checked before the route's zod schema, for the body, the query string, the path parameters and
 * the headers of every route, so no route can forget it.
 */

/**
 * The definitions of the multi-line schemas. Keyed by the definition, not the schema object: `.meta()` and
 * `.describe()` return a clone that shares it, so a description added after `multiline(...)` keeps the mark.
 */
const MULTILINE = new WeakSet<object>();
/** Marks a string schema as multi-line text: tab, CR and LF are allowed in it (apply it last). */
export function multiline<T extends z.ZodType>(schema: T): T {
  MULTILINE.add(defOf(schema));
  return schema;
}

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/;

/** Whether the guard lets this schema hold tab and line breaks (the document states the same, openapi.ts). */
export const isMultiline = (schema: z.ZodType): boolean => MULTILINE.has(defOf(schema));
/** The rules as JSON-Schema patterns, stated on every request string the guard checks (openapi.ts). */
export const SINGLE_LINE_PATTERN = `^[^${SINGLE_LINE_FORBIDDEN.source.slice(1, -1)}]*$`;
export const MULTILINE_PATTERN = `^[^${MULTILINE_FORBIDDEN.source.slice(1, -1)}]*$`;

/** The rules, after the field's label in each message ("Nome: caracteres de controle não são permitidos."). */
export const CONTROL_CHARACTER_RULE = 'caracteres de controle não são permitidos.';
export const LINE_BREAK_RULE = 'não aceita quebras de linha nem tabulação.';
const refusal = (path: Path, rule: string): ValidationIssue => ({
  path: path.map(String),
  message: `${fieldLabel(path)}: ${rule}`,
});

type Path = (string | number)[];
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function checkString(value: string, allowLineBreaks: boolean, path: Path, out: ValidationIssue[]): void {
  if (!allowLineBreaks && SINGLE_LINE_FORBIDDEN.test(value)) {
    out.push(refusal(path, MULTILINE_FORBIDDEN.test(value) ? CONTROL_CHARACTER_RULE : LINE_BREAK_RULE));
  } else if (allowLineBreaks && MULTILINE_FORBIDDEN.test(value)) {
    out.push(refusal(path, CONTROL_CHARACTER_RULE));
  }
}

/** Every string inside a value the schema does not describe (z.unknown, z.any): multi-line text at most. */
function scanAny(value: unknown, path: Path, out: ValidationIssue[], depth: number): void {
  if (depth > 32) return;
  if (typeof value === 'string') checkString(value, true, path, out);
  else if (Array.isArray(value)) value.forEach((v, i) => scanAny(v, [...path, i], out, depth + 1));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      checkString(k, false, [...path, k], out);
      scanAny(v, [...path, k], out, depth + 1);
    }
  }
}

/**
 * The control-character problems of `value` against `schema`, walking both together. Strings the schema does
 * not reach (unknown keys) are checked as single-line text; zod refuses or strips them afterwards anyway.
 */
export function controlCharacterIssues(
  schema: z.ZodType | undefined,
  value: unknown,
  path: Path = [],
  depth = 0,
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  walk(schema, value, path, out, depth);
  return out;
}

function walk(schema: z.ZodType | undefined, value: unknown, path: Path, out: ValidationIssue[], depth: number): void {
  if (value === null || value === undefined || depth > 32) return;
  if (!schema) return scanAny(value, path, out, depth);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      if (typeof value === 'string') checkString(value, isMultiline(schema), path, out);
      return;
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const sub = def.shape && Object.hasOwn(def.shape, k) ? def.shape[k] : undefined;
        if (sub) walk(sub, v, [...path, k], out, depth + 1);
        else {
          checkString(k, false, [...path, k], out);
          if (typeof v === 'string') checkString(v, false, [...path, k], out);
          else scanAny(v, [...path, k], out, depth + 1);
        }
      }
      return;
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => walk(def.element, v, [...path, i], out, depth + 1));
      return;
    case 'tuple':
      if (Array.isArray(value))
        value.forEach((v, i) => walk(def.items?.[i] ?? def.rest ?? undefined, v, [...path, i], out, depth + 1));
      return;
    case 'record':
      if (typeof value !== 'object' || Array.isArray(value)) return;
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        checkString(k, false, [...path, k], out);
        walk(def.valueType, v, [...path, k], out, depth + 1);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'promise':
      if (isMultiline(schema) && typeof value === 'string') return checkString(value, true, path, out);
      return walk(def.innerType, value, path, out, depth);
    case 'pipe':
      return walk(def.in, value, path, out, depth);
    case 'lazy':
      return walk(def.getter?.(), value, path, out, depth);
    case 'intersection':
      walk(def.left, value, path, out, depth);
      walk(def.right, value, path, out, depth);
      return;
    case 'union': {
      // The option that accepts the value decides; an object value goes to the first object option whose
      // known keys it has (discriminated unions), a string to any string option that allows it.
      const attempts = (def.options ?? []).map((option) => controlCharacterIssues(option, value, path, depth + 1));
      if (attempts.length === 0 || attempts.some((a) => a.length === 0)) return;
      out.push(...attempts[0]!);
      return;
    }
    case 'unknown':
    case 'any':
      return scanAny(value, path, out, depth);
    default:
      // Numbers, booleans, enums, literals, dates, files: a string here fails the schema itself.
      if (typeof value === 'string') checkString(value, false, path, out);
  }
}
