import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle, ListenOptions } from '../db/client';
import { catchUpAfterRoutesThatChange } from '../http/effects';
import type { SessionCache } from './session-cache';

/** The channel the database triggers of migration 0005 announce users on. */
export const SESSION_INVALIDATION_CHANNEL = 'session_invalidation';

const SYNC_PREFIX = 'sync:';
/** How long `sync` waits for its own notice before it stops trusting the cache instead. */
const SYNC_TIMEOUT_MS = 1000;

export type SessionInvalidation = {
  /**
   * Resolves once every change committed before the call has reached this process's cache, so
   * that the answer to a request that signed someone out (or disabled, demoted, changed a
   * password) is never followed by a request this process lets in on the old session.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Keeps the cache in step with the database: every user the triggers announce loses its kept
 * sessions. Notices from all connections arrive in commit order, so a notice this process sends
 * itself after a change arrives after that change's own.
 */
export async function startSessionInvalidation(database: DatabaseHandle, cache: SessionCache, log: FastifyBaseLogger, listenOptions: ListenOptions = {}): Promise<SessionInvalidation> {
  const waiting = new Map<string, () => void>();
  let listening = false;
  const stop = await database.listen(
    SESSION_INVALIDATION_CHANNEL,
    {
      onPayload: (payload) => {
        if (payload.startsWith(SYNC_PREFIX)) waiting.get(payload.slice(SYNC_PREFIX.length))?.();
        else cache.invalidateUser(payload);
      },
      onListening: (up, reason) => {
        if (up && !listening) log.info('session invalidations arrive again');
        if (!up && listening) log.warn({ reason }, 'session invalidations do not arrive: kept sessions are trusted for a second at most');
        listening = up;
        cache.setChannelUp(up);
      },
    },
    listenOptions,
  );

  return {
    async sync() {
      if (!cache.enabled || cache.size === 0) return;
      if (!listening) {
        cache.clear();
        return;
      }
      const nonce = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        waiting.set(nonce, () => resolve(true));
        timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      });
      try {
        await database.db.execute(sql`select pg_notify(${SESSION_INVALIDATION_CHANNEL}, ${SYNC_PREFIX + nonce})`);
        if (!(await arrived)) cache.clear();
      } catch {
        cache.clear();
      } finally {
        clearTimeout(timer);
        waiting.delete(nonce);
      }
    },
    close: stop,
  };
}

/**
 * Holds the answer of each request whose route declares that it may change sessions or accounts
 * until this process's cache has seen the change (`sync`): the caller's next request is judged on
 * what the database holds now. Other processes learn it from the same notices, within milliseconds.
 */
export function registerSessionSync(app: FastifyInstance, invalidation: SessionInvalidation): void {
  catchUpAfterRoutesThatChange(app, 'sessions', () => invalidation.sync());
}
