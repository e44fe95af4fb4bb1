import type { AccessRule } from '../../access-cases.test-support';

export const accessRules: AccessRule[] = [
  // Every signed-in user has earnings (their own; none yet for most): GET /api/payouts/earnings and .csv answer 200 from the access alone.
  // No such transfer: the admin passes the guard and is told so.
  {
    route: 'POST /api/admin/payouts/transfers/:id/retry',
    request: () => ({ url: '/api/admin/payouts/transfers/00000000-0000-4000-8000-000000000000/retry', payload: {} }),
    status: 404,
  },
  // The development clock answers this machine (inject's 127.0.0.1) whoever asks; elsewhere it is 404 (dev-clock.test.ts).
  { route: 'POST /api/dev/payouts/run', request: () => ({ url: '/api/dev/payouts/run', payload: { at: new Date().toISOString() } }) },
];
