import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favouritesEndpoints } from '../../../shared/endpoints/favourites';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { addFavourite, listFavourites, removeFavourite } from './service';

/** The signed-in user's favourite courses, under /api. */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, favouritesEndpoints.getFavourites, async (request) => ({ items: await listFavourites(db, signedInUser(request).id) }));

  route(app, favouritesEndpoints.addFavourite, async (request) => {
    await addFavourite(db, signedInUser(request).id, request.params.courseId);
    return { courseId: request.params.courseId, favourite: true };
  });

  route(app, favouritesEndpoints.removeFavourite, async (request) => {
    await removeFavourite(db, signedInUser(request).id, request.params.courseId);
    return { courseId: request.params.courseId, favourite: false };
  });
};
