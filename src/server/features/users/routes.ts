import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersEndpoints } from '../../../shared/endpoints/users';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { getMe, setLanguage, updateProfile } from './service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, usersEndpoints.getMe, async (request) => getMe(app.db, signedInUser(request), app.catalogVersionFeed.version));

  route(app, usersEndpoints.updateMe, async (request) => updateProfile(app.db, signedInUser(request), request.body));

  route(app, usersEndpoints.setLanguage, async (request) => setLanguage(app.db, signedInUser(request), request.body));
};
