import type { AccessRule } from '../../access-cases.test-support';

const unknownCode = '0000-0000-0000';

// The fixture's buyer has done no lesson: no certificate exists. Who may download an existing
// one (its holder and admins, 404 for others) is tested in routes.test.ts.
export const accessRules: AccessRule[] = [
  { route: 'GET /api/certificates', request: () => ({ url: '/api/certificates' }) },
  {
    route: 'POST /api/certificates/courses/:courseId',
    request: (fixture) => ({ url: `/api/certificates/courses/${fixture.courseId}` }),
    // The buyer has a lesson left; the owner, another user and an admin do not hold the course.
    status: 403,
    except: { buyer: 409 },
  },
  { route: 'GET /api/certificates/:code/pdf', request: () => ({ url: `/api/certificates/${unknownCode}/pdf` }), status: 404 },
  // The fixture course has no quiz or assignment lesson: its rules read empty and are set to none.
  { route: 'GET /api/courses/:id/certificate-rules', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/certificate-rules` }) },
  {
    route: 'PUT /api/courses/:id/certificate-rules',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/certificate-rules`, payload: { quizzes: [], assignmentLessonIds: [] } }),
  },
  { route: 'GET /api/certificates/:code/verification', request: () => ({ url: `/api/certificates/${unknownCode}/verification` }), status: 404 },
];
