import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/api-schemas';
import { favouriteParams, favouritesResponse, favouriteState } from '../../../shared/schemas/catalog';
import { signedInUser } from '../../auth/access';
import { addFavourite, listFavourites, removeFavourite } from './service';

/** The signed-in user's favourite courses, under /api. */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/favourites',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favourites'],
        summary: 'My favourite courses (disabled courses left out)',
        security: [{ cookie: [] }, { bearer: [] }],
        response: { 200: favouritesResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { items: await listFavourites(db, user.id) };
    },
  );

  app.put(
    '/favourites/:courseId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favourites'],
        summary: 'Mark a course as a favourite (idempotent)',
        security: [{ cookie: [] }, { bearer: [] }],
        params: favouriteParams,
        response: { 200: favouriteState, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await addFavourite(db, user.id, request.params.courseId);
      return { courseId: request.params.courseId, favourite: true };
    },
  );

  app.delete(
    '/favourites/:courseId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favourites'],
        summary: 'Unmark a favourite (idempotent)',
        security: [{ cookie: [] }, { bearer: [] }],
        params: favouriteParams,
        response: { 200: favouriteState, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await removeFavourite(db, user.id, request.params.courseId);
      return { courseId: request.params.courseId, favourite: false };
    },
  );
};
