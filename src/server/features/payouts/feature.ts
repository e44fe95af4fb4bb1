import type { Feature } from '../../feature';
import { addBackgroundJobs } from '../../jobs';
import { reconciliationJob } from './reconciliation';
import { payoutsRoutes } from './routes';
import { payoutTransferJob } from './transfers';

/**
 * Teachers get paid: the ledger's balances, the transfer job (holds, transfers, reversals), the
 * daily reconciliation with the provider, the teacher's earnings and the admin's view.
 */
export const payoutsFeature: Feature = async (app, { payouts }) => {
  addBackgroundJobs(app, [payoutTransferJob(app.db, payouts, { holdDays: app.config.payouts.holdDays, log: app.log }), reconciliationJob(app.db, payouts, app.log)]);
  await app.register(payoutsRoutes, { prefix: '/api', payouts });
};
