import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  { route: 'GET /api/courses/:id/reputation', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/reputation` }) },
  { route: 'GET /api/courses/:id/reviews', request: (f) => ({ url: `/api/courses/${f.courseId}/reviews` }) },
  {
    route: 'POST /api/courses/:id/reviews',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/reviews`, payload: { rating: 5, comment: 'Muy buen curso' } }),
    status: 201,
    // Only a buyer of the course reviews it; its owner and admins are not buyers.
    except: { other: 403, owner: 403, admin: 403 },
  },
  {
    // The fixture holds no review: signed-in callers learn it does not exist (ownership is tested in reviews.test.ts).
    route: 'DELETE /api/reviews/:id',
    request: () => ({ url: '/api/reviews/2147483647' }),
    status: 404,
  },
];
