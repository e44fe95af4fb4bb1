import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactEndpoints, contactFormEndpoints } from '../../../shared/endpoints/contact';
import { paths } from '../../../shared/paths';
import { contactMessageSchema } from '../../../shared/schemas/contact';
import { AccountDisabledError, sessionUser } from '../../auth/guards';
import { acceptFormPosts, redirectAfterPost } from '../../http/form-posts';
import { route } from '../../http/route';
import { RateLimitedError, sendContactMessage } from './service';

/** Whose allowance the message uses: a disabled account may still write to the staff, as anyone may, from everybody's allowance. */
const writerEmail = async (request: FastifyRequest) =>
  (
    await sessionUser(request).catch((error: unknown) => {
      if (error instanceof AccountDisabledError) return null;
      throw error;
    })
  )?.email;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contactEndpoints.sendMessage, async (request, reply) => {
    try {
      return reply.status(201).send(await sendContactMessage(app.db, request.body, request.ip, Date.now(), await writerEmail(request)));
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  // The same form posted by the browser itself: the same schema, service and limits, answered
  // with a 303 back to the page and its notice. A scope of its own: only this route reads form posts.
  await app.register(async (forms) => {
    acceptFormPosts(forms);
    route(forms, contactFormEndpoints.contactForm, async (request, reply) => {
      const parsed = contactMessageSchema.safeParse(request.body);
      if (!parsed.success) return redirectAfterPost(reply, paths.contact({ notice: 'VALIDATION_FAILED' }));
      try {
        await sendContactMessage(app.db, parsed.data, request.ip, Date.now(), await writerEmail(request));
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        reply.header('retry-after', String(error.retryAfterSeconds));
        return redirectAfterPost(reply, paths.contact({ notice: 'RATE_LIMITED' }));
      }
      return redirectAfterPost(reply, paths.contact({ notice: 'MESSAGE_SENT' }));
    });
  });
};
