import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { CatalogVersionFeed, readCatalogVersion, registerCatalogSync } from './catalog-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's version as the database announces it (see catalog-cache.ts). */
    catalogVersionFeed: CatalogVersionFeed;
  }
}

/**
 * The catalogue's version is known from the database's notices, not read per request; a request
 * that may change the catalogue waits until this process knows the new version.
 */
export async function startCatalogVersionFeed(app: FastifyInstance, database: DatabaseHandle, config: Config): Promise<CatalogVersionFeed> {
  const catalogVersionFeed = new CatalogVersionFeed();
  await catalogVersionFeed.start(database.listen, () => readCatalogVersion(database.db), { heartbeat: config.notifyHeartbeat, log: app.log });
  app.addHook('onClose', () => catalogVersionFeed.close());
  app.decorate('catalogVersionFeed', catalogVersionFeed);
  registerCatalogSync(app, catalogVersionFeed);
  return catalogVersionFeed;
}
