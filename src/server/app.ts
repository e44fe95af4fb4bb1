import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AUTH_BASE_PATH, createAuth, SESSION_COOKIE_PREFIX } from './auth/auth';
import type { Access } from '../shared/endpoints/endpoint';
import { registerAccessControl } from './auth/access';
import { mountAuth } from './auth/mount';
import { SessionCache } from './auth/session-cache';
import { registerSessionSync, startSessionInvalidation } from './auth/session-invalidation';
import type { Config } from './config';
import { openDatabase, pgliteDirFor, type Database, type DatabaseHandle } from './db/client';
import { authProvidersRoutes } from './features/auth/routes';
import { cartRoutes } from './features/cart/routes';
import { CatalogCache, CatalogVersionFeed, readCatalogVersion, registerCatalogSync } from './features/catalog/cache';
import { catalogRoutes } from './features/catalog/routes';
import { createCatalogHeadResolver, seoRoutes } from './features/catalog/seo';
import { adminRoutes } from './features/admin/routes';
import { contactRoutes } from './features/contact/routes';
import { favouritesRoutes } from './features/favourites/routes';
import { healthRoutes } from './features/health/routes';
import { createMailSender, mailPlugin } from './mail/plugin';
import { mediaRoutes } from './features/media/routes';
import { incomingDirFor, openVideoStorage, type VideoStorage } from './features/media/storage';
import { openUploadStore } from './features/media/upload-stores';
import { abandonedUploadsJob } from './features/media/sweeper';
import { createTranscodeWorker } from './features/media/transcode-job';
import { orderExpiryJob } from './features/orders/fulfilment';
import { returnUrls } from './features/orders/return-urls';
import { ordersRoutes } from './features/orders/routes';
import { progressRoutes } from './features/progress/routes';
import { WEBHOOK_PATH } from './features/orders/webhook-routes';
import { reviewsRoutes } from './features/reviews/routes';
import { teachingRoutes } from './features/teaching/routes';
import { emailChangeRoutes } from './features/users/email-change-routes';
import { usersRoutes } from './features/users/routes';
import { answerRouterError, registerErrorHandling } from './http/errors-plugin';
import { registerSameOriginCheck } from './http/same-origin';
import { requestLogSerializer } from './http/log-redaction';
import { createRouteTransform, transformDocument } from './http/openapi';
import { rawSecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerBackgroundJobs } from './jobs';
import { pruneFinishedJobs } from './queue/queue';
import { createPaymentProvider } from './payments/create-provider';
import type { PaymentProvider } from './payments/provider';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { loadSecrets } from './secrets';
import { registerSpa, type HeadResolver } from './web/spa';
import { loadBuiltPageRenderer } from './web/built-page-renderer';
import type { CreatePageRenderer } from '../shared/page-rendering';

export type ApiRoute = { method: string; url: string; access: Access | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Every API route the app serves, for the authorization table test and the docs check. */
    apiRoutes: ApiRoute[];
    /** The payment provider the features were given (Stripe, or the built-in test provider). */
    payments: PaymentProvider;
    /** Where the videos live: DATA_DIR/videos, or the S3 bucket. */
    videoStorage: VideoStorage;
    /** The catalogue's version as the database announces it (see features/catalog/cache.ts). */
    catalogVersionFeed: CatalogVersionFeed;
  }
}

export type AppOptions = {
  /** An already open database (tests share one per worker); otherwise the app opens and closes its own. */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Where the log goes instead of standard output (tests that read it). */
  logStream?: { write(line: string): void };
  /**
   * Draws the public pages on the server. By default the build's entry (dist/ssr, written by
   * `npm run build`) when it is there; without one every page is the shell the browser fills.
   */
  createPageRenderer?: CreatePageRenderer;
};

export type App = FastifyInstance;

