import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '../../../shared/api-schemas';
import { courseReviewsResponse, reviewDeletedResponse, reviewInputSchema, reviewSavedResponse } from '../../../shared/schemas/reviews';
import { signedInUser } from '../../auth/access';
import { sessionUser } from '../../auth/guards';
import { deleteReview, listReviews, saveReview } from './service';

/** Reviews: anyone reads a course's reviews; its buyers write them. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "A course's reviews, newest first",
        params: idParams,
        response: { 200: courseReviewsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ items: await listReviews(app.db, request.params.id, () => sessionUser(request)) }),
  );

  app.post(
    '/courses/:id/reviews',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary: 'Create or update my review of a course I bought',
        description: 'One review per buyer and course: sending again replaces it (200 with `replaced: true`; 201 with `replaced: false` when new). The course rating average and count change in the same transaction.',
        params: idParams,
        body: reviewInputSchema,
        response: { 200: reviewSavedResponse, 201: reviewSavedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { created, ...saved } = await saveReview(app.db, user.id, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ ...saved, replaced: !created });
    },
  );

  app.delete(
    '/reviews/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary: 'Delete my review',
        params: idParams,
        response: { 200: reviewDeletedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return deleteReview(app.db, user.id, request.params.id);
    },
  );
};
