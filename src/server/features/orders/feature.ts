import { deriveReferralKey } from '../coupons/referral-codes';
import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { createCheckoutExpiryWorker } from './checkout-expiry-job';
import { orderExpiryJob } from './fulfilment';
import { ordersRoutes } from './routes';

/** Checkout, the provider's webhook, refunds, enrolments; the expiry of orders left unpaid, and of abandoned orders' sessions at the provider. */
export const ordersFeature: Feature = async (app, { payments, payouts, secrets }) => {
  const checkoutExpiry = createCheckoutExpiryWorker({ db: app.db, provider: payments, log: app.log });
  addBackgroundJobs(app, [orderExpiryJob(app.db), checkoutExpiry.backgroundJob]);
  // Not awaited: the buyer's checkout never waits for the provider's expiry of the old session.
  const expireAbandonedSessions = () => app.runBackgroundJobNow(checkoutExpiry.backgroundJob);
  await app.register(ordersRoutes, { prefix: '/api', payments, payouts, referralKey: deriveReferralKey(secrets.auth), expireAbandonedSessions });
};
