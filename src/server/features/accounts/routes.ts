import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersEndpoints } from '../../../shared/endpoints/accounts';
import type { Me } from '../../../shared/schemas/users';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { getMeAnswer, setLanguage, updateProfile } from './service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in page asks for it, and its answer (a few fields) is below compression's threshold.
  route(
    app,
    usersEndpoints.getMe,
    async (request, reply) => {
      const body = await getMeAnswer(app.db, signedInUser(request), app.catalogVersionFeed.version);
      // Already serialised by the response schema: Fastify sends strings untouched.
      return reply.type('application/json; charset=utf-8').send(body as unknown as Me);
    },
    { compress: false },
  );

  route(app, usersEndpoints.updateMe, async (request) => updateProfile(app.db, signedInUser(request), request.body));

  route(app, usersEndpoints.setLanguage, async (request) => setLanguage(app.db, signedInUser(request), request.body));
};
