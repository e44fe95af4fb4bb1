// First: zod's settings must be in place before any module builds a schema.
import './zod-settings';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';
import { matchPage } from '../shared/paths';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { HydrationMarker, whenHydrated } from './app/hydration-marker';
import { createAppRouter, routes } from './app/routes';
import { readServerState, refreshForSignedInUser, restoreQueries, type ServerState } from './app/server-state';
import { getSessionQueryOptions } from './session/get-session';
import { detectBrowserLanguage, initI18n, setLanguage } from './i18n';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A disabled account, whatever call finds out, gets the disabled dialog and is signed out.
// Its code (and the dialog's) loads only then.
const queryClient = createQueryClient({
  onAccountDisabled: () => void import('./session/account-disabled').then((module) => module.handleAccountDisabled(queryClient)),
});
/** The session; null when signed out, or when it could not be read (useSession shows a visitor then too). */
const readSession = () => queryClient.fetchQuery(getSessionQueryOptions()).catch(() => null);

/** The whole app, the same whether it hydrates the server's HTML or draws the page itself. */
const app = (router: ReturnType<typeof createAppRouter>, { hydrating, hydrationSettled }: { hydrating: boolean; hydrationSettled?: Promise<unknown> }) => (
  <StrictMode>
    <AppProviders queryClient={queryClient} hydrating={hydrating} hydrationSettled={hydrationSettled}>
      <RouterProvider router={router} />
      <HydrationMarker />
    </AppProviders>
  </StrictMode>
);

/**
 * The server drew the page: the browser takes it over with the same language, data and route
 * state, once the code of the matched routes is loaded (React Router would otherwise render
 * their fallback, which is not what the HTML shows).
 */
async function hydrate(state: ServerState) {
  // The page painted with the rules it uses; the whole stylesheets (for the next pages) apply now.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-stylesheet]')) link.media = 'all';
  window.__staticRouterHydrationData = state.router;
  restoreQueries(queryClient, state);
  const lazyRoutes = pageRoutesAt(window.location.pathname).filter((route) => typeof route.lazy === 'function');
  await Promise.all([
    initI18n(state.language),
    ...lazyRoutes.map(async (route) => {
      const resolved = await (route.lazy as () => Promise<object>)();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  ]);
  const router = createAppRouter();
  // Nothing the page shows may change while React hydrates it (the browser's first render must
  // match the HTML): the session, and what follows from it, is read once hydration is over, and
  // the signed-in parts turn on once it is read (useHydrated).
  const sessionRead = whenHydrated().then(readSession);
  // As a transition, hydration yields to the browser every few milliseconds: taps are answered meanwhile.
  startTransition(() => {
    hydrateRoot(container!, app(router, { hydrating: true, hydrationSettled: sessionRead }));
  });
  if ((await sessionRead)?.user) refreshForSignedInUser(queryClient, state);
  // A choice made in this browser before the server knew it (kept only in storage) still wins.
  const preferred = detectBrowserLanguage();
  if (preferred !== state.language) void setLanguage(preferred);
}

/**
 * The routes the server's page was drawn with. The page table answers for every page of the spec
 * without React Router's matching (which ranks the whole table: ~10 ms of a phone's first task,
 * and the router does it again); an address it does not know is matched the router's way.
 */
function pageRoutesAt(pathname: string): RouteObject[] {
  const page = matchPage(pathname)?.page;
  if (!page) return (matchRoutes(routes, pathname) ?? []).map(({ route }) => route);
  const pages = routes[0]!.children![0]!;
  return [routes[0]!, pages, pages.children!.find((route) => route.id === page)!];
}

/** Pages the server does not draw (the signed-in ones) start here. */
async function render() {
  // Creating the router starts the download of the page's code, alongside the catalogue's and the
  // session's (so the navbar seldom has to show its placeholder).
  const router = createAppRouter();
  void readSession();
  await initI18n();
  const root = createRoot(container!);
  startTransition(() => {
    root.render(app(router, { hydrating: false }));
  });
}

const serverState = readServerState();
void (serverState ? hydrate(serverState) : render());
