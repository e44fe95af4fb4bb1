import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '../../../shared/api-schemas';
import { courseForEdit, createCourseSchema, createdCourseList, editCourseSchema } from '../../../shared/schemas/courses';
import { signedInUser } from '../../auth/access';
import { createCourse, getCourseForEdit, listCreatedCourses, updateCourse } from './service';


/** Teachers: create a course with its two uploaded videos, list the courses I created, edit one. */
export const teachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/courses',
    {
      config: { access: 'user' },
      schema: {
        tags: ['teaching'],
        summary: 'Create a course owned by me, with two of my uploaded videos (intro first, at most 60 s)',
        body: createCourseSchema,
        response: { 201: courseForEdit, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const course = await createCourse(db, user.id, request.body);
      return reply.status(201).send(course);
    },
  );

  app.get(
    '/courses/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: ['teaching'],
        summary: 'The courses I created, newest first',
        response: { 200: createdCourseList, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'no-store');
      return { items: await listCreatedCourses(db, user.id) };
    },
  );

  app.get(
    '/courses/:id/edit',
    {
      config: { access: 'course-manager' },
      schema: {
        tags: ['teaching'],
        summary: 'A course as its edit form needs it (owner or admin)',
        params: idParams,
        response: { 200: courseForEdit, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCourseForEdit(db, request.params.id);
    },
  );

  app.patch(
    '/courses/:id',
    {
      config: { access: 'course-manager' },
      schema: {
        tags: ['teaching'],
        summary: "Edit a course's title, image, teacher name, description, duration, price, language or level (owner or admin)",
        params: idParams,
        body: editCourseSchema,
        response: { 200: courseForEdit, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => updateCourse(db, request.params.id, request.body),
  );
};
