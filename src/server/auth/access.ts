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
