import { z } from 'zod';
import { errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { adminPayoutsSchema, onboardingLinkSchema, payoutTransferSchema, teacherEarningsSchema } from '../schemas/payouts';
import { defineEndpoint } from './endpoint';

/** A teacher's payout account at the payment provider: opening it and its hosted onboarding. */
export const payoutAccountEndpoints = {
  startPayoutOnboarding: defineEndpoint({
    method: 'POST',
    path: '/api/payouts/onboarding',
    access: 'user',
    effects: [],
    tags: ['payouts'],
    summary: "Open (or resume) my payout account's onboarding at the payment provider",
    description:
      "Creates the teacher's connected account the first time (Stripe Connect, Express), then answers a single-use link to the provider's hosted onboarding, which comes back to /coursescreated/earnings. Only a teacher who has created a course may start (409 PAYOUTS_NEED_A_COURSE).",
    responses: { 200: onboardingLinkSchema, 401: errorResponse, 409: errorResponse, 502: errorResponse },
  }),
  refreshPayoutOnboarding: defineEndpoint({
    method: 'GET',
    path: '/api/payouts/onboarding/refresh',
    access: 'user',
    tags: ['payouts'],
    summary: "Where the provider sends a teacher whose onboarding link expired: redirects to a new one",
    description: '404 PAYOUT_ACCOUNT_NOT_FOUND when the caller has not started onboarding (POST /api/payouts/onboarding).',
    responses: { 302: z.null(), 401: errorResponse, 404: errorResponse, 502: errorResponse },
  }),
};

/** Teachers get paid: earnings and transfers; the admin's view of every balance. */
export const payoutsEndpoints = {
  getEarnings: defineEndpoint({
    method: 'GET',
    path: '/api/payouts/earnings',
    access: 'user',
    tags: ['payouts'],
    summary: 'My earnings as a teacher: pending, available and paid balances, each sale with its share and fee, the next transfer date, transfers and reversals',
    responses: { 200: teacherEarningsSchema, 401: errorResponse },
  }),
  exportEarnings: defineEndpoint({
    method: 'GET',
    path: '/api/payouts/earnings.csv',
    access: 'user',
    tags: ['payouts'],
    summary: 'My earnings, one sold line per row, as CSV',
    responses: { 200: withAnswerHeaders(mediaAnswer(['text/csv']), { 'content-disposition': 'attachment; filename="earnings.csv"' }), 401: errorResponse },
  }),
  getAdminPayouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts',
    access: 'admin',
    tags: ['admin', 'payouts'],
    summary: "Every teacher's balance, the totals (gross, fees, refunds, transferred), failed transfers and the last reconciliation",
    responses: { 200: adminPayoutsSchema, 401: errorResponse, 403: errorResponse },
  }),
  retryPayoutTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payouts/transfers/:id/retry',
    access: 'admin',
    effects: [],
    tags: ['admin', 'payouts'],
    summary: 'Try a failed transfer again (with the same idempotency key, so it can never pay twice)',
    params: z.object({ id: z.uuid() }),
    responses: { 200: payoutTransferSchema, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 502: errorResponse },
  }),
};

const runSummary = z.object({
  /** The moment the run took as "now". */
  at: z.iso.datetime(),
  /** Lines whose hold ended in this run (pending → available). */
  released: z.number().int(),
  /** The transfers this run made (sent) or tried (failed). */
  transfers: z.array(
    z.object({
      id: z.uuid(),
      orderId: z.uuid(),
      teacherId: z.string(),
      amountCents: z.number().int(),
      status: z.enum(['pending', 'sent', 'failed']),
      failureReason: z.string().nullable(),
    }),
  ),
});

/** Served only by a development server with the built-in test payment provider, and only to this machine. */
export const devPayoutsEndpoints = {
  runDevPayouts: defineEndpoint({
    method: 'POST',
    path: '/api/dev/payouts/run',
    // No account can run it: it answers only this machine, and only on a development server with test payments.
    access: 'public',
    // The ledger and transfers only: nothing this process keeps a copy of.
    effects: [],
    body: z.object({ at: z.iso.datetime({ offset: true }) }),
    tags: ['development'],
    summary: 'Run the payout transfer job once as of the given moment (development servers with the test payment provider only; from this machine only)',
    description:
      'The injectable clock of the end-to-end tests: holds that end by `at` are released, refunds settled, reversals made and the available shares transferred, exactly as the job that runs every 15 minutes would at that moment.',
    responses: { 200: runSummary, 400: errorResponse, 404: errorResponse },
  }),
};
