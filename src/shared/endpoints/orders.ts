import { z } from 'zod';
import { databaseId, errorResponse, idParams } from '../api-schemas';
import { adminOrder, adminOrdersQuery, orderIdParam, pageOf } from '../schemas/admin';
import { addToCartBody, cartSchema } from '../schemas/cart';
import { checkoutBody, checkoutResponse, confirmOrderBody, enrollmentsResponse, enrollResponse, orderSchema, ordersResponse, playerCourseSchema } from '../schemas/orders';
import { refundOrderBody } from '../schemas/payouts';
import { readErrors, writeErrors } from './admin';
import { defineEndpoint } from './endpoint';

/** Checkout, the provider's webhook, the success page's confirmation; my orders, my courses and free enrolment. */
export const ordersEndpoints = {
  startCheckout: defineEndpoint({
    method: 'POST',
    path: '/api/checkout',
    access: 'user',
    effects: [],
    tags: ['orders'],
    summary: 'Turn my cart into an order and open a checkout session',
    description:
      "The order is priced from the database; any prices or courses in the body are ignored. Answers the URL of the provider's hosted checkout page (or of the success page when every course is free).",
    body: checkoutBody,
    responses: { 201: checkoutResponse, 401: errorResponse, 409: errorResponse, 502: errorResponse },
  }),
  getOrders: defineEndpoint({
    method: 'GET',
    path: '/api/orders',
    access: 'user',
    tags: ['orders'],
    summary:
      'My purchases, newest first (date, courses, total, status): paid, refunded, and checkouts still open; expired and failed checkouts are left out',
    responses: { 200: ordersResponse, 401: errorResponse },
  }),
  confirmOrder: defineEndpoint({
    method: 'POST',
    path: '/api/orders/confirm',
    access: 'user',
    effects: [],
    tags: ['orders'],
    summary: 'Confirm a checkout from the success page',
    description: 'Asks the payment provider whether the session is paid and fulfils the order if so (idempotent). Answers the order and its status.',
    body: confirmOrderBody,
    responses: { 200: orderSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse, 502: errorResponse },
  }),
  getEnrollments: defineEndpoint({
    method: 'GET',
    path: '/api/enrollments',
    access: 'user',
    tags: ['orders'],
    summary: 'My courses (bought or enrolled free) with their progress, last watched first, then the newest bought',
    responses: { 200: enrollmentsResponse, 401: errorResponse },
  }),
  getEnrolledCourse: defineEndpoint({
    method: 'GET',
    path: '/api/enrollments/:courseId',
    access: 'user',
    tags: ['orders'],
    summary: 'A course I bought, for the player',
    params: z.object({ courseId: databaseId }),
    responses: { 200: playerCourseSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  enrollFree: defineEndpoint({
    method: 'POST',
    path: '/api/courses/:id/enroll',
    access: 'user',
    effects: ['catalogue'],
    tags: ['orders'],
    summary: 'Enrol in a free course with one click',
    params: idParams,
    responses: { 201: enrollResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  paymentWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    // Server to server: the provider's signature over the raw body is the permission.
    access: 'public',
    effects: ['catalogue'],
    tags: ['payments'],
    summary: "The payment provider's signed events (Stripe's format and Stripe-Signature header)",
    description:
      'Verifies the Stripe-Signature header (HMAC-SHA256, 5 minute tolerance) over the raw body. checkout.session.completed and checkout.session.async_payment_succeeded fulfil the order once; checkout.session.expired and async_payment_failed close it. A forged or stale signature gets 400 and changes nothing.',
    headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }).loose(),
    responses: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: errorResponse },
  }),
};

/** The signed-in user's cart. */
export const cartEndpoints = {
  getCart: defineEndpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'user',
    tags: ['cart'],
    summary: 'My cart, priced from the database',
    responses: { 200: cartSchema, 401: errorResponse },
  }),
  addToCart: defineEndpoint({
    method: 'POST',
    path: '/api/cart',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Add a course to my cart',
    description:
      '409 COURSE_ALREADY_IN_CART when it is there already, COURSE_ALREADY_OWNED when bought, COURSE_IS_YOURS when created by me; 404 for an unknown or disabled course.',
    body: addToCartBody,
    responses: { 201: cartSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  removeFromCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/cart/:courseId',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Remove a course from my cart',
    params: z.object({ courseId: databaseId }),
    responses: { 200: cartSchema, 400: errorResponse, 401: errorResponse },
  }),
  clearCart: defineEndpoint({
    method: 'DELETE',
    path: '/api/cart',
    access: 'user',
    effects: [],
    tags: ['cart'],
    summary: 'Empty my cart',
    responses: { 200: cartSchema, 401: errorResponse },
  }),
};

/** The admin's view of all orders, and the refund, under /api/admin: admins only. */
export const adminOrderEndpoints = {
  getAdminOrders: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders',
    access: 'admin',
    tags: ['admin'],
    summary: 'Orders, newest first: by default all but the abandoned checkouts (expired, or unpaid past their expiry); or of one payment status, or the abandoned ones; optionally those whose number (as receipts print it) starts with `number`',
    query: adminOrdersQuery,
    responses: { 200: pageOf(adminOrder), ...readErrors },
  }),
  refundOrder: defineEndpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    access: 'admin',
    effects: ['catalogue', 'sessions'],
    tags: ['admin'],
    summary: 'Refund some lines of a paid order, or all of it, through the payment provider and take back the courses refunded',
    description: 'Without `courseIds`, every line not yet refunded. The order becomes refunded when all its lines are.',
    params: orderIdParam,
    body: refundOrderBody,
    responses: { 200: adminOrder, ...writeErrors, 502: errorResponse },
  }),
};
