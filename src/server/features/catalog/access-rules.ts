import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  // The catalogue is public; reading it never looks at the session, so even a disabled
  // account's token reads it like a visitor.
  { route: 'GET /api/courses', request: (f) => ({ url: `/api/courses?categoryId=${f.categoryId}&q=python` }), expect: allow.everyone() },
  { route: 'GET /api/courses/suggestions', request: () => ({ url: '/api/courses/suggestions?q=pyth' }), expect: allow.everyone() },
  { route: 'GET /api/courses/:id', request: (f) => ({ url: `/api/courses/${f.courseId}` }), expect: allow.everyone() },
  { route: 'GET /api/categories', expect: allow.everyone() },
];
