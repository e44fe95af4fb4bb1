import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';

/**
 * An order the app abandons (a newer checkout replaced it, or the expiry sweep found it past its
 * time) must stop being payable at the provider too: otherwise its hosted page still takes the
 * money, and a coupon priced into it is used once per open session. The abandonment is two
 * writes, ours and the provider's, so it is done as a durable job:
 *
 * 1. the order is marked `expired` and a job of this queue is enqueued, in one transaction;
 * 2. the job expires the session at the provider (idempotent, keyed by the order), then settles
 *    the order from what the provider answers: `expired` leaves it expired; `complete` (the buyer
 *    paid before the expiry reached the provider) fulfils it like any payment.
 *
 * A crash after 1 leaves the job queued (or running with a lease that runs out), and another run
 * does 2 (checkout-expiry-job.ts); a crash inside 2 runs it again, and the same idempotency key answers the same result.
 * A provider that fails is retried with the queue's back-off, and never holds up the buyer.
 */
export const CHECKOUT_EXPIRY_QUEUE = 'checkout-session-expiry';

/** Enough retries, with the queue's doubling back-off (30 s … 30 min), to outlast the order's hour: by then the session ends by itself. */
const EXPIRY_ATTEMPTS = 8;

export type CheckoutExpiryPayload = { orderId: string };

/**
 * Asks for the provider's sessions of these abandoned orders to be expired. Call it with the
 * transaction that marks them expired, so the mark and the job commit together. An order without
 * a provider session (free, or its session not opened yet) is skipped by the job, not here.
 */
export async function enqueueSessionExpiry(tx: Database, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .insert(jobs)
    .values(orderIds.map((orderId) => ({ queue: CHECKOUT_EXPIRY_QUEUE, payload: { orderId } satisfies CheckoutExpiryPayload, ownerId: null, dedupeKey: orderId, maxAttempts: EXPIRY_ATTEMPTS })))
    .onConflictDoNothing({ target: [jobs.queue, jobs.dedupeKey], where: sql`state in ('queued', 'running')` });
}
