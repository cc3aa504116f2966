import { queryOptions } from '@tanstack/react-query';
import { listQuizzes, listQuizzesQueryKey, type Quiz, listPendingAnswerRevisionsOptions } from '@acompanha/api-client';

/** The most quizzes the API gives per page. */
const QUIZ_PAGE = 100;

/**
 * Every quiz of the professional (active ones, or all), page after page: for the quiz pickers and
 * filters, which must offer the 101st quiz too. Its key starts like `listQuizzes`', so saving or
 * disabling a quiz (`refreshAfter(…, 'quizChanged')`) refreshes it.
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

/** The drawer badge: how many revisions wait for review (`total` of one item). */
export const pendingCountOptions = () => listPendingAnswerRevisionsOptions({ query: { take: 1, skip: 0 } });
