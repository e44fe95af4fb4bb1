import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { requireAdmin, requireCourseManager, requireUser, type SessionUser } from './guards';

/**
 * Who may call a route, declared on the route itself (`config: { access }`):
 * - `public`: anyone; the route may still look at the session (`sessionUser`) for what it shows;
 * - `user`: a signed-in, enabled account;
 * - `admin`: an admin;
 * - `course-manager`: the owner of the course named by the route's `:id`, or an admin.
 */
export const accessLevels = ['public', 'user', 'admin', 'course-manager'] as const;
export type Access = (typeof accessLevels)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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
  });
}

/** The caller of a route declared `user`, `admin` or `course-manager`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.method} ${request.routeOptions.url} uses the caller but declares public access`);
  return request.user;
}
