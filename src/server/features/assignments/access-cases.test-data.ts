import { randomUUID } from 'node:crypto';
import type { AccessRule } from '../../access-cases.test-support';

/**
 * Assignments' routes. The fixture's lesson is a free-preview video lesson, no assignment: the
 * admitted callers get 404 where a route needs an assignment or a hand-in (who may reach what
 * is tested in assignments.test.ts).
 */
export const accessRules: AccessRule[] = [
  { route: 'GET /api/courses/:id/assignments/:lessonId', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/assignments/${fixture.lessonId}` }), status: 404 },
  {
    route: 'PUT /api/courses/:id/assignments/:lessonId',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/assignments/${fixture.lessonId}`, payload: { instructions: 'Entrega un ensayo', grading: { grading: 'pass-fail' } } }),
    status: 404,
  },
  { route: 'GET /api/teaching/assignment-queue' },
  { route: 'GET /api/courses/:id/assignment-submissions/:submissionId', request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/assignment-submissions/${randomUUID()}` }), status: 404 },
  {
    route: 'PUT /api/courses/:id/assignment-submissions/:submissionId/returned-file',
    request: (fixture) => ({
      url: `/api/courses/${fixture.courseId}/assignment-submissions/${randomUUID()}/returned-file?fileName=notas.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    }),
    status: 404,
  },
  {
    route: 'POST /api/courses/:id/assignment-submissions/:submissionId/review',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/assignment-submissions/${randomUUID()}/review`, payload: { outcome: 'grade', passed: true, feedback: '' } }),
    status: 404,
  },
  { route: 'GET /api/lessons/:lessonId/assignment', request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/assignment` }), status: 404 },
  {
    route: 'PUT /api/lessons/:lessonId/assignment/file',
    request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/assignment/file?fileName=a.pdf`, headers: { 'content-type': 'application/pdf' }, payload: Buffer.from('%PDF-1.4\n%%EOF\n') }),
    status: 404,
  },
  // Nothing uploaded: nothing to remove, for anyone.
  { route: 'DELETE /api/lessons/:lessonId/assignment/file', request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/assignment/file` }), status: 204 },
  {
    route: 'POST /api/lessons/:lessonId/assignment/submissions',
    request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/assignment/submissions`, payload: { answerText: 'Mi trabajo', withFile: false } }),
    status: 404,
  },
  { route: 'GET /api/assignments/mine' },
  { route: 'GET /api/assignment-submissions/:submissionId/file', request: () => ({ url: `/api/assignment-submissions/${randomUUID()}/file` }), status: 404 },
  { route: 'GET /api/assignment-submissions/:submissionId/returned-file', request: () => ({ url: `/api/assignment-submissions/${randomUUID()}/returned-file` }), status: 404 },
];
