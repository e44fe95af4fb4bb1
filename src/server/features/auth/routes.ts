import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authProvidersResponse } from '../../../shared/schemas/auth';

export const authProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth-providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which social sign-in providers are configured on this server',
        response: { 200: authProvidersResponse },
      },
    },
    async (_request, reply) => {
      const { social } = app.config;
      // Changes only with the server's settings.
      reply.header('cache-control', 'public, max-age=300');
      return { google: Boolean(social.google), github: Boolean(social.github), facebook: Boolean(social.facebook), twitter: Boolean(social.twitter) };
    },
  );
};
