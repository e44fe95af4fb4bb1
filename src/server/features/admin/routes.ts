import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '../../../shared/endpoints/admin';
import { route } from '../../http/route';
import { listAudit } from './audit-log';
import { dashboard } from './dashboard';

/**
 * The admin's overview and the audit log, under /api/admin: admins only (401 for visitors and
 * disabled accounts, 403 for anyone else). What an admin does to courses, categories, accounts,
 * orders, payouts and messages is served by the area it changes.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminEndpoints.getAdminDashboard, async () => dashboard(db));

  route(app, adminEndpoints.getAuditLog, async (request) => listAudit(db, request.query));
};
