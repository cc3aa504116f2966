import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { setupApi } from './api';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/** The full portal at the current address: React Router over the whole route table (once per page load). */
export function startApp() {
  if (!router) {
    const started = createBrowserRouter(routes);
    setupApi((path) => void started.navigate(path, { replace: true }));
    router = started;
  }
  return <RouterProvider router={router} />;
}
