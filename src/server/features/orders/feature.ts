import { deriveReferralKey } from '../../domain/referrals';
import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { orderExpiryJob } from './fulfilment';
import { ordersRoutes } from './routes';

/** Checkout, the provider's webhook, refunds, enrolments; and the expiry of orders left unpaid. */
export const ordersFeature: Feature = async (app, { payments, payouts, secrets }) => {
  addBackgroundJobs(app, [orderExpiryJob(app.db)]);
  await app.register(ordersRoutes, { prefix: '/api', payments, payouts, referralKey: deriveReferralKey(secrets.auth) });
};
