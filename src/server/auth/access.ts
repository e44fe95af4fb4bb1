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

const accessOf = (request: FastifyRequest): Access | undefined => request.routeOptions.config.access;

/**
 * Enforces every route's declared access, in one place. Admin routes refuse at `onRequest`,
 * before the input is validated, so nobody but an admin learns even which inputs are valid;
 * the others refuse at `preHandler`, once the route's parameters are known (a course
 * manager's course is the `:id` parameter).
 */
export function registerAccessControl(app: FastifyInstance, { db }: { db: Database }): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (accessOf(request) === 'admin') request.user = await requireAdmin(request);
  });
  app.addHook('preHandler', async (request) => {
    const access = accessOf(request);
    if (access === 'user') request.user = await requireUser(request);
    else if (access === 'course-manager') request.user = await requireCourseManager(request, db, (request.params as { id: number }).id);
  });
}

/** The caller of a route declared `user`, `admin` or `course-manager`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.method} ${request.routeOptions.url} uses the caller but declares public access`);
  return request.user;
}
