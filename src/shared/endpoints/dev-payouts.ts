import { z } from 'zod';
import { errorResponse } from '../api-schemas';
import { defineEndpoint } from './endpoint';

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