/** Builds the whole app without listening, so tests can drive it through `inject()`. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  // First: with object storage, the pages' security policy names the bucket's origin for media.
  const videoStorage = await openVideoStorage(config);
  const extraSources = { media: videoStorage.mediaOrigin ? [videoStorage.mediaOrigin] : [] };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(options.logStream && { stream: options.logStream }) },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow headers and slow bodies are cut off (408) instead of holding a socket open for ever;
    // Node checks its open requests every second, so the cut comes close to the limit.
    serverFactory: (handler) =>
      http.createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
        },
        handler,
      ),
    // Let in-flight requests finish on close, but drop idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    // A malformed or overlong URL is refused by the router before any hook: still the one error shape and headers.
    frameworkErrors: answerRouterError(rawSecurityHeaders(config, extraSources)),
    // A request that reaches the router after close began came on a connection already taken:
    // finish it (answered with Connection: close) rather than Fastify's 503 in another error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config, extraSources);
  app.decorate('videoStorage', videoStorage);
  if (videoStorage.close) app.addHook('onClose', async () => videoStorage.close?.());

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
  if (!options.database) app.addHook('onClose', () => database.close());
  app.decorate('config', config);
  app.decorate('db', database.db);
  // Built once here and handed to the features that need them: none builds its own.
  const secrets = await loadSecrets(config);
  app.decorate('auth', createAuth({ config, db: database.db, secret: secrets.auth, log: app.log }));
  // Resolved sessions are kept for a few seconds; the database announces every change that ends
  // one or changes its account, on every process (LISTEN/NOTIFY).
  const sessionCache = new SessionCache({ maxEntries: config.sessionCacheEntries, ttlMs: config.sessionCacheTtlMs });
  app.decorate('sessionCache', sessionCache);
  const sessionInvalidation = await startSessionInvalidation(database, sessionCache, app.log, { heartbeat: config.notifyHeartbeat });
  app.decorate('sessionInvalidation', sessionInvalidation);
  app.addHook('onClose', () => sessionInvalidation.close());
  registerSessionSync(app, sessionInvalidation);
  // The catalogue's version is known from the database's notices, not read per request; a request
  // that may change the catalogue waits until this process knows the new version.
  const catalogVersionFeed = new CatalogVersionFeed();
  await catalogVersionFeed.start(database.listen, () => readCatalogVersion(database.db), { heartbeat: config.notifyHeartbeat, log: app.log });
  app.addHook('onClose', () => catalogVersionFeed.close());
  app.decorate('catalogVersionFeed', catalogVersionFeed);
  registerCatalogSync(app, catalogVersionFeed);
  const uploadStore = await openUploadStore({ storage: videoStorage, incomingDir: incomingDirFor(config.dataDir), db: database.db });
  const { provider: payments, testProvider } = createPaymentProvider({
    config,
    db: database.db,
    log: app.log,
    testWebhookSecret: secrets.testPaymentWebhook,
    ...returnUrls(config.publicUrl),
    // The test provider notifies the app through its real webhook route, like Stripe would.
    deliver: async (rawBody, signature) => {
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'TestPaymentProvider/1.0' },
        payload: rawBody,
      });
      return response.statusCode;
    },
  });
  app.decorate('payments', payments);
  const mailSender = createMailSender({ config, db: database.db, log: app.log });
  // Videos attached to courses are transcoded to HLS by the queue's worker, in any process that runs one.
  const transcodeWorker = await createTranscodeWorker({
    db: database.db,
    storage: videoStorage,
    workDir: path.join(config.dataDir, 'transcode-work'),
    settings: config.transcode,
    videoLimits: config.videoLimits,
    log: app.log,
  });
  registerBackgroundJobs(app, [
    orderExpiryJob(database.db),
    abandonedUploadsJob({ db: database.db, storage: videoStorage, uploads: uploadStore, log: app.log }),
    ...mailSender.jobs,
    ...(transcodeWorker ? [transcodeWorker.backgroundJob] : []),
    { name: 'finished jobs pruning', intervalMs: 60 * 60_000, run: () => pruneFinishedJobs(database.db) },
  ]);

  // The Stripe webhook proves itself by its signature; the authentication library checks its own origins.
  const crossSiteExemptRoutes = [WEBHOOK_PATH, `${AUTH_BASE_PATH}/*`];
  // After the security headers (set first thing), so that a refused request still carries them.
  registerSameOriginCheck(app, {
    publicUrl: config.publicUrl,
    sessionCookiePrefix: SESSION_COOKIE_PREFIX,
    exemptRoutes: crossSiteExemptRoutes,
  });
  // After the cross-site check, so that a forged request is refused as such, whoever sent it.
  registerAccessControl(app, { db: database.db });
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Course marketplace API', version: '1.0.0' },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'marketplace.session_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: createRouteTransform({ crossSiteExemptRoutes }),
    transformObject: transformDocument,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI's own policy, made as strict as the app's: no framing, and no https upgrade on an http server.
    transformStaticCSP: (header) => {
      const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return config.isHttps ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });

  await mountAuth(app, app.auth, { publicUrl: config.publicUrl, secureCookies: config.isHttps });

  if (testProvider) await app.register(testCheckoutRoutes, { provider: testProvider });
  await app.register(mailPlugin, { sender: mailSender });
  const headResolvers: HeadResolver[] = [createCatalogHeadResolver(database.db, config)];
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authProvidersRoutes);
      await api.register(usersRoutes);
      await api.register(emailChangeRoutes);
      await api.register(catalogRoutes, {
        cache: { maxEntries: config.catalogCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed: catalogVersionFeed },
        courseCache: { maxEntries: config.courseCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed: catalogVersionFeed },
      });
      await api.register(favouritesRoutes);
      await api.register(mediaRoutes, { storage: videoStorage, uploads: uploadStore, videoUrlSecret: secrets.videoUrl });
      await api.register(teachingRoutes);
      await api.register(cartRoutes);
      await api.register(ordersRoutes, { payments });
      await api.register(progressRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await app.register(seoRoutes, { config, db: database.db });
  await registerSpa(app, {
    config,
    db: database.db,
    createPageRenderer: options.createPageRenderer ?? (await loadBuiltPageRenderer(config.webDistDir)),
    // Kept until the catalogue changes, like the JSON listing.
    renderedPageCache: new CatalogCache(database.db, { maxEntries: config.renderedPageCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed: catalogVersionFeed }),
    resolveHead: async (page, params, request, language) => {
      for (const resolve of headResolvers) {
        const head = await resolve(page, params, request, language);
        if (head) return head;
      }
      return null;
    },
  });

  return app;
}
