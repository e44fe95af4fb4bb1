import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderEndpoints } from '../../../shared/endpoints/orders';
import { signedInUser } from '../../auth/access';
import { route } from '../../http/route';
import type { PaymentProvider, PayoutProvider } from '../../payments/provider';
import { listOrders, refundOrder } from './admin-orders';

/** The admin's view of all orders, and the refund, under /api/admin. */
export const adminOrderRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider; payouts: PayoutProvider }> = async (app, { payments, payouts }) => {
  const { db } = app;

  route(app, adminOrderEndpoints.getAdminOrders, async (request) => listOrders(db, request.query));

  route(app, adminOrderEndpoints.refundOrder, async (request) =>
    refundOrder(db, signedInUser(request).id, request.params.id, payments, { courseIds: request.body?.courseIds, payouts, log: request.log }),
  );
};
