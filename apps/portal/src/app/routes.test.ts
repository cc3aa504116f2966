import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from './routes';
import { store } from './store';

/** The index route (`/`) of the route table. */
const indexRoute = () => createRoutes()[0]!.children!.find((r) => r.index)!;

/** Where the index route's loader (it reads nothing of the request) sends the browser. */
const redirectOf = () => (indexRoute().loader as () => Response)().headers.get('Location');

describe('opening /', () => {
  afterEach(() => {
    store.logout();
    vi.restoreAllMocks();
  });

  it('renders without React Router warning about a leaf route without an element', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter(createRoutes(), { initialEntries: ['/'] });
    try {
      renderToString(createElement(RouterProvider, { router }));
    } finally {
      // Stops the redirect the loader started (it would load the next screen's code).
      router.dispose();
    }
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/does not have an element/);
  });

  it('sends a visitor to /login and a signed-in professional to /clients', () => {
    expect(redirectOf()).toBe('/login');
    store.setJwt('a.b.c');
    expect(redirectOf()).toBe('/clients');
  });
});
