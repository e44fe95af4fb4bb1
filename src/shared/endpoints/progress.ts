import { z } from 'zod';
import { databaseId, errorResponse } from '../api-schemas';
import { courseProgressResponse, saveProgressBody, saveProgressResponse } from '../schemas/progress';
import { defineEndpoint } from './endpoint';

/** Where I am in each lesson of the courses I may watch, saved by the player and read to resume. */
export const progressEndpoints = {
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/api/progress',
    access: 'user',
    effects: [],
    tags: ['progress'],
    summary: 'Save my progress in the lessons I am taking (a batch, written with the saves that arrive alongside)',
    description:
      'Each entry overwrites my last position in that lesson. A video lesson is done once a position reaches 90 % of its duration; a text or file lesson once an entry says `completed`. A lesson stays done. Every lesson must exist (404 LESSON_NOT_FOUND) and be of a course I may watch (bought, mine, or any as an admin); otherwise nothing is saved (403 NOT_ENROLLED).',
    body: saveProgressBody,
    responses: { 200: saveProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  getCourseProgress: defineEndpoint({
    method: 'GET',
    path: '/api/progress/:courseId',
    access: 'user',
    tags: ['progress'],
    summary: "A course's curriculum with my state in each lesson, where to resume, and how much is done",
    params: z.object({ courseId: databaseId }),
    responses: { 200: courseProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
