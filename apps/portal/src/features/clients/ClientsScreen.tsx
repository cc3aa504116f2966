import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Page, Text } from '@acompanha/ui';
import { createRoutes } from '../../app/routes';
import { queryClient } from '../../app/queryClient';
import { ClientsPage, clientsLoader } from './ClientsPage';
import { ClientImportPage } from './ClientImportPage';

type Router = ReturnType<typeof createMemoryRouter>;
/** The story's router, so a play function can read the address. */
export let clientsRouter: Router | null = null;

function ProfileStandIn() {
  return (
    <Page title="Perfil do cliente">
      <Text>Perfil do cliente.</Text>
    </Page>
  );
}

/**
 * The real route table with the clients' routes added to the private area where it does not have
 * them yet (until the lead wires them); once wired, the table's own routes are used. Story-only.
 */
function routesWithClients(): RouteObject[] {
  const routes = createRoutes();
  const privateArea = routes[0]?.children?.find((r) => r.children?.some((c) => c.path === 'quizzes'));
  if (privateArea?.children) {
    const has = (path: string) => privateArea.children!.some((c) => c.path === path);
    const extra: RouteObject[] = [];
    if (!has('clients')) extra.push({ path: 'clients', Component: ClientsPage, loader: clientsLoader });
    if (!has('clients/import')) extra.push({ path: 'clients/import', Component: ClientImportPage });
    if (!has('clients/profile/:id')) extra.push({ path: 'clients/profile/:id', Component: ProfileStandIn });
    privateArea.children.unshift(...extra);
  }
  return routes;
}

/** `PortalScreen` for the clients' screens (see storybook/PortalScreen.tsx). */
export function ClientsScreen({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(routesWithClients(), { initialEntries: [path] }));
  clientsRouter = router;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
