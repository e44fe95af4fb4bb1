import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '../../../shared/endpoints/admin';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { createCategory, createSubcategory, listCategories, renameCategory, renameSubcategory, setCategoryEnabled, setSubcategoryEnabled } from './admin-categories';
import { disableCourse, editCourse, enableCourse, getCourse, listCourses } from './admin-courses';

/** The admin's moderation of courses and the categories, under /api/admin (admins only, as each endpoint declares). */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // --- Courses ---------------------------------------------------------------

  route(app, adminEndpoints.getAdminCourses, async (request) => listCourses(db, request.query));

  route(app, adminEndpoints.getAdminCourse, async (request) => getCourse(db, request.params.id));

  route(app, adminEndpoints.updateAdminCourse, async (request) => editCourse(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminEndpoints.disableCourse, async (request) => disableCourse(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.enableCourse, async (request) => enableCourse(db, signedInUser(request).id, request.params.id));

  // --- Categories ------------------------------------------------------------

  route(app, adminEndpoints.getAdminCategories, async () => ({ items: await listCategories(db) }));

  route(app, adminEndpoints.createCategory, async (request, reply) => reply.status(201).send(await createCategory(db, signedInUser(request).id, request.body.name)));

  route(app, adminEndpoints.renameCategory, async (request) => renameCategory(db, signedInUser(request).id, request.params.id, request.body.name));

  route(app, adminEndpoints.disableCategory, async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, false));

  route(app, adminEndpoints.enableCategory, async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, true));

  route(app, adminEndpoints.createSubcategory, async (request, reply) => reply.status(201).send(await createSubcategory(db, signedInUser(request).id, request.params.id, request.body.name)));

  route(app, adminEndpoints.renameSubcategory, async (request) => renameSubcategory(db, signedInUser(request).id, request.params.id, request.body.name));

  route(app, adminEndpoints.disableSubcategory, async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, false));

  route(app, adminEndpoints.enableSubcategory, async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, true));
};
