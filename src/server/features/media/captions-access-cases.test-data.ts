import type { AccessRule } from '../../access-cases.test-support';

const captions = { fileName: 'captions.vtt', text: 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHola\n' };

// The fixture's lesson is its intro, a video lesson. Writes use English; the public intro's
// captions are asked in Spanish, which no rule attaches: 404 whatever ran before.
export const accessRules: AccessRule[] = [
  { route: 'GET /api/courses/:id/lessons/:lessonId/captions', request: (f) => ({ url: `/api/courses/${f.courseId}/lessons/${f.lessonId}/captions` }) },
  { route: 'PUT /api/courses/:id/lessons/:lessonId/captions/:language', request: (f) => ({ url: `/api/courses/${f.courseId}/lessons/${f.lessonId}/captions/en`, payload: captions }) },
  { route: 'DELETE /api/courses/:id/lessons/:lessonId/captions/:language', request: (f) => ({ url: `/api/courses/${f.courseId}/lessons/${f.lessonId}/captions/en` }) },
  { route: 'GET /api/videos/courses/:courseId/intro/captions/:language', request: (f) => ({ url: `/api/videos/courses/${f.courseId}/intro/captions/es` }), status: 404 },
  // The signed link is the permission, as for the video's files.
  { route: 'GET /api/videos/captions/:token/:language', request: () => ({ url: '/api/videos/captions/zzzzzz.AAAAAAAAAAAAAAAAAAAAAA.demo/es' }), status: 403 },
];
