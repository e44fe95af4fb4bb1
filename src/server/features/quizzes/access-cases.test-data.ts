import type { AccessRule } from '../../access-cases.test-support';

// The table's fixture has no quiz: its lesson is the course's intro video, so every admitted
// caller is answered 404 (not a quiz lesson, or no such attempt). The quiz tests (quizzes.test.ts)
// call the same routes on real quizzes and attempts as buyers, strangers, owners and admins.
const attemptId = '00000000-0000-4000-8000-000000000000';
const quiz = (fixture: { courseId: number; lessonId: number }) => `/api/courses/${fixture.courseId}/quizzes/${fixture.lessonId}`;
const settings = { passingPercent: 70, maxAttempts: null, waitMinutes: 0, timeLimitMinutes: null, shuffleQuestions: false, shuffleChoices: false, drawCount: null };

export const accessRules: AccessRule[] = [
  { route: 'GET /api/courses/:id/quizzes/:lessonId', request: (fixture) => ({ url: quiz(fixture) }), status: 404 },
  { route: 'PUT /api/courses/:id/quizzes/:lessonId', request: (fixture) => ({ url: quiz(fixture), payload: { settings, questions: [] } }), status: 404 },
  { route: 'POST /api/courses/:id/quizzes/:lessonId/gift', request: (fixture) => ({ url: `${quiz(fixture)}/gift`, payload: { text: '::Q:: ¿Sí? {T}' } }), status: 404 },
  { route: 'GET /api/courses/:id/quizzes/:lessonId/gift', request: (fixture) => ({ url: `${quiz(fixture)}/gift` }), status: 404 },
  { route: 'GET /api/courses/:id/quizzes/:lessonId/statistics', request: (fixture) => ({ url: `${quiz(fixture)}/statistics` }), status: 404 },
  { route: 'GET /api/lessons/:lessonId/quiz', request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/quiz` }), status: 404 },
  { route: 'POST /api/lessons/:lessonId/quiz/attempts', request: (fixture) => ({ url: `/api/lessons/${fixture.lessonId}/quiz/attempts` }), status: 404 },
  { route: 'GET /api/quiz-attempts/:attemptId', request: () => ({ url: `/api/quiz-attempts/${attemptId}` }), status: 404 },
  { route: 'PUT /api/quiz-attempts/:attemptId/answers', request: () => ({ url: `/api/quiz-attempts/${attemptId}/answers`, payload: { answers: {} } }), status: 404 },
  { route: 'POST /api/quiz-attempts/:attemptId/submission', request: () => ({ url: `/api/quiz-attempts/${attemptId}/submission`, payload: { answers: {} } }), status: 404 },
  { route: 'GET /api/quiz-attempts/:attemptId/result', request: () => ({ url: `/api/quiz-attempts/${attemptId}/result` }), status: 404 },
];
