import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactEndpoints } from '../../../shared/endpoints/contact';
import { route } from '../../http/route';
import { RateLimitedError, sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contactEndpoints.sendMessage, async (request, reply) => {
    try {
      return reply.status(201).send(await sendContactMessage(app.db, request.body, request.ip));
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
};
