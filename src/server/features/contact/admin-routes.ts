import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMessageEndpoints } from '../../../shared/endpoints/contact';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { deleteMessage, listMessages } from './admin-messages';

/** The contact messages as the admin reads them, under /api/admin (admins only, as each endpoint declares). */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminMessageEndpoints.getMessages, async (request) => listMessages(db, request.query));

  route(app, adminMessageEndpoints.deleteMessage, async (request) => {
    await deleteMessage(db, signedInUser(request).id, request.params.id);
    return { ok: true as const };
  });
};
