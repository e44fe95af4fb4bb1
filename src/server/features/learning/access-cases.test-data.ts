import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  {
    route: 'PUT /api/progress',
    request: (fixture) => ({ url: '/api/progress', payload: { lessons: [{ lessonId: fixture.lessonId, positionSeconds: 30, durationSeconds: 600 }] } }),
    // The buyer, the owner and admins may watch the fixture course; another user may not save progress in it.
    except: { other: 403 },
  },
  {
    route: 'GET /api/progress/:courseId',
    request: (fixture) => ({ url: `/api/progress/${fixture.courseId}` }),
    // Each caller reads only their own positions; another user, who may not watch the course, reads nothing.
    except: { other: 403 },
  },
];
