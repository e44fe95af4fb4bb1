import { errorResponse } from '../api-schemas';
import { favouriteParams, favouritesResponse, favouriteState } from '../schemas/catalog';
import { defineEndpoint } from './endpoint';

const security: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];

/** The signed-in user's favourite courses. */
export const favouritesEndpoints = {
  getFavourites: defineEndpoint({
    method: 'GET',
    path: '/api/favourites',
    access: 'user',
    tags: ['favourites'],
    summary: 'My favourite courses (disabled courses left out)',
    security,
    responses: { 200: favouritesResponse, 401: errorResponse },
  }),
  addFavourite: defineEndpoint({
    method: 'PUT',
    path: '/api/favourites/:courseId',
    access: 'user',
    effects: [],
    tags: ['favourites'],
    summary: 'Mark a course as a favourite (idempotent)',
    security,
    params: favouriteParams,
    responses: { 200: favouriteState, 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
  removeFavourite: defineEndpoint({
    method: 'DELETE',
    path: '/api/favourites/:courseId',
    access: 'user',
    effects: [],
    tags: ['favourites'],
    summary: 'Unmark a favourite (idempotent)',
    security,
    params: favouriteParams,
    responses: { 200: favouriteState, 400: errorResponse, 401: errorResponse },
  }),
};
