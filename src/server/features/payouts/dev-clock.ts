import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devPayoutsEndpoints } from '../../../shared/endpoints/payouts';
import { AppError } from '../../errors';
import { isLoopback } from '../../http/loopback';
import { route } from '../../http/route';
import type { PayoutProvider } from '../../payments/provider';
import { runPayouts } from './transfers';

/**
 * The payouts' injectable clock for development and the browser's end-to-end tests: one run of
 * the transfer job as of a given moment, so that a hold of days passes in a request. It moves
 * (test) money, so it is registered only on a development server whose payments go through the
 * built-in test provider (never in production, never with Stripe), and answers only requests
 * from this machine: 404 to anyone else, as if it did not exist.
 */
export const devPayoutClockRoutes: FastifyPluginAsyncZod<{ payouts: PayoutProvider }> = async (app, { payouts }) => {
  route(app, devPayoutsEndpoints.runDevPayouts, async (request) => {
    if (!isLoopback(request.ip)) throw new AppError('NOT_FOUND', 'Not found');
    const at = new Date(request.body.at);
    const { released, transfers } = await runPayouts(app.db, payouts, { now: at, holdDays: app.config.payouts.holdDays, log: request.log });
    return {
      at: at.toISOString(),
      released,
      transfers: transfers.map((row) => ({ id: row.id, orderId: row.orderId, teacherId: row.teacherId, amountCents: row.amountCents, status: row.status, failureReason: row.failureReason })),
    };
  });
};
