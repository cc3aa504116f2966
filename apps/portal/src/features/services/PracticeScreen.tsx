import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { FullScreenSpinner, Page, Text } from '@acompanha/ui';
import { AppFrame } from '../../app/AppFrame';
import { queryClient } from '../../app/queryClient';
import { RouteErrorPage } from '../../app/RouteErrorPage';
import { ClientProfilePage, clientProfileLoader } from '../clients-profile/ClientProfilePage';
import { ServicesPage, servicesLoader } from './ServicesPage';
import { ActivationProvider } from '../subscription/ActivationProvider';

type Router = ReturnType<typeof createMemoryRouter>;
/** The story's router, so a play function can read where the screen went. */
export let practiceRouter: Router | null = null;

function Layout() {
  // As in the private layout: an expired account's blocked actions open the unlock modal.
  return (
    <ActivationProvider>
      <main css={{ padding: 'var(--space-5)' }}>
        <Outlet />
      </main>
    </ActivationProvider>
  );
}

/**
 * Story-only: `/clients/profile/:id` and `/services` in a memory router wrapped as the app wraps
 * them (AppFrame, error page), until the lead adds them to the route table and the stories can
 * use `PortalScreen`. `/clients` is a stand-in to leave to.
 */
export function PracticeScreen({ path }: { path: string }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          Component: AppFrame,
          errorElement: <RouteErrorPage />,
          hydrateFallbackElement: <FullScreenSpinner />,
          children: [
            {
              Component: Layout,
              children: [
                { path: 'clients/profile/:id', Component: ClientProfilePage, loader: clientProfileLoader },
                { path: 'services', Component: ServicesPage, loader: servicesLoader },
                {
                  path: 'clients',
                  element: (
                    <Page title="Clientes">
                      <Text>Lista de clientes.</Text>
                    </Page>
                  ),
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: [path] },
    ),
  );
  practiceRouter = router;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
