import { z } from 'zod';
import { databaseId, errorResponse } from '../api-schemas';
import { courseProgressResponse, saveProgressBody, saveProgressResponse } from '../schemas/progress';
import { defineEndpoint } from './endpoint';

/** Where I stopped in each video of the courses I may watch, saved by the player and read to resume. */
export const progressEndpoints = {
  saveProgress: defineEndpoint({
    method: 'PUT',
    path: '/api/progress',
    access: 'user',
    effects: [],
    tags: ['progress'],
    summary: 'Save my positions in the videos I am watching (a batch, written with the saves that arrive alongside)',
    description:
      'Each entry overwrites my last position in that video. A video counts as watched once a position reaches 90 % of its duration, and stays watched. Every course must be one I may watch (bought, mine, or any as an admin); otherwise nothing is saved (403 NOT_ENROLLED).',
    body: saveProgressBody,
    responses: { 200: saveProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  getCourseProgress: defineEndpoint({
    method: 'GET',
    path: '/api/progress/:courseId',
    access: 'user',
    tags: ['progress'],
    summary: 'My positions in the videos of a course, to resume where I stopped',
    params: z.object({ courseId: databaseId }),
    responses: { 200: courseProgressResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
