import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogVersionFeed } from './cache/catalog-cache';
import type { DatabaseHandle } from './db/client';
import type { PaymentProvider, PayoutProvider } from './payments/provider';
import type { Secrets } from './secrets';
import type { VideoStorage } from './storage/video-storage';

/** The shared infrastructure `buildApp` builds once and hands to every feature: none builds its own. */
export type FeatureContext = {
  database: DatabaseHandle;
  secrets: Secrets;
  videoStorage: VideoStorage;
  payments: PaymentProvider;
  /** Transfers to teachers (Stripe Connect); null while the configured provider offers none, and the payouts' provider calls wait. */
  payouts: PayoutProvider | null;
  catalogVersionFeed: CatalogVersionFeed;
};

/**
 * A feature as the app sees it: one plugin, registered at the root, that registers its own
 * routes (under /api, or wherever its pages live), its background jobs and its hooks.
 */
export type Feature = FastifyPluginAsyncZod<FeatureContext>;

/** A feature whose routes are all under /api and that needs nothing more than `app`. */
export function apiFeature(routes: FastifyPluginAsyncZod, prefix = '/api'): Feature {
  return async (app) => {
    await app.register(routes, { prefix });
  };
}
