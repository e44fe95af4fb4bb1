import { errorResponse, idParams } from '../api-schemas';
import {
  catalogStats,
  categoryListResponse,
  courseDetail,
  courseListQuery,
  courseListResponse,
  suggestionsQuery,
  suggestionsResponse,
  teacherParams, teacherQuery,
  teacherProfile,
} from '../schemas/catalog';
import { defineEndpoint, optionalSession } from './endpoint';

/** Public catalogue reads. */
export const catalogEndpoints = {
  getCourses: defineEndpoint({
    method: 'GET',
    path: '/api/courses',
    access: 'public',
    tags: ['catalog'],
    summary: 'Active courses: search, filters, sort and one page of 9',
    query: courseListQuery,
    responses: { 200: courseListResponse, 400: errorResponse },
  }),
  getSuggestions: defineEndpoint({
    method: 'GET',
    path: '/api/courses/suggestions',
    access: 'public',
    tags: ['catalog'],
    summary: 'Up to 5 course titles for what has been typed',
    query: suggestionsQuery,
    responses: { 200: suggestionsResponse, 400: errorResponse },
  }),
  getCourse: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id',
    access: 'public',
    security: optionalSession,
    tags: ['catalog'],
    summary: 'A course (a disabled course answers 404 except to admins)',
    params: idParams,
    responses: { 200: courseDetail, 400: errorResponse, 404: errorResponse },
  }),
  getCategories: defineEndpoint({
    method: 'GET',
    path: '/api/categories',
    access: 'public',
    tags: ['catalog'],
    summary: 'Active categories with their active subcategories',
    responses: { 200: categoryListResponse },
  }),
  getTeacher: defineEndpoint({
    method: 'GET',
    path: '/api/teachers/:id',
    access: 'public',
    tags: ['catalog'],
    summary: "A teacher's public profile: bio, picture, students, average rating and one page of 9 of their active courses",
    description: 'A disabled account, or one without an active course, answers 404 (TEACHER_NOT_FOUND). A page past the last answers the last.',
    params: teacherParams,
    query: teacherQuery,
    responses: { 200: teacherProfile, 400: errorResponse, 404: errorResponse },
  }),
  getCatalogStats: defineEndpoint({
    method: 'GET',
    path: '/api/catalog/stats',
    access: 'public',
    tags: ['catalog'],
    summary: 'The home page figures: students, active courses and the average rating',
    responses: { 200: catalogStats },
  }),
};
