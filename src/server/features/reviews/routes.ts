import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewsEndpoints } from '../../../shared/endpoints/reviews';
import { signedInUser } from '../../auth/access';
import { sessionUser } from '../../auth/guards';
import { route } from '../../http/route';
import { courseReputation } from './reputation';
import { deleteReview, listReviews, saveReview } from './service';

/** Reviews: anyone reads a course's reviews; its buyers write them. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, reviewsEndpoints.getCourseReputation, async (request) => courseReputation(app.db, request.params.id));

  route(app, reviewsEndpoints.getCourseReviews, async (request) => ({ items: await listReviews(app.db, request.params.id, () => sessionUser(request)) }));

  route(app, reviewsEndpoints.saveReview, async (request, reply) => {
    const user = signedInUser(request);
    const { created, ...saved } = await saveReview(app.db, user.id, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send({ ...saved, replaced: !created });
  });

  route(app, reviewsEndpoints.deleteReview, async (request) => deleteReview(app.db, signedInUser(request).id, request.params.id));
};
