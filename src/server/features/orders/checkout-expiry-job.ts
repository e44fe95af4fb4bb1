import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { PaymentProvider } from '../../payments/provider';
import { createJobWorker, type JobHandler, type JobWorker } from '../../queue/worker';
import { CHECKOUT_EXPIRY_QUEUE, type CheckoutExpiryPayload } from './abandoned-checkouts';
import { applyProviderSession } from './settlement';

/** The key of the provider's expiry of one order's session: a retry answers the first result. */
export const sessionExpiryKey = (orderId: string) => `expire-${orderId}`;

export function checkoutExpiryHandler({ db, provider, log }: { db: Database; provider: PaymentProvider; log: FastifyBaseLogger }): JobHandler {
  return {
    queue: CHECKOUT_EXPIRY_QUEUE,
    async run(job) {
      const { orderId } = job.payload as CheckoutExpiryPayload;
      const [order] = await db
        .select({ id: orders.id, provider: orders.provider, providerSessionId: orders.providerSessionId, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, orderId));
      // Nothing is open at this provider: a free order, another provider's, or a session not opened
      // yet (the checkout that opens it finds its order abandoned and asks again, see startCheckout).
      if (!order || order.provider !== provider.name || order.providerSessionId === null) return;
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return;
      const session = await provider.expireSession(order.providerSessionId, sessionExpiryKey(order.id));
      if (session.id !== order.providerSessionId || session.orderId !== order.id) {
        throw new Error(`the provider answered another session (${session.id}) for order ${order.id}`);
      }
      if (session.status === 'open') throw new Error(`the provider still has the session of order ${order.id} open`);
      const outcome = await applyProviderSession(db, provider.name, session, log);
      if (outcome === 'fulfilled') log.info({ orderId: order.id }, 'an abandoned checkout had been paid at the provider: order fulfilled');
    },
    async onGiveUp(job, error) {
      log.error({ orderId: (job.payload as CheckoutExpiryPayload).orderId, err: error }, 'the provider session of an abandoned order could not be expired; it ends at its own expiry');
    },
  };
}

/** How often the expiries due are looked for (retries after a provider's failure come due here). */
export const CHECKOUT_EXPIRY_POLL_MS = 60_000;

/** The background job's name: a checkout runs it at once, and tests run it to see the provider's sessions expired. */
export const CHECKOUT_EXPIRY_JOB_NAME = `${CHECKOUT_EXPIRY_QUEUE} worker`;

/**
 * This process's runner of the expiry jobs: a background job polling every minute, and run at
 * once, without being awaited, by a checkout that abandoned orders. A run already going is
 * joined, not doubled.
 */
export function createCheckoutExpiryWorker(options: { db: Database; provider: PaymentProvider; log: FastifyBaseLogger }): JobWorker {
  return createJobWorker({ db: options.db, log: options.log, handler: checkoutExpiryHandler(options), concurrency: 1, pollIntervalMs: CHECKOUT_EXPIRY_POLL_MS });
}
