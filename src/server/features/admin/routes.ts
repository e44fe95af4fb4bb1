import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '../../../shared/endpoints/admin';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import { listAudit } from './audit-log';
import { createCategory, createSubcategory, listCategories, renameCategory, renameSubcategory, setCategoryEnabled, setSubcategoryEnabled } from '../catalog/admin-categories';
import { disableCourse, editCourse, enableCourse, getCourse, listCourses } from '../catalog/admin-courses';
import { dashboard } from './dashboard';
import { deleteMessage, listMessages } from '../contact/admin-messages';
import { disableUser, editUser, enableUser, getUser, listUsers, makeAdmin } from '../accounts/admin-users';

/** Everything under /api/admin: admins only (401 for visitors and disabled accounts, 403 for anyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  route(app, adminEndpoints.getAdminDashboard, async () => dashboard(db));

  // --- Courses ---------------------------------------------------------------

  route(app, adminEndpoints.getAdminCourses, async (request) => listCourses(db, request.query));

  route(app, adminEndpoints.getAdminCourse, async (request) => getCourse(db, request.params.id));

  route(app, adminEndpoints.updateAdminCourse, async (request) => editCourse(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminEndpoints.disableCourse, async (request) => disableCourse(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.enableCourse, async (request) => enableCourse(db, signedInUser(request).id, request.params.id));

  // --- Users -----------------------------------------------------------------

  route(app, adminEndpoints.getAdminUsers, async (request) => listUsers(db, request.query));

  route(app, adminEndpoints.getAdminUser, async (request) => getUser(db, request.params.id));

  route(app, adminEndpoints.updateAdminUser, async (request) => editUser(db, signedInUser(request).id, request.params.id, request.body));

  route(app, adminEndpoints.disableUser, async (request) => disableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.enableUser, async (request) => enableUser(db, signedInUser(request).id, request.params.id));

  route(app, adminEndpoints.makeAdmin, async (request) => makeAdmin(db, signedInUser(request).id, request.params.id));

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

  // --- Contact messages ------------------------------------------------------

  route(app, adminEndpoints.getMessages, async (request) => listMessages(db, request.query));

  route(app, adminEndpoints.deleteMessage, async (request) => {
    await deleteMessage(db, signedInUser(request).id, request.params.id);
    return { ok: true as const };
  });

  // --- Audit log -------------------------------------------------------------

  route(app, adminEndpoints.getAuditLog, async (request) => listAudit(db, request.query));
};
