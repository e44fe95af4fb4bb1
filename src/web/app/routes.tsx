import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { matchPage, pageDeclaration, pageNames, type PageName } from '../../shared/paths';
import { NotFound } from '../components/not-found';
import { loadTexts } from '../i18n';
import { AppLayout } from './layout/app-layout';
import { PageLoader } from './layout/page-loader';
import { RouteError } from './layout/route-error';

/** Every page module of the features; the bundler makes each its own chunk, fetched on the first visit to the page. */
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/*/pages/*-page.tsx');

/** The component a page declares (src/shared/pages.ts): `<module>#<export>`. */
export async function loadPageComponent(page: PageName): Promise<ComponentType> {
  const [module, exportName] = pageDeclaration(page).component.split('#') as [string, string];
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`page ${page}: no module src/web/features/${module}.tsx`);
  const component = (await load())[exportName];
  if (!component) throw new Error(`page ${page}: src/web/features/${module}.tsx exports no ${exportName}`);
  return component;
}

const loadPage = async (page: PageName) => {
  const [Component] = await Promise.all([loadPageComponent(page), ...(pageDeclaration(page).texts ?? []).map(loadTexts)]);
  return Component;
};

/**
 * A `:param` matches any segment in React Router, but the server answers 404 for a course id
 * that is not a number or a user name with a dot (src/shared/paths.ts, matchPage). Asking
 * matchPage here too makes the client show the same not-found page the server's status says.
 */
const requireKnownPath =
  (page: PageName) =>
  ({ request }: LoaderFunctionArgs) => {
    // React Router's way to answer a status: the nearest ErrorBoundary gets a 404 response.
    if (matchPage(new URL(request.url).pathname)?.page !== page) throw data(null, { status: 404 });
    return null;
  };

const pageRoutes: RouteObject[] = pageNames.map((page) => {
  const pattern = pageDeclaration(page).path;
  return {
    id: page,
    path: pattern,
    // The spec's routes match exactly: /ContactUsd is a page, /contactusd is a user name.
    caseSensitive: true,
    ...(pattern.includes(':') ? { loader: requireKnownPath(page) } : {}),
    lazy: async () => ({ Component: await loadPage(page) }),
  };
});

/** The one route table: the layout, then every page of the spec, then not-found. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    // Last resort when the layout itself fails.
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: page errors and first-load spinners show inside the layout (navbar stays).
        id: 'pages',
        ErrorBoundary: RouteError,
        HydrateFallback: PageLoader,
        children: [...pageRoutes, { id: 'notFound', path: '*', Component: NotFound }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
