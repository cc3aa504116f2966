import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient } from '@acompanha/api-client';
import { loginResponseFixture } from '@acompanha/api-client/mocks';
import { toastQueue } from '@acompanha/ui';
import { createRoutes } from '../app/routes';
import { queryClient } from '../app/queryClient';
import { store } from '../app/store';

configureApiClient({
  store,
  notify: (message) => toastQueue.add({ tone: 'error', title: message }, { timeout: 6000 }),
});

/** Resets what screens share between stories: storage, session and server cache. */
export function resetPortal({ signedIn }: { signedIn: boolean }) {
  window.localStorage.clear();
  store.reload();
  queryClient.clear();
  if (signedIn) store.login(loginResponseFixture);
}

/**
 * A screen as the app renders it: the real route table (layouts, guards, loaders, lazy screens)
 * in a memory router opened at `path`; its calls are answered by the story's MSW handlers.
 */
export function PortalScreen({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(createRoutes(), { initialEntries: [path] }));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
