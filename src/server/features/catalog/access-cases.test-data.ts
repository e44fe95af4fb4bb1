import type { AccessRule } from '../../access-cases.test-support';

// The catalogue is public; reading it never looks at the session, so even a disabled
// account's token reads it like a visitor.
export const accessRules: AccessRule[] = [
  { route: 'GET /api/courses', request: (f) => ({ url: `/api/courses?categoryId=${f.categoryId}&q=python` }) },
  { route: 'GET /api/courses/suggestions', request: () => ({ url: '/api/courses/suggestions?q=pyth' }) },
  { route: 'GET /api/courses/:id', request: (f) => ({ url: `/api/courses/${f.courseId}` }) },
  // The owner teaches the fixture's active course: a public profile for everyone.
  { route: 'GET /api/teachers/:id', request: (f) => ({ url: `/api/teachers/${f.userIds.owner}` }) },
  { route: 'GET /api/catalog/stats', request: () => ({ url: '/api/catalog/stats' }) },
];
