import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponEndpoints } from '../../../shared/endpoints/coupons';
import { signedInUser } from '../../auth/access';
import { referralCookieHeader, signReferralAttributions } from './referral-codes';
import { route } from '../../http/route';
import { listReferrals, recordReferralVisit, ReferralRateLimitedError } from './referral-visits';
import { createCoupon, listOwnCoupons, listSiteCoupons, setCouponActive } from './service';

export type CouponsOptions = { referralKey: Buffer };

/** Teachers' coupons, the site's coupons (admins), and teachers' referral links. */
export const couponsRoutes: FastifyPluginAsyncZod<CouponsOptions> = async (app, { referralKey }) => {
  const { db, config } = app;

  route(app, couponEndpoints.getMyCoupons, async (request) => ({ items: await listOwnCoupons(db, signedInUser(request).id) }));

  route(app, couponEndpoints.createCoupon, async (request, reply) => {
    const user = signedInUser(request);
    return reply.status(201).send(await createCoupon(db, { kind: 'teacher', userId: user.id }, request.body));
  });

  route(app, couponEndpoints.updateCoupon, async (request) =>
    setCouponActive(db, { userId: signedInUser(request).id, asAdmin: false }, request.params.id, request.body.active),
  );

  route(app, couponEndpoints.getSiteCoupons, async () => ({ items: await listSiteCoupons(db) }));

  route(app, couponEndpoints.createSiteCoupon, async (request, reply) => {
    const admin = signedInUser(request);
    return reply.status(201).send(await createCoupon(db, { kind: 'site', adminId: admin.id }, request.body));
  });

  route(app, couponEndpoints.updateSiteCoupon, async (request) =>
    setCouponActive(db, { userId: signedInUser(request).id, asAdmin: true }, request.params.id, request.body.active),
  );

  route(app, couponEndpoints.getMyReferrals, async (request) => listReferrals(db, signedInUser(request).id, config.payouts));

  route(app, couponEndpoints.recordReferralVisit, async (request, reply) => {
    const windowMs = config.payouts.referralWindowMs;
    try {
      const attributions = await recordReferralVisit(db, {
        code: request.body.code,
        courseId: request.body.courseId,
        clientAddress: request.ip,
        cookieHeader: request.headers.cookie,
        key: referralKey,
        now: Date.now(),
        windowMs,
      });
      reply.header('set-cookie', referralCookieHeader(signReferralAttributions(referralKey, attributions), { maxAgeMs: windowMs, secure: config.isHttps }));
      return { attributed: true as const };
    } catch (error) {
      if (error instanceof ReferralRateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
};
