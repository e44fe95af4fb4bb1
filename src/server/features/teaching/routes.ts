import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teachingEndpoints } from '../../../shared/endpoints/teaching';
import { signedInUser } from '../../auth/access';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import { teacherSales } from './sales';
import { createCourse, getCourseForEdit, listCreatedCourses, updateCourse } from './service';

/** Teachers: create a course with its two uploaded videos, list the courses I created, edit one. */
export const teachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, teachingEndpoints.createCourse, async (request, reply) => {
    const user = signedInUser(request);
    const course = await createCourse(db, user.id, request.body, { maxWaitingTranscodes: app.config.transcode.maxWaitingPerUser });
    return reply.status(201).send(course);
  });

  route(app, teachingEndpoints.getCreatedCourses, async (request, reply) => {
    const user = signedInUser(request);
    reply.header('cache-control', 'no-store');
    return { items: await listCreatedCourses(db, user.id) };
  });

  route(app, teachingEndpoints.getMySales, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const sales = await teacherSales(db, signedInUser(request).id);
    if (!sales) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    return sales;
  });

  route(app, teachingEndpoints.getTeacherSales, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const sales = await teacherSales(db, request.params.id);
    if (!sales) throw new AppError('USER_NOT_FOUND', 'User not found');
    return sales;
  });

  route(app, teachingEndpoints.getCourseForEdit, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return getCourseForEdit(db, request.params.id);
  });

  route(app, teachingEndpoints.updateCourse, async (request) => updateCourse(db, request.params.id, request.body));
};
