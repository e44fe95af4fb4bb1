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
  // The fixture has no coupon: every admitted caller is told the code is unknown.
  { route: 'PUT /api/cart/coupon', request: () => ({ url: '/api/cart/coupon', payload: { code: 'NO-SUCH-CODE' } }), status: 404 },
  { route: 'DELETE /api/cart/coupon' },
];
