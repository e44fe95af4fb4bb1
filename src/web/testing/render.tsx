import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { routes } from '../app/routes';

/** A fresh cache per test, without retries: a failing call fails at once. */
export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders `ui` inside every app provider (no router). */
export function renderWithProviders(ui: ReactNode, { queryClient = createTestQueryClient() } = {}) {
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      {ui}
    </AppProviders>,
  );
  return { ...result, user, queryClient };
}

/** Renders a route table (a stub page inside the real layout, say) at `path`. */
export function renderRoutes(routeTable: RouteObject[], path = '/', { queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />, { queryClient }), router };
}

/** Renders the whole app (layout and the real route table) at `path`. Mock fetch first (mockFetch). */
export const renderApp = (path = '/', options: { queryClient?: QueryClient } = {}) => renderRoutes(routes, path, options);

/** happy-dom evaluates Mantine's hiddenFrom/visibleFrom media queries against this width (1024 by default). */
export function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport: (viewport: { width: number; height: number }) => void } }).happyDOM.setViewport({
    width,
    height: 768,
  });
}
