import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { AUTH_BASE_PATH, SESSION_COOKIE_PREFIX } from './auth/auth';
import { registerAccessControl } from './auth/access';
import { mountAuth } from './auth/mount';
import { CatalogCache, readCatalogVersion } from './cache/catalog-cache';
import type { Config } from './config';
import { createCatalogHeadResolver } from './features/catalog';
import { createCertificateHeadResolver } from './features/learning';
import { features } from './feature-list';
import { returnUrls, WEBHOOK_PATH } from './features/orders';
import { registerApiDocs } from './http/api-docs';
import { FORM_ROUTE_PREFIX } from './http/form-posts';
import { registerSameOriginCheck } from './http/same-origin';
import { createServer, type ServerOptions } from './http/server';
import { openInfrastructure, type InfrastructureOptions } from './infrastructure';
import { mailPlugin } from './mail/plugin';
import { registerDatabaseMetrics, registerRenderedPageMetrics, requestMetrics } from './metrics';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { requestTracing } from './tracing';
import { openVideoStorage } from './storage/video-storage';
import { loadBuiltPageRenderer } from './web/built-page-renderer';
import { firstHead, registerSpa } from './web/spa';
import { RenderedPageStore } from './web/page-store';
import type { CreatePageRenderer } from '../shared/page-rendering';

export type { ApiRoute } from './http/server';

export type AppOptions = ServerOptions &
  Pick<InfrastructureOptions, 'database' | 'payoutProvider'> & {
    /**
     * Draws the public pages on the server. By default the build's entry (dist/ssr, written by
     * `npm run build`) when it is there; without one every page is the shell the browser fills.
     */
    createPageRenderer?: CreatePageRenderer;
  };

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests can drive it through `inject()`: the shared infrastructure, then the features. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  // First: with object storage, the pages' security policy names the bucket's origin for media.
  const videoStorage = await openVideoStorage(config);
  const app = createServer(config, options, { media: videoStorage.mediaOrigin ? [videoStorage.mediaOrigin] : [] });
  // Before the other hooks, so that their work (and every query) falls inside the request's span.
  await app.register(requestTracing);
  // First among the other hooks, so that the caches built next can report to it.
  await app.register(requestMetrics, { token: config.metricsToken });
  const payments = { webhookPath: WEBHOOK_PATH, ...returnUrls(config.publicUrl) };
  const { mailSender, testPaymentProvider, ...shared } = await openInfrastructure(app, config, videoStorage, { database: options.database, payoutProvider: options.payoutProvider, payments });
  registerDatabaseMetrics(app.metrics, shared.database.db, shared.database.poolUse);

  // After the security headers (set first thing), so that a refused request still carries them. The Stripe
  // webhook proves itself by its signature; the authentication library checks its own origins.
  const crossSiteExemptRoutes = [WEBHOOK_PATH, `${AUTH_BASE_PATH}/*`];
  registerSameOriginCheck(app, { publicUrl: config.publicUrl, sessionCookiePrefix: SESSION_COOKIE_PREFIX, exemptRoutes: crossSiteExemptRoutes, formRoutePrefix: FORM_ROUTE_PREFIX });
  // After the cross-site check, so that a forged request is refused as such, whoever sent it.
  registerAccessControl(app, { db: shared.database.db });
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await registerApiDocs(app, config, { crossSiteExemptRoutes });
  await mountAuth(app, app.auth, { publicUrl: config.publicUrl, secureCookies: config.isHttps });
  if (testPaymentProvider) await app.register(testCheckoutRoutes, { provider: testPaymentProvider });
  await app.register(mailPlugin, { sender: mailSender });

  for (const feature of features) await app.register(feature, shared);
  const renderedPageStore = new RenderedPageStore(shared.database.db, {
    memoryBytes: config.renderedPageMemoryBytes,
    // The version the catalogue's caches go by, so that a page and its data change together.
    catalogVersion: async () => shared.catalogVersionFeed.version ?? (await readCatalogVersion(shared.database.db)),
    onError: (error) => app.log.error({ err: error }, 'rendered page store failed'),
  });
  app.decorate('renderedPageStore', renderedPageStore);
  registerRenderedPageMetrics(app.metrics, () => renderedPageStore.stats());
  // The pages that depend on the whole catalogue (home, listings, addresses with parameters).
  const renderedPageCache = new CatalogCache(shared.database.db, {
    maxEntries: config.renderedPageCacheEntries,
    maxStaleMs: config.catalogCacheMaxStaleMs,
    versionFeed: shared.catalogVersionFeed,
    counters: app.metrics.cache('rendered-pages'),
  });
  await registerSpa(app, {
    config,
    db: shared.database.db,
    createPageRenderer: options.createPageRenderer ?? (await loadBuiltPageRenderer(config.webDistDir)),
    // Kept until the catalogue changes, like the JSON listing.
    renderedPageCache,
    pageStore: renderedPageStore,
    onCatalogueChange: (listener) => shared.catalogVersionFeed.onChange(listener),
    resolveHead: firstHead([createCatalogHeadResolver(shared.database.db, config), createCertificateHeadResolver(shared.database.db)]),
  });
  return app;
}
