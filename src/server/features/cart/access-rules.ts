import { allow, type AccessRule } from '../../access-rules';

export const accessRules: AccessRule[] = [
  { route: 'GET /api/cart', expect: allow.signedIn() },
  {
    route: 'POST /api/cart',
    request: (fixture) => ({ url: '/api/cart', payload: { courseId: fixture.courseId } }),
    // The buyer owns the course and the owner created it: neither may put it in a cart.
    expect: { visitor: 401, disabled: 401, other: 201, buyer: 409, owner: 409, admin: 201 },
  },
  {
    route: 'DELETE /api/cart/:courseId',
    request: (fixture) => ({ url: `/api/cart/${fixture.courseId}` }),
    expect: allow.signedIn(),
  },
  { route: 'DELETE /api/cart', expect: allow.signedIn() },
];
