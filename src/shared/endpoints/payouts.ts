import { z } from 'zod';
import { errorResponse, mediaAnswer, withAnswerHeaders } from '../api-schemas';
import { adminPayoutsSchema, onboardingLinkSchema, payoutTransferSchema, teacherEarningsSchema } from '../schemas/payouts';
import { defineEndpoint } from './endpoint';

/**
 * The teacher's payout account at the provider (Stripe Connect onboarding). Served once the
 * providers' Connect side is in place; kept apart from `payoutsEndpoints` so that the table
 * lists only the endpoints the server answers.
 */
export const payoutAccountEndpoints = {
  startPayoutOnboarding: defineEndpoint({
    method: 'POST',
    path: '/api/payouts/onboarding',
    access: 'user',
    effects: [],
    tags: ['payouts'],
    summary: "Open (or resume) my payout account's onboarding at the payment provider",
    description:
      "Creates the teacher's connected account the first time (Stripe Connect, Express), then answers a single-use link to the provider's hosted onboarding, which comes back to /coursescreated/earnings.",
    responses: { 200: onboardingLinkSchema, 401: errorResponse, 409: errorResponse, 502: errorResponse },
  }),
  refreshPayoutOnboarding: defineEndpoint({
    method: 'GET',
    path: '/api/payouts/onboarding/refresh',
    access: 'user',
    tags: ['payouts'],
    summary: "Where the provider sends a teacher whose onboarding link expired: redirects to a new one",
    responses: { 302: z.null(), 401: errorResponse, 404: errorResponse, 502: errorResponse },
  }),
};

/** Teachers get paid: earnings and transfers; the admin's view of every balance, failed transfers and the reconciliation. */
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
