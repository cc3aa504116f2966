import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { Providers } from './app/Providers';
import { queryClient } from './app/queryClient';
import { setupApi } from './app/api';

const router = createBrowserRouter(routes);
setupApi((path) => void router.navigate(path, { replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
