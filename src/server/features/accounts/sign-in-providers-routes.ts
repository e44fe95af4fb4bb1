import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '../../../shared/endpoints/accounts';
import { route } from '../../http/route';

export const authProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, authEndpoints.getAuthProviders, async (_request, reply) => {
    const { social } = app.config;
    // Changes only with the server's settings.
    reply.header('cache-control', 'public, max-age=300');
    return { google: Boolean(social.google), github: Boolean(social.github), facebook: Boolean(social.facebook), twitter: Boolean(social.twitter) };
  });
};
