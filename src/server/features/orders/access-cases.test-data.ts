import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  // Every caller's cart is empty in the fixture: signed-in callers reach the checkout and are told so.
  { route: 'POST /api/checkout', request: () => ({ url: '/api/checkout', payload: {} }), status: 409 },
  {
    route: 'POST /api/orders/confirm',
    request: () => ({ url: '/api/orders/confirm', payload: { sessionId: 'cs_test_not_an_order_of_yours' } }),
    status: 404,
  },
  {
    route: 'GET /api/enrollments/:courseId',
    request: (fixture) => ({ url: `/api/enrollments/${fixture.courseId}` }),
    // Only the buyer holds the course; its owner and admins have other screens for it.
    except: { other: 403, owner: 403, admin: 403 },
  },
  {
    route: 'POST /api/courses/:id/enroll',
    request: (fixture) => ({ url: `/api/courses/${fixture.courseId}/enroll`, payload: {} }),
    // The fixture course costs US$ 19.99: nobody gets it with one click (owner and buyer are told they have it).
    status: 409,
  },
  {
    // Public by design (the provider calls it); only a valid signature gets anything done.
    route: 'POST /api/payments/webhook',
    request: () => ({
      url: '/api/payments/webhook',
      payload: { id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } },
      headers: { 'stripe-signature': 't=1,v1=forged' },
    }),
    status: 400,
  },
  // The fixture's purchase has no order: the admin passes the guard and is told the order is not there.
  {
    route: 'POST /api/admin/orders/:id/refund',
    request: () => ({ url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/refund' }),
    status: 404,
  },
];
