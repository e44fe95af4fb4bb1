import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from './render';

/**
 * Renders one page at `path` (matched by `pattern`) in a router of its own, with a stub for
 * every other address: the test then depends on this page alone, not on other features' pages.
 */
export function renderPage(Page: ComponentType, { pattern, path }: { pattern: string; path: string }) {
  const router = createMemoryRouter(
    [
      { path: pattern, Component: Page },
      { path: '*', Component: () => <p>other page</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

export const adminSession = {
  session: { id: 's1', userId: 'admin-1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'admin-1', name: 'Admin Demo', email: 'admin@example.com', image: null, isAdmin: true },
};

export const userSession = {
  session: { id: 's2', userId: 'user-1', expiresAt: '2999-01-01T00:00:00.000Z' },
  user: { id: 'user-1', name: 'Ana Pérez', email: 'ana@example.com', image: null, isAdmin: false },
};
