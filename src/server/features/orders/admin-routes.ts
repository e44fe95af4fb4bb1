import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/api-schemas';
import { adminOrder, adminOrdersQuery, orderIdParam, pageOf } from '../../../shared/schemas/admin';
import { signedInUser } from '../../auth/access';
import type { PaymentProvider } from '../../payments/provider';
import { listOrders, refundOrder } from './admin-orders';

const refusals = { 401: errorResponse, 403: errorResponse };
const readErrors = { ...refusals, 400: errorResponse, 404: errorResponse };
const writeErrors = { ...readErrors, 409: errorResponse };

/** The admin's view of all orders, and the refund, under /api/admin. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (app, { payments }) => {
  const { db } = app;

  app.get(
    '/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'All orders, newest first, optionally of one payment status',
        querystring: adminOrdersQuery,
        response: { 200: pageOf(adminOrder), ...readErrors },
      },
    },
    async (request) => listOrders(db, request.query),
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order through the payment provider and take back the courses it granted',
        params: orderIdParam,
        response: { 200: adminOrder, ...writeErrors, 502: errorResponse },
      },
    },
    async (request) => refundOrder(db, signedInUser(request).id, request.params.id, payments),
  );
};
