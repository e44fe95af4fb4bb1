import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogEndpoints } from '../../../shared/endpoints/catalog';
import { courseListResponse, type CourseDetail, type CourseListResponse } from '../../../shared/schemas/catalog';
import { sessionUser } from '../../auth/guards';
import { route } from '../../http/route';
import { CatalogCache, type CatalogCacheOptions } from '../../cache/catalog-cache';
import { catalogStats, getCourseAnswer, listCategories, listCourses, listKey, suggestTitles } from './service';
import { getTeacherProfile } from './teachers';

export type CatalogRoutesOptions = {
  cache?: CatalogCacheOptions;
  /** Course pages have a cache of their own, so that a stream of listing misses does not push them out (nor they the listings). */
  courseCache?: CatalogCacheOptions;
};

/** Public catalogue reads, under /api. */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, options) => {
  const db = app.db;
  const cache = new CatalogCache(db, options.cache);
  const courseCache = new CatalogCache(db, options.courseCache);

  route(app, catalogEndpoints.getCourses, async (request, reply) => {
    const view = await cache.view();
    // The whole answer is kept serialised: a hit costs a map lookup, not a schema pass.
    // A string sent as JSON goes out as it is.
    const body = await view.get(`list:${listKey(request.query).page}`, async () =>
      JSON.stringify(courseListResponse.parse(await listCourses(db, request.query, view))),
    );
    // Typed as the schema says, though already serialised: Fastify sends strings untouched.
    return reply.type('application/json; charset=utf-8').send(body as unknown as CourseListResponse);
  });

  route(app, catalogEndpoints.getSuggestions, async (request) => ({ items: await suggestTitles(db, request.query.q, await cache.view()) }));

  route(app, catalogEndpoints.getCourse, async (request, reply) => {
    const body = await getCourseAnswer(db, request.params.id, () => sessionUser(request), await courseCache.view());
    // Already serialised by the response schema: Fastify sends strings untouched.
    return reply.type('application/json; charset=utf-8').send(body as unknown as CourseDetail);
  });

  route(app, catalogEndpoints.getCategories, async () => ({ items: await listCategories(db, await cache.view()) }));

  route(app, catalogEndpoints.getTeacher, async (request) => getTeacherProfile(db, request.params.id, request.query.page, await courseCache.view()));
  route(app, catalogEndpoints.getCatalogStats, async () => catalogStats(db, await cache.view()));
};
