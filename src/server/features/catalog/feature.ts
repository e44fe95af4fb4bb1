import type { Feature } from '../../feature';
import { catalogRoutes } from './routes';
import { seoRoutes } from './seo';

/** The public catalogue under /api, kept until it changes; and the sitemap and robots.txt. */
export const catalogFeature: Feature = async (app, { catalogVersionFeed: versionFeed }) => {
  const { config } = app;
  await app.register(catalogRoutes, {
    prefix: '/api',
    cache: { maxEntries: config.catalogCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed, counters: app.metrics.cache('catalog') },
    courseCache: { maxEntries: config.courseCacheEntries, maxStaleMs: config.catalogCacheMaxStaleMs, versionFeed, counters: app.metrics.cache('course') },
  });
  await app.register(seoRoutes, { config, db: app.db });
};
