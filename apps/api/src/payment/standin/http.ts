/** Helpers of the stand-in's routes: hidden from OpenAPI, Asaas's list pages, bodies read into Asaas errors. */
import { z } from 'zod';
import { invalid } from './errors.js';
import { listEnvelope, type AsaasObject } from './objects.js';
import type { Page } from './store.js';

/** Out of the OpenAPI document: a development double, not our API. */
export const hidden = { schema: { hide: true } } as const;

export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0),
  limit: z.coerce.number().int().min(1).max(100).catch(10),
});

/** A page of objects in Asaas's list envelope. */
export const listPage = (rows: { data: AsaasObject }[], total: number, page: Page) =>
  listEnvelope(
    rows.map((r) => r.data),
    total,
    page.limit,
    page.offset,
  );

/** The body read with `shape`; its first issue becomes Asaas's `invalid_<field>`. */
export function parseBody<T extends z.ZodType>(shape: T, body: unknown, messages: Record<string, string>): z.infer<T> {
  const parsed = shape.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'object');
  throw invalid(field, messages[field] ?? `O campo ${field} é inválido.`);
}
