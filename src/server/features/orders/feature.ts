import { deriveReferralKey } from '../coupons';
import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { cartRoutes } from './cart-routes';
import { createCheckoutExpiryWorker } from './checkout-expiry-job';
import { orderExpiryJob } from './fulfilment';
import { ordersRoutes } from './routes';

/** The cart, checkout, the provider's webhook, refunds, enrolments; the expiry of orders left unpaid, and of abandoned orders' sessions at the provider. */
export const ordersFeature: Feature = async (app, { payments, payouts, secrets }) => {
  const checkoutExpiry = createCheckoutExpiryWorker({ db: app.db, provider: payments, log: app.log });
  addBackgroundJobs(app, [orderExpiryJob(app.db), checkoutExpiry.backgroundJob]);
  // Not awaited: the buyer's checkout never waits for the provider's expiry of the old session.
  const expireAbandonedSessions = () => app.runBackgroundJobNow(checkoutExpiry.backgroundJob);
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api', payments, payouts, referralKey: deriveReferralKey(secrets.auth), expireAbandonedSessions });
};
