import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Access } from '../../shared/endpoints/endpoint';
import { requireAdmin, requireCourseManager, requireUser, type SessionUser } from './guards';

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
