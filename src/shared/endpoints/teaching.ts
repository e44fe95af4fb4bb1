import { errorResponse, idParams } from '../api-schemas';
import { courseForEdit, createCourseSchema, createdCourseList, editCourseSchema } from '../schemas/courses';
import { teacherSalesSchema } from '../schemas/teacher-sales';
import { userIdParam } from '../schemas/admin';
import { defineEndpoint } from './endpoint';

/** Teachers: create a course with its two uploaded videos, list the courses I created, edit one. */
export const teachingEndpoints = {
  getMySales: defineEndpoint({
    method: 'GET',
    path: '/api/teaching/sales',
    access: 'user',
    tags: ['teaching'],
    summary: "My courses' sales: revenue net of refunds, sales, students and ratings per course, totals, and 30 days of revenue",
    responses: { 200: teacherSalesSchema, 401: errorResponse },
  }),
  getTeacherSales: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/sales',
    access: 'admin',
    tags: ['admin'],
    summary: "Any teacher's sales, as they see them",
    params: userIdParam,
    responses: { 200: teacherSalesSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  createCourse: defineEndpoint({
    method: 'POST',
    path: '/api/courses',
    access: 'user',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: 'Create a course owned by me, with two of my uploaded videos (intro first, at most 60 s)',
    body: createCourseSchema,
    responses: { 201: courseForEdit, 400: errorResponse, 401: errorResponse, 429: errorResponse },
  }),
  getCreatedCourses: defineEndpoint({
    method: 'GET',
    path: '/api/courses/mine',
    access: 'user',
    tags: ['teaching'],
    summary: 'The courses I created, newest first',
    responses: { 200: createdCourseList, 401: errorResponse },
  }),
  getCourseForEdit: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/edit',
    access: 'course-manager',
    tags: ['teaching'],
    summary: 'A course as its edit form needs it (owner or admin)',
    params: idParams,
    responses: { 200: courseForEdit, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  updateCourse: defineEndpoint({
    method: 'PATCH',
    path: '/api/courses/:id',
    access: 'course-manager',
    effects: ['catalogue'],
    tags: ['teaching'],
    summary: "Edit a course's title, image, teacher name, description, duration, price, language or level (owner or admin)",
    params: idParams,
    body: editCourseSchema,
    responses: { 200: courseForEdit, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
