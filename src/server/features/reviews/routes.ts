import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/api-schemas';
import { courseIdParam } from '../../../shared/schemas/cart';
import { reviewDeletedResponse, reviewInputSchema, reviewSavedResponse } from '../../../shared/schemas/reviews';
import { requireUser } from '../../auth/guards';
import { deleteReview, saveReview } from './service';

/** Reviews by buyers. Reading a course's reviews is the catalogue's `GET /api/courses/:id/reviews`. */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/courses/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Create or update my review of a course I bought',
        description: 'One review per buyer and course: sending again replaces it (200 with `replaced: true`; 201 with `replaced: false` when new). The course rating average and count change in the same transaction.',
        params: z.object({ id: courseIdParam }),
        body: reviewInputSchema,
        response: { 200: reviewSavedResponse, 201: reviewSavedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { created, ...saved } = await saveReview(app.db, user.id, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ ...saved, replaced: !created });
    },
  );

  app.delete(
    '/reviews/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Delete my review',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: reviewDeletedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return deleteReview(app.db, user.id, request.params.id);
    },
  );
};
