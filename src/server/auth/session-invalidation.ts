import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle, ListenOptions } from '../db/client';
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

/** Where a request can end sessions or change the account a session stands for. */
const CHANGES_SESSIONS = /^\/api\/(?:auth|admin|users)\//;
const READS_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
const AUTH_PREFIX = '/api/auth/';

/**
 * Holds the answer of each request that may have changed sessions or accounts until this
 * process's cache has seen the change (`sync`): the caller's next request is judged on what the
 * database holds now. Other processes learn it from the same notices, within milliseconds.
 */
export function registerSessionSync(app: FastifyInstance, invalidation: SessionInvalidation): void {
  const sync = async (request: FastifyRequest) => {
    // Decided on the route the router matched, not on the URL the client wrote. Verification
    // links are opened with GET and may grant the admin role (ADMIN_EMAILS); reading the session changes nothing.
    const authEndpoint = request.routeOptions.url?.startsWith(AUTH_PREFIX) ? (request.params as { '*'?: string })['*'] : undefined;
    if (READS_ONLY.has(request.method) && (authEndpoint === undefined || authEndpoint === 'get-session')) return;
    await invalidation.sync();
  };
  // Attached only to the routes concerned, so that other requests run no hook for it.
  app.addHook('onRoute', (route) => {
    if (CHANGES_SESSIONS.test(route.url)) route.onSend = [...[route.onSend ?? []].flat(), sync];
  });
}
