import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  {
    route: 'POST /api/cart',
    request: (fixture) => ({ url: '/api/cart', payload: { courseId: fixture.courseId } }),
    status: 201,
    // The buyer owns the course and the owner created it: neither may put it in a cart.
    except: { buyer: 409, owner: 409 },
  },
  { route: 'DELETE /api/cart/:courseId', request: (fixture) => ({ url: `/api/cart/${fixture.courseId}` }) },
];
