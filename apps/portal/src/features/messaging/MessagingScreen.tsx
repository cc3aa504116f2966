import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoutes } from '../../app/routes';
import { queryClient } from '../../app/queryClient';
import type { MessagingState } from './MessagingPage';

type Router = ReturnType<typeof createMemoryRouter>;
/** The story's router, so a play function can read the address. */
export let messagingRouter: Router | null = null;

/** Story-only: the real route table opened at `path`, with the route state another screen would pass. */
export function MessagingScreen({ path, state }: { path: string; state?: MessagingState }) {
  const [router] = useState(() =>
    createMemoryRouter(createRoutes(), {
      initialEntries: [
        { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
      ],
    }),
  );
  messagingRouter = router;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
