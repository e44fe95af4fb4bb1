import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  { route: 'GET /api/favourites', expect: allow.signedIn() },
  { route: 'PUT /api/favourites/:courseId', request: (f) => ({ url: `/api/favourites/${f.courseId}` }), expect: allow.signedIn() },
  { route: 'DELETE /api/favourites/:courseId', request: (f) => ({ url: `/api/favourites/${f.courseId}` }), expect: allow.signedIn() },
];
