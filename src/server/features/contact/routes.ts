import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactEndpoints } from '../../../shared/endpoints/contact';
import { AccountDisabledError, sessionUser } from '../../auth/guards';
import { route } from '../../http/route';
import { RateLimitedError, sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contactEndpoints.sendMessage, async (request, reply) => {
    try {
      // A disabled account may still write to the staff, as anyone may, from everybody's allowance.
      const user = await sessionUser(request).catch((error: unknown) => {
        if (error instanceof AccountDisabledError) return null;
        throw error;
      });
      return reply.status(201).send(await sendContactMessage(app.db, request.body, request.ip, Date.now(), user?.email));
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
};
