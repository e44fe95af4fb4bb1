import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Language } from '../../shared/languages';
import { ApiError, isApiError, type ApiErrorCode } from '../lib/api-client';
import { rememberServerDrawn } from '../lib/server-drawn-queries';

declare global {
  interface Window {
    /** Read by createBrowserRouter: the route state the server rendered with. */
    __staticRouterHydrationData?: HydrationState;
  }
}

/** The id of the JSON block a server-rendered page carries its state in. */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

type QueryFailure = { queryKey: QueryKey; error: { code: ApiErrorCode; status: number; message: string } };

/** What the browser needs to take over a server-rendered page exactly as the server drew it. */
export type ServerState = {
  language: Language;
  /** The query cache: the page's data, so the browser does not fetch it again. */
  queries: DehydratedState;
  /** Queries that failed with an API error (an unknown course): the page showed that failure. */
  failures: QueryFailure[];
  /** The router's loader data and errors (a 404 thrown by a route's loader). */
  router: HydrationState;
};

/** The route errors as React Router's own server rendering writes them (`isRouteErrorResponse` survives the trip). */
function serializeRouteErrors(errors: HydrationState['errors']): HydrationState['errors'] {
  if (!errors) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (error && typeof error === 'object' && 'status' in error && 'internal' in error) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [routeId, { message: error.message, __type: 'Error' }];
      return [routeId, error];
    }),
  );
}

/** The queries that failed with an API error: the page shows each failure as such. */
export function apiFailures(queryClient: QueryClient): QueryFailure[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .flatMap((query): QueryFailure[] => {
      const error = query.state.error;
      return query.state.status === 'error' && isApiError(error)
        ? [{ queryKey: query.queryKey, error: { code: error.code, status: error.status, message: error.message } }]
        : [];
    });
}

export function captureServerState(queryClient: QueryClient, language: Language, router: HydrationState): ServerState {
  return {
    language,
    queries: dehydrate(queryClient),
    failures: apiFailures(queryClient),
    router: { loaderData: router.loaderData, actionData: router.actionData, errors: serializeRouteErrors(router.errors) },
  };
}

/**
 * The state as the text of a `<script type="application/json">` block. A data block is never run,
 * so it needs no CSP nonce and the page stays cacheable; `<` is escaped so no text in it (a course
 * title) can close the block.
 */
export const serializeServerState = (state: ServerState) =>
  JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The state of a server-rendered page, or null when the browser draws the page itself. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as ServerState;
}

/**
 * A page renders a failed query as failed (an unknown course as not found) instead of asking
 * again on mount, which would show a spinner first: the server and the browser then draw the same.
 */
export function showFailuresAsRendered(queryClient: QueryClient, queryKeys: QueryKey[]) {
  for (const queryKey of queryKeys) queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
}

/** Puts the server's data, and its failures, into the browser's query cache. */
export function restoreQueries(queryClient: QueryClient, state: ServerState) {
  // The server keeps a rendered page until the catalogue changes, so its data may have been
  // fetched minutes ago and still be current: it counts as fetched now (not refetched on mount).
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = now;
    rememberServerDrawn(query.queryHash, now);
  }
  hydrate(queryClient, state.queries);
  for (const { queryKey, error } of state.failures) {
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey })
      .setState({ status: 'error', error: new ApiError(error), errorUpdatedAt: Date.now(), fetchStatus: 'idle', fetchFailureCount: 1 });
  }
  showFailuresAsRendered(
    queryClient,
    state.failures.map(({ queryKey }) => queryKey),
  );
}

/**
 * The server drew the page as a visitor sees it. A signed-in user may see more (the owner of a
 * disabled course still sees it): once the session says so, the page's data is asked again.
 */
export function refreshForSignedInUser(queryClient: QueryClient, state: ServerState) {
  const rendered = [...state.queries.queries.map(({ queryKey }) => queryKey), ...state.failures.map(({ queryKey }) => queryKey)];
  for (const queryKey of rendered) void queryClient.invalidateQueries({ queryKey, exact: true });
}
