import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { listQuizzes, listQuizzesQueryKey, type Quiz } from '@acompanha/api-client';

/**
 * Invalidates every cached query of one API operation, whatever its parameters (all pages and
 * filters of a list). The generated query keys start with `{ _id: operationId }`.
 */
export function invalidateOperation(queryClient: QueryClient, ...operationIds: string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => operationIds.includes((query.queryKey[0] as { _id?: string } | undefined)?._id ?? ''),
  });
}

/** The most quizzes the API gives per page. */
const QUIZ_PAGE = 100;

/**
 * Every quiz of the professional (active ones, or all), page after page: for the quiz pickers and
 * filters, which must offer the 101st quiz too. Its key starts like `listQuizzes`', so saving or
 * disabling a quiz (`invalidateOperation(…, 'listQuizzes')`) refreshes it.
 */
export const everyQuizOptions = (status: 'active' | 'all') =>
  queryOptions({
    queryKey: [...listQuizzesQueryKey({ query: { status } }), 'every-page'] as const,
    queryFn: async ({ signal }) => {
      const items: Quiz[] = [];
      for (let skip = 0; ; skip += QUIZ_PAGE) {
        const { data } = await listQuizzes({ query: { status, take: QUIZ_PAGE, skip }, signal, throwOnError: true });
        items.push(...data.items);
        if (data.items.length < QUIZ_PAGE || items.length >= data.total) return { items, total: data.total };
      }
    },
  });
