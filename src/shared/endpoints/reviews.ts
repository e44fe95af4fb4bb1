import { errorResponse, idParams } from '../api-schemas';
import { courseReviewsResponse, reviewDeletedResponse, reviewInputSchema, reviewSavedResponse } from '../schemas/reviews';
import { courseReputationSchema } from '../schemas/course-reputation';
import { defineEndpoint, optionalSession } from './endpoint';

/** Reviews: anyone reads a course's reviews; its buyers write them. */
export const reviewsEndpoints = {
  getCourseReputation: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/reputation',
    access: 'public',
    tags: ['reviews'],
    summary: "An active course's rating distribution, students, courses bought with it and the teacher's other courses",
    params: idParams,
    responses: { 200: courseReputationSchema, 400: errorResponse, 404: errorResponse },
  }),
  getCourseReviews: defineEndpoint({
    method: 'GET',
    path: '/api/courses/:id/reviews',
    access: 'public',
    security: optionalSession,
    tags: ['reviews'],
    summary: "A course's reviews, newest first",
    params: idParams,
    responses: { 200: courseReviewsResponse, 400: errorResponse, 404: errorResponse },
  }),
  saveReview: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/reviews',
    access: 'user',
    effects: ['catalogue'],
    tags: ['reviews'],
    summary: 'Create or update my review of a course I bought',
    description:
      'One review per buyer and course: sending again replaces it (200 with `replaced: true`; 201 with `replaced: false` when new). The course rating average and count change in the same transaction.',
    params: idParams,
    body: reviewInputSchema,
    responses: { 200: reviewSavedResponse, 201: reviewSavedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  deleteReview: defineEndpoint({
    method: 'DELETE',
    path: '/api/reviews/:id',
    access: 'user',
    effects: ['catalogue'],
    tags: ['reviews'],
    summary: 'Delete my review',
    params: idParams,
    responses: { 200: reviewDeletedResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
