import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserEndpoints } from '../../../shared/endpoints/accounts';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { disableUser, editUser, enableUser, getUser, listUsers, makeAdmin } from './admin-users';

/** The admin's management of accounts, under /api/admin (admins only, as each endpoint declares). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminUserEndpoints.getAdminUsers, async (request) => listUsers(db, request.query));

  route(app, adminUserEndpoints.getAdminUser, async (request) => getUser(db, request.params.id));

  route(app, adminUserEndpoints.updateAdminUser, async (request) => editUser(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminUserEndpoints.disableUser, async (request) => disableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminUserEndpoints.enableUser, async (request) => enableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminUserEndpoints.makeAdmin, async (request) => makeAdmin(db, signedInUser(request).id, request.params.id));
};
