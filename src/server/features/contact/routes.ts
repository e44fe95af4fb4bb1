import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/api-schemas';
import { contactMessageSchema } from '../../../shared/schemas/contact';
import { RateLimitedError, sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the staff (anyone may; a few per address per hour)',
        body: contactMessageSchema,
        response: { 201: z.object({ id: z.number().int() }), 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await sendContactMessage(app.db, request.body, request.ip));
      } catch (error) {
        if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );
};
