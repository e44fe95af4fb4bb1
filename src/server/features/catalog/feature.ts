import type { Feature } from '../../feature';
import { adminCatalogRoutes } from './admin-routes';
import { catalogRoutes } from './routes';
import { seoRoutes } from './seo';

/** The public catalogue under /api, kept until it changes; the sitemap and robots.txt; the admin's moderation of courses and categories. */
export const catalogFeature: Feature = async (app, { catalogVersionFeed: versionFeed }) => {
  const { config } = app;
  await app.register(catalogRoutes, {
    prefix: '/api',
    cache: { maxEntries: config.catalogCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed, counters: app.metrics.cache('catalog') },
    courseCache: { maxEntries: config.courseCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed, counters: app.metrics.cache('course') },
  });
  await app.register(seoRoutes, { config, db: app.db });
  await app.register(adminCatalogRoutes, { prefix: '/api/admin' });
};
