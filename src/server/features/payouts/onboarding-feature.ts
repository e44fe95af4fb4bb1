import type { Feature } from '../../feature';
import { payoutAccountRoutes } from './onboarding-routes';

/** Teachers' payout accounts (Stripe Connect, Express): opening one and its hosted onboarding; its state follows the provider's `account.updated`. */
export const payoutAccountsFeature: Feature = async (app, { payments, payouts }) => {
  await app.register(payoutAccountRoutes, { prefix: '/api', payments, payouts });
};
