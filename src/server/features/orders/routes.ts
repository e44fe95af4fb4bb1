import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ordersEndpoints } from '../../../shared/endpoints/orders';
import { signedInUser } from '../../auth/access';
import { readReferralAttributions } from '../coupons';
import { route } from '../../http/route';
import type { PaymentProvider, PayoutProvider } from '../../payments/provider';
import { adminOrderRoutes } from './admin-routes';
import { returnUrls } from './return-urls';
import { confirmCheckout, enrollFree, getEnrolledCourse, listEnrollments, listMyOrders, startCheckout } from './service';
import { webhookRoutes } from './webhook-routes';

/** `referralKey` checks the referral cookie's signature (`features/coupons/referral-codes.ts`). */
export type OrdersOptions = { payments: PaymentProvider; payouts: PayoutProvider; referralKey: Buffer; expireAbandonedSessions: () => void };

/**
 * Every change of an order's state: checkout, the provider's webhook, the success page's
 * confirmation, the admin's refund; and my orders, my courses and free enrolment.
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersOptions> = async (app, { payments, payouts, referralKey, expireAbandonedSessions }) => {
  await app.register(webhookRoutes, { payments });
  await app.register(adminOrderRoutes, { prefix: '/admin', payments, payouts });

  route(app, ordersEndpoints.startCheckout, async (request, reply) => {
    const user = signedInUser(request);
    const { platformFeeBasisPoints, referralFeeBasisPoints, referralMinDiscountPercent, referralWindowMs } = app.config.payouts;
    const referrals = readReferralAttributions(request.headers.cookie, referralKey, Date.now(), referralWindowMs);
    const result = await startCheckout(
      { db: app.db, provider: payments, platformFeeBasisPoints, referralFeeBasisPoints, referralMinDiscountPercent, log: request.log, expireAbandonedSessions, ...returnUrls(app.config.publicUrl) },
      user,
      request.body?.locale,
      referrals,
    );
    return reply.status(201).send(result);
  });

  route(app, ordersEndpoints.getOrders, async (request) => {
    const user = signedInUser(request);
    return { items: await listMyOrders(app.db, user.id) };
  });

  route(app, ordersEndpoints.confirmOrder, async (request) => {
    const user = signedInUser(request);
    return confirmCheckout(app.db, payments, user, request.body.sessionId, request.log);
  });

  route(app, ordersEndpoints.getEnrollments, async (request) => {
    const user = signedInUser(request);
    return { items: await listEnrollments(app.db, user.id) };
  });

  route(app, ordersEndpoints.getEnrolledCourse, async (request) => {
    const user = signedInUser(request);
    return getEnrolledCourse(app.db, user.id, request.params.courseId);
  });

  route(app, ordersEndpoints.enrollFree, async (request, reply) => {
    const user = signedInUser(request);
    return reply.status(201).send(await enrollFree(app.db, user.id, request.params.id));
  });
};
