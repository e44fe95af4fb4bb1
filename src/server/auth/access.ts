import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Access } from '../../shared/endpoints/endpoint';
import { AUTH_BASE_PATH } from './auth';
import { requireAdmin, requireCourseManager, requireUser, type SessionUser } from './guards';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A public route that may read the session (its entry's `security` is `optionalSession`). */
    optionalSession?: boolean;
  }
  interface FastifyRequest {
    /** The caller the route's access declaration let in; null on public routes. */
    user: SessionUser | null;
  }
}

/**
 * Enforces every route's declared access, in one place. Admin routes refuse at `onRequest`,
 * before the input is validated, so nobody but an admin learns even which inputs are valid;
 * the others refuse at `preHandler`, once the route's parameters are known (a course
 * manager's course is the `:id` parameter).
 */
export function registerAccessControl(app: FastifyInstance, { db }: { db: Database }): void {
  app.decorateRequest('user', null);
  const refuseAllButAdmins = async (request: FastifyRequest) => {
    request.user = await requireAdmin(request);
  };
  const requireSignedIn = async (request: FastifyRequest) => {
    request.user = await requireUser(request);
  };
  const requireManager = async (request: FastifyRequest) => {
    request.user = await requireCourseManager(request, db, (request.params as { id: number }).id);
  };
  // Attached to the routes that declare the access, ahead of their own hooks: a public route
  // (most requests) runs no access hook at all.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'admin') route.onRequest = [refuseAllButAdmins, ...[route.onRequest ?? []].flat()];
    else if (access === 'user') route.preHandler = [requireSignedIn, ...[route.preHandler ?? []].flat()];
    else if (access === 'course-manager') route.preHandler = [requireManager, ...[route.preHandler ?? []].flat()];
    // Last among the route's own: what a handler set for a signed-in caller is overruled.
    if (!route.url.startsWith('/api/')) return;
    const answersForCaller = (access !== undefined && access !== 'public') || route.url.startsWith(`${AUTH_BASE_PATH}/`);
    route.onSend = [...[route.onSend ?? []].flat(), answersForCaller ? keepPrivate : keepPrivateWhenSignedIn];
    // Also on the raw response, for the handlers that write it themselves (tus uploads).
    if (answersForCaller) route.onRequest = [...[route.onRequest ?? []].flat(), keepRawPrivate];
  });
}

/**
 * No cache may keep an answer given for a signed-in caller, nor a shared cache (a proxy, a CDN)
 * hand it to someone else: routes that admit only signed-in callers, better-auth's answers
 * (sessions, tokens), and a public route's answer once it looked at who asked (a disabled
 * course its owner may see, the caller's own review). Public answers that never did keep their
 * own caching; so do signed video links, whose link is the credential (see send-video.ts).
 */
const PRIVATE_NO_STORE = 'private, no-store';

async function keepPrivate(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', PRIVATE_NO_STORE);
  return payload;
}

async function keepRawPrivate(_request: FastifyRequest, reply: FastifyReply) {
  reply.raw.setHeader('cache-control', PRIVATE_NO_STORE);
}

async function keepPrivateWhenSignedIn(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.sessionUserPromise && (await request.sessionUserPromise.catch(() => null))) reply.header('cache-control', PRIVATE_NO_STORE);
  return payload;
}

/** The caller of a route declared `user`, `admin` or `course-manager`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.method} ${request.routeOptions.url} uses the caller but declares public access`);
  return request.user;
}
