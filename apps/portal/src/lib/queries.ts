import type { QueryClient } from '@tanstack/react-query';

/**
 * Invalidates every cached query of one API operation, whatever its parameters (all pages and
 * filters of a list). The generated query keys start with `{ _id: operationId }`.
 */
export function invalidateOperation(queryClient: QueryClient, ...operationIds: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => operationIds.includes((query.queryKey[0] as { _id?: string } | undefined)?._id ?? ''),
  });
}
