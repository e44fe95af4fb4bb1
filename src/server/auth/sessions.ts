import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { SessionCache } from './session-cache';
import { registerSessionSync, startSessionInvalidation } from './session-invalidation';

/**
 * Resolved sessions are kept for a few seconds; the database announces every change that ends
 * one or changes its account, on every process (LISTEN/NOTIFY).
 */
export async function registerSessionCache(app: FastifyInstance, database: DatabaseHandle, config: Config): Promise<void> {
  const sessionCache = new SessionCache({ maxEntries: config.sessionCacheEntries, ttlMs: config.sessionCacheTtlMs, counters: app.metrics.cache('session') });
  app.decorate('sessionCache', sessionCache);
  const sessionInvalidation = await startSessionInvalidation(database, sessionCache, app.log, { heartbeat: config.notifyHeartbeat });
  app.decorate('sessionInvalidation', sessionInvalidation);
  app.addHook('onClose', () => sessionInvalidation.close());
  registerSessionSync(app, sessionInvalidation);
}
