import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { devPayoutClockRoutes } from './dev-clock';
import { payoutAccountRoutes } from './onboarding-routes';
import { reconciliationJob } from './reconciliation';
import { payoutsRoutes } from './routes';
import { payoutTransferJob } from './transfers';

/**
 * Teachers get paid: their payout accounts (Stripe Connect, Express: opening one and its hosted
 * onboarding; its state follows the provider's `account.updated`), the ledger's balances, the
 * transfer job (holds, transfers, reversals), the daily reconciliation with the provider, the
 * teacher's earnings and the admin's view.
 */
export const payoutsFeature: Feature = async (app, { payments, payouts }) => {
  addBackgroundJobs(app, [payoutTransferJob(app.db, payouts, { holdDays: app.config.payouts.holdDays, log: app.log }), reconciliationJob(app.db, payouts, app.log)]);
  await app.register(payoutAccountRoutes, { prefix: '/api', payments, payouts });
  await app.register(payoutsRoutes, { prefix: '/api', payouts });
  // The job's clock, for development and the browser's tests: only where no real money can move.
  if (!app.config.isProduction && payments.name === 'test') await app.register(devPayoutClockRoutes, { prefix: '/api', payouts });
};
