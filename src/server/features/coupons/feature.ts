import type { Feature } from '../../feature';
import { deriveReferralKey } from './referral-codes';
import { couponsRoutes } from './routes';

/** Coupons of teachers and of the site, and teachers' referral links. */
export const couponsFeature: Feature = async (app, { secrets }) => {
  await app.register(couponsRoutes, { prefix: '/api', referralKey: deriveReferralKey(secrets.auth) });
};
