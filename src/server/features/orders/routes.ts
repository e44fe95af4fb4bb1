import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseId, errorResponse, idParams } from '../../../shared/api-schemas';
import {
  checkoutBody,
  checkoutResponse,
  confirmOrderBody,
  enrollmentsResponse,
  enrollResponse,
  orderSchema,
  ordersResponse,
  playerCourseSchema,
} from '../../../shared/schemas/orders';
import { signedInUser } from '../../auth/access';
import type { PaymentProvider } from '../../payments/provider';
import { adminOrderRoutes } from './admin-routes';
import { returnUrls } from './return-urls';
import { confirmCheckout, enrollFree, getEnrolledCourse, listEnrollments, listMyOrders, startCheckout } from './service';
import { webhookRoutes } from './webhook-routes';

export type OrdersOptions = { payments: PaymentProvider };

/**
 * Every change of an order's state: checkout, the provider's webhook, the success page's
 * confirmation, the admin's refund; and my orders, my courses and free enrolment.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersOptions> = async (app, { payments }) => {
  await app.register(webhookRoutes, { payments });
  await app.register(adminOrderRoutes, { prefix: '/admin', payments });

  app.post(
    '/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Turn my cart into an order and open a checkout session',
        description:
          'The order is priced from the database; any prices or courses in the body are ignored. Answers the URL of the provider\'s hosted checkout page (or of the success page when every course is free).',
        body: checkoutBody,
        response: { 201: checkoutResponse, 401: errorResponse, 409: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const result = await startCheckout({ db: app.db, provider: payments, log: request.log, ...returnUrls(app.config.publicUrl) }, user, request.body?.locale);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'My purchases, newest first (date, courses, total, status): paid, refunded, and checkouts still open; expired and failed checkouts are left out',
        response: { 200: ordersResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { items: await listMyOrders(app.db, user.id) };
    },
  );

  app.post(
    '/orders/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Confirm a checkout from the success page',
        description: 'Asks the payment provider whether the session is paid and fulfils the order if so (idempotent). Answers the order and its status.',
        body: confirmOrderBody,
        response: { 200: orderSchema, 400: errorResponse, 401: errorResponse, 404: errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return confirmCheckout(app.db, payments, user, request.body.sessionId, request.log);
    },
  );

  app.get(
    '/enrollments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'My courses (bought or enrolled free), newest first',
        response: { 200: enrollmentsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { items: await listEnrollments(app.db, user.id) };
    },
  );

  app.get(
    '/enrollments/:courseId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'A course I bought, for the player',
        params: z.object({ courseId: databaseId }),
        response: { 200: playerCourseSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return getEnrolledCourse(app.db, user.id, request.params.courseId);
    },
  );

  app.post(
    '/courses/:id/enroll',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Enrol in a free course with one click',
        params: idParams,
        response: { 201: enrollResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send(await enrollFree(app.db, user.id, request.params.id));
    },
  );
};
