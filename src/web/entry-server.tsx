import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { matchPage, pageDeclaration, type PageName } from '../shared/paths';
import { AppProviders } from './app/app-providers';
import { prefetchPageData, serverRenderedPages } from './app/page-data';
import { routes } from './app/routes';
import { listingSearch, readListingQuery } from './features/catalog';
import { apiFailures, captureServerState, serializeServerState, SERVER_STATE_ELEMENT_ID, showFailuresAsRendered } from './app/server-state';
import type { CreatePageRenderer, PageData, PageRenderer } from '../shared/page-rendering';
import type { QueryClient } from '@tanstack/react-query';
import { requestLanguage } from '../shared/i18n/server-i18n';
import { createRenderingI18n } from './i18n/rendering';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/** A render that has not finished by then is given up: the server sends the shell instead. */
const RENDER_TIMEOUT_MS = 5000;

/** Resolves once the whole tree is rendered (the data is fetched before, so nothing suspends for long). */
function renderToString(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const fail = (error: unknown) => {
      clearTimeout(timeout);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    // The whole page is ready before the first byte goes out, so every Suspense boundary is written
    // in place: React would otherwise move a large one (the home page's rows) to the end of the
    // document with an inline script to put it back, which the Content-Security-Policy refuses.
    const stream = renderToPipeableStream(element, { onAllReady: () => stream.pipe(sink), onShellError: fail, onError: fail, progressiveChunkSize: Number.POSITIVE_INFINITY });
    const timeout = setTimeout(() => stream.abort(new Error(`server rendering took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
}

/** The parameters the page reads (`parametersRead` in src/shared/pages.ts), as it reads them, in that order. */
function readParameters(searchParams: URLSearchParams, page: PageName | undefined): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, read] of Object.entries((page && pageDeclaration(page).parametersRead) ?? {})) {
    const value = searchParams.get(name);
    const meant = value === null ? null : read(value);
    if (meant !== null) kept.set(name, meant);
  }
  return kept;
}

/** A page's data as fetched into its own query client, drawn from by `render`. */
class LoadedPage implements PageData {
  constructor(
    readonly url: string,
    readonly queryClient: QueryClient,
    readonly fingerprint: string,
  ) {}
}

/**
 * What the queries hold (keys, outcome, data; not when they were fetched): the page drawn from the
 * same holdings in the same language and build is the same page.
 */
function fingerprintOf(queryClient: QueryClient): string {
  const holdings = queryClient
    .getQueryCache()
    .getAll()
    .map(({ queryKey, state }) => [queryKey, state.status, state.data ?? null, state.error ? String(state.error) : null]);
  return createHash('sha256').update(JSON.stringify(holdings)).digest('base64url');
}

/** The page's queries, fetched into a query client of its own. */
async function fetchPageData(url: string): Promise<QueryClient> {
  const address = new URL(url, 'http://localhost');
  const match = matchPage(address.pathname);
  const queryClient = createQueryClient();
  if (match) await prefetchPageData(queryClient, match.page, match.params, address);
  showFailuresAsRendered(
    queryClient,
    apiFailures(queryClient).map(({ queryKey }) => queryKey),
  );
  return queryClient;
}

/**
 * Renders the public pages on the server, with the route table, providers and query options the
 * browser uses. `transport` answers the pages' API calls in process (the server's own router).
 */
export const createPageRenderer: CreatePageRenderer = ({ transport }): PageRenderer => {
  setApiTransport(transport);
  const handler = createStaticHandler(routes);
  const i18nByLanguage = createRenderingI18n();

  return {
    renders(pathname) {
      const match = matchPage(pathname);
      return match === null || serverRenderedPages.has(match.page);
    },
    language({ url, cookie, acceptLanguage }) {
      return requestLanguage({ url: new URL(url, 'http://localhost'), cookie, acceptLanguage });
    },
    cacheKey(url) {
      const address = new URL(url, 'http://localhost');
      const page = matchPage(address.pathname)?.page;
      const search = (page === 'allCourses' ? listingSearch(readListingQuery(address.searchParams)) : readParameters(address.searchParams, page)).toString();
      return search ? `${address.pathname}?${search}` : address.pathname;
    },
    async load(url) {
      const queryClient = await fetchPageData(url);
      return new LoadedPage(url, queryClient, fingerprintOf(queryClient));
    },
    async render(url, language, data) {
      const address = new URL(url, 'http://localhost');
      // A page drawn without `load` first (one not stored: a listing) needs no fingerprint.
      const [queryClient, context] = await Promise.all([data instanceof LoadedPage && data.url === url ? data.queryClient : fetchPageData(url), handler.query(new Request(address))]);
      // No route of ours redirects; a loader that did would have to be followed by the browser.
      if (context instanceof Response) throw new Error(`route answered ${context.status} for ${url}`);
      const router = createStaticRouter(handler.dataRoutes, context);
      const appHtml = await renderToString(
        <StrictMode>
          <AppProviders queryClient={queryClient} i18nInstance={i18nByLanguage[language]} hydrating>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );
      const state = captureServerState(queryClient, language, context);
      queryClient.clear();
      return {
        status: context.statusCode,
        language,
        appHtml,
        stateScript: `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${serializeServerState(state)}</script>`,
      };
    },
  };
};
