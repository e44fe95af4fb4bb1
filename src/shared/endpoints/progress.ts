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
      "A video entry is a playback report: its position is kept (where to resume), and the stretch since the previous report counts as seen only when real playback could have covered it (forward, at most the fastest playback speed, 2×, with 25 % slack, over the wall-clock time between the reports the server heard, and at most 150 s a report; a seek covers nothing). A video lesson is done once what the server saw covers 90 % of its stored length; the entry's `durationSeconds`, and `completed` on a video, are ignored. A text or file lesson is marked done (`completed: true`) or not done (`completed: false`) by the learner. A video stays done. Every lesson must exist (404 LESSON_NOT_FOUND) and be of a course I may watch (bought, mine, or any as an admin); otherwise nothing is saved (403 NOT_ENROLLED).",
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
