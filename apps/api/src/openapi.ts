/**
 * Post-processing of the generated OpenAPI document:
 *  - fastify-type-provider-zod emits every registered schema twice (`X` for output, `XInput` for
 *    input); keep only the components that are actually referenced;
 *  - sort paths and component names so the document is deterministic.
 */
type Json = unknown;

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
  Object.fromEntries(Object.keys(obj).sort().map((k) => [k, obj[k]!]));

export function pruneOpenApi(doc: Record<string, unknown>): Record<string, unknown> {
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
      for (const f of found) if (!used.has(f)) (used.add(f), next.push(f));
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
    ...rest,
    components: { ...components, schemas: sortKeys(kept) },
  };
}
