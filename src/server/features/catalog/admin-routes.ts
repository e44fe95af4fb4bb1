import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCatalogEndpoints } from '../../../shared/endpoints/catalog';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { createCategory, createSubcategory, listCategories, renameCategory, renameSubcategory, setCategoryEnabled, setSubcategoryEnabled } from './admin-categories';
import { disableCourse, editCourse, enableCourse, getCourse, listCourses } from './admin-courses';

/** The admin's moderation of courses and the categories, under /api/admin (admins only, as each endpoint declares). */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // --- Courses ---------------------------------------------------------------

  route(app, adminCatalogEndpoints.getAdminCourses, async (request) => listCourses(db, request.query));

  route(app, adminCatalogEndpoints.getAdminCourse, async (request) => getCourse(db, request.params.id));

  route(app, adminCatalogEndpoints.updateAdminCourse, async (request) => editCourse(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminCatalogEndpoints.disableCourse, async (request) => disableCourse(db, signedInUser(request).id, request.params.id));

  route(app, adminCatalogEndpoints.enableCourse, async (request) => enableCourse(db, signedInUser(request).id, request.params.id));

  // --- Categories ------------------------------------------------------------

  route(app, adminCatalogEndpoints.getAdminCategories, async () => ({ items: await listCategories(db) }));

  route(app, adminCatalogEndpoints.createCategory, async (request, reply) => reply.status(201).send(await createCategory(db, signedInUser(request).id, request.body.name)));

  route(app, adminCatalogEndpoints.renameCategory, async (request) => renameCategory(db, signedInUser(request).id, request.params.id, request.body.name));

  route(app, adminCatalogEndpoints.disableCategory, async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, false));

  route(app, adminCatalogEndpoints.enableCategory, async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, true));

  route(app, adminCatalogEndpoints.createSubcategory, async (request, reply) => reply.status(201).send(await createSubcategory(db, signedInUser(request).id, request.params.id, request.body.name)));

  route(app, adminCatalogEndpoints.renameSubcategory, async (request) => renameSubcategory(db, signedInUser(request).id, request.params.id, request.body.name));

  route(app, adminCatalogEndpoints.disableSubcategory, async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, false));

  route(app, adminCatalogEndpoints.enableSubcategory, async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, true));
};
