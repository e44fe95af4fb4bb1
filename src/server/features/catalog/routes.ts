import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '../../../shared/api-schemas';
import {
  categoryListResponse,
  courseDetail,
  courseListQuery,
  courseListResponse,
  type CourseListResponse,
  suggestionsQuery,
  suggestionsResponse,
} from '../../../shared/schemas/catalog';
import { sessionUser } from '../../auth/guards';
import { CatalogCache, type CatalogCacheOptions } from './cache';
import { getCourse, listCategories, listCourses, listKey, suggestTitles } from './service';

export type CatalogRoutesOptions = { cache?: CatalogCacheOptions };

/** Public catalogue reads, under /api. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  const db = app.db;
  const cache = new CatalogCache(db, options.cache);

  app.get(
    '/courses',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Active courses: search, filters, sort and one page of 9',
        querystring: courseListQuery,
        response: { 200: courseListResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const view = await cache.view();
      // The whole answer is kept serialised: a hit costs a map lookup, not a schema pass.
      // A string sent as JSON goes out as it is.
      const body = await view.get(`list:${listKey(request.query).page}`, async () =>
        JSON.stringify(courseListResponse.parse(await listCourses(db, request.query, view))),
      );
      // Typed as the schema says, though already serialised: Fastify sends strings untouched.
      return reply.type('application/json; charset=utf-8').send(body as unknown as CourseListResponse);
    },
  );

  app.get(
    '/courses/suggestions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Up to 5 course titles for what has been typed',
        querystring: suggestionsQuery,
        response: { 200: suggestionsResponse, 400: errorResponse },
      },
    },
    async (request) => ({ items: await suggestTitles(db, request.query.q, await cache.view()) }),
  );

  app.get(
    '/courses/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'A course (a disabled course answers 404 except to admins)',
        params: idParams,
        response: { 200: courseDetail, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => getCourse(db, request.params.id, () => sessionUser(request), await cache.view()),
  );

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Active categories with their active subcategories',
        response: { 200: categoryListResponse },
      },
    },
    async () => ({ items: await listCategories(db, await cache.view()) }),
  );
};
