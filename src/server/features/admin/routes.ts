import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, okResponse } from '../../../shared/api-schemas';
import {
  adminCategory,
  adminCourseDetail,
  adminCourseRow,
  adminDashboard,
  adminListQuery,
  adminPageQuery,
  adminUserDetail,
  adminUserEditSchema,
  adminUserRow,
  auditEntry,
  auditQuery,
  categoryNameSchema,
  pageOf,
  userIdParam,
} from '../../../shared/schemas/admin';
import { contactMessage } from '../../../shared/schemas/contact';
import { editCourseSchema } from '../../../shared/schemas/courses';
import { signedInUser } from '../../auth/access';
import { listAudit } from './audit-log';
import { createCategory, createSubcategory, listCategories, renameCategory, renameSubcategory, setCategoryEnabled, setSubcategoryEnabled } from './categories';
import { disableCourse, editCourse, enableCourse, getCourse, listCourses } from './courses';
import { dashboard } from './dashboard';
import { deleteMessage, listMessages } from './messages';
import { disableUser, editUser, enableUser, getUser, listUsers, makeAdmin } from './users';

const refusals = { 401: errorResponse, 403: errorResponse };
const readErrors = { ...refusals, 400: errorResponse, 404: errorResponse };
const writeErrors = { ...readErrors, 409: errorResponse };

/** Everything under /api/admin: admins only (401 for visitors and disabled accounts, 403 for anyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/dashboard',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Figures and revenue per day for the admin home', response: { 200: adminDashboard, ...refusals } } },
    async () => dashboard(db),
  );

  // --- Courses ---------------------------------------------------------------

  app.get(
    '/courses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Active or disabled courses, searchable, by pages',
        querystring: adminListQuery,
        response: { 200: pageOf(adminCourseRow), ...readErrors },
      },
    },
    async (request) => listCourses(db, request.query),
  );

  app.get(
    '/courses/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'A course, disabled or not', params: idParams, response: { 200: adminCourseDetail, ...readErrors } } },
    async (request) => getCourse(db, request.params.id),
  );

  app.patch(
    '/courses/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Edit a course with the teacher's rules",
        params: idParams,
        body: editCourseSchema,
        response: { 200: adminCourseDetail, ...writeErrors },
      },
    },
    async (request) => editCourse(db, signedInUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/courses/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a course out of the catalogue, carts and favourites (buyers keep it)',
        params: idParams,
        response: { 200: adminCourseDetail, ...writeErrors },
      },
    },
    async (request) => disableCourse(db, signedInUser(request).id, request.params.id),
  );

  app.post(
    '/courses/:id/enable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Put a disabled course back in the catalogue', params: idParams, response: { 200: adminCourseDetail, ...writeErrors } } },
    async (request) => enableCourse(db, signedInUser(request).id, request.params.id),
  );

  // --- Users -----------------------------------------------------------------

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Active or disabled users, searchable, by pages',
        querystring: adminListQuery,
        response: { 200: pageOf(adminUserRow), ...readErrors },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'A user with the courses they bought and created', params: userIdParam, response: { 200: adminUserDetail, ...readErrors } },
    },
    async (request) => getUser(db, request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Edit a user's name and image",
        params: userIdParam,
        body: adminUserEditSchema,
        response: { 200: adminUserDetail, ...writeErrors },
      },
    },
    async (request) => editUser(db, signedInUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/users/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Disable an account; its sessions are refused at once (not your own)',
        params: userIdParam,
        response: { 200: adminUserDetail, ...writeErrors },
      },
    },
    async (request) => disableUser(db, signedInUser(request).id, request.params.id),
  );

  app.post(
    '/users/:id/enable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Enable a disabled account', params: userIdParam, response: { 200: adminUserDetail, ...writeErrors } } },
    async (request) => enableUser(db, signedInUser(request).id, request.params.id),
  );

  app.post(
    '/users/:id/make-admin',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Make a user an admin', params: userIdParam, response: { 200: adminUserDetail, ...writeErrors } } },
    async (request) => makeAdmin(db, signedInUser(request).id, request.params.id),
  );

  // --- Categories ------------------------------------------------------------

  app.get(
    '/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every category with its subcategories, disabled ones included',
        response: { 200: z.object({ items: z.array(adminCategory) }), ...refusals },
      },
    },
    async () => ({ items: await listCategories(db) }),
  );

  app.post(
    '/categories',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Create a category', body: categoryNameSchema, response: { 201: adminCategory, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createCategory(db, signedInUser(request).id, request.body.name)),
  );

  app.patch(
    '/categories/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Rename a category', params: idParams, body: categoryNameSchema, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => renameCategory(db, signedInUser(request).id, request.params.id, request.body.name),
  );

  app.post(
    '/categories/:id/disable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Hide a category from the catalogue's selects", params: idParams, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, false),
  );

  app.post(
    '/categories/:id/enable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Show a disabled category again', params: idParams, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => setCategoryEnabled(db, signedInUser(request).id, request.params.id, true),
  );

  app.post(
    '/categories/:id/subcategories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Create a subcategory in a category',
        params: idParams,
        body: categoryNameSchema,
        response: { 201: adminCategory, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createSubcategory(db, signedInUser(request).id, request.params.id, request.body.name)),
  );

  app.patch(
    '/subcategories/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Rename a subcategory', params: idParams, body: categoryNameSchema, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => renameSubcategory(db, signedInUser(request).id, request.params.id, request.body.name),
  );

  app.post(
    '/subcategories/:id/disable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: "Hide a subcategory from the catalogue's selects", params: idParams, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, false),
  );

  app.post(
    '/subcategories/:id/enable',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Show a disabled subcategory again', params: idParams, response: { 200: adminCategory, ...writeErrors } } },
    async (request) => setSubcategoryEnabled(db, signedInUser(request).id, request.params.id, true),
  );

  // --- Contact messages ------------------------------------------------------

  app.get(
    '/messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The contact messages, newest first',
        querystring: adminPageQuery,
        response: { 200: pageOf(contactMessage), ...readErrors },
      },
    },
    async (request) => listMessages(db, request.query),
  );

  app.delete(
    '/messages/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], summary: 'Delete a contact message', params: idParams, response: { 200: okResponse, ...readErrors } } },
    async (request) => {
      await deleteMessage(db, signedInUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  // --- Audit log -------------------------------------------------------------

  app.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What admins did, newest first',
        querystring: auditQuery,
        response: { 200: pageOf(auditEntry), ...readErrors },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
