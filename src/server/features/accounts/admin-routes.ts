import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '../../../shared/endpoints/admin';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { disableUser, editUser, enableUser, getUser, listUsers, makeAdmin } from './admin-users';

/** The admin's management of accounts, under /api/admin (admins only, as each endpoint declares). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminEndpoints.getAdminUsers, async (request) => listUsers(db, request.query));

  route(app, adminEndpoints.getAdminUser, async (request) => getUser(db, request.params.id));

  route(app, adminEndpoints.updateAdminUser, async (request) => editUser(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminEndpoints.disableUser, async (request) => disableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.enableUser, async (request) => enableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.makeAdmin, async (request) => makeAdmin(db, signedInUser(request).id, request.params.id));
};
