import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  { route: 'PUT /api/favourites/:courseId', request: (f) => ({ url: `/api/favourites/${f.courseId}` }) },
  { route: 'DELETE /api/favourites/:courseId', request: (f) => ({ url: `/api/favourites/${f.courseId}` }) },
];
