import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '../../../shared/endpoints/admin';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { deleteMessage, listMessages } from './admin-messages';

/** The contact messages as the admin reads them, under /api/admin (admins only, as each endpoint declares). */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminEndpoints.getMessages, async (request) => listMessages(db, request.query));

  route(app, adminEndpoints.deleteMessage, async (request) => {
    await deleteMessage(db, signedInUser(request).id, request.params.id);
    return { ok: true as const };
  });
};
