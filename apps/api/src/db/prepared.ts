/**
 * Statements built and prepared once per database handle and key. A named prepared statement is parsed and
 * planned once per connection, and Drizzle builds its SQL once per process instead of per request: the hot
 * lists keep one per filter shape.
 */
const byHandle = new WeakMap<object, Map<string, unknown>>();

export function preparedOnce<T>(db: object, key: string, build: () => T): T {
  let statements = byHandle.get(db);
  if (!statements) byHandle.set(db, (statements = new Map()));
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) statements.set(key, (statement = build()));
  return statement;
}
